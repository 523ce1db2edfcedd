package bundle

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evanw/esbuild/pkg/api"

	"github.com/skillstudio/skillstudio/formats/xgs"
	"github.com/skillstudio/skillstudio/internal/ruletest"
	"github.com/skillstudio/skillstudio/model"
)

// ruleCase produces the findings of one build scenario.
type ruleCase func(t *testing.T) []model.Diagnostic

func buildFindings(t *testing.T, path string, src []byte) []model.Diagnostic {
	r := Build(path, src, Options{})
	return append(append([]model.Diagnostic(nil), r.Errors...), r.Warnings...)
}

func fixture(name string) ruleCase {
	return func(t *testing.T) []model.Diagnostic { return buildFindings(t, name, nil) }
}

func registryFindings(paths ...string) ruleCase {
	return func(t *testing.T) []model.Diagnostic {
		var results []*Result
		for _, p := range paths {
			src, _ := os.ReadFile(p)
			r := Build(filepath.Join(t.TempDir(), filepath.Base(p)), src, Options{})
			results = append(results, &r)
		}
		NewRegistry(results)
		var out []model.Diagnostic
		for _, r := range results {
			out = append(out, r.Errors...)
		}
		return out
	}
}

// ruleCases: for every rule, a scenario that reports it and one that does
// not.
var ruleCases = map[string]struct{ fail, pass ruleCase }{
	"xgs/build-header": {
		fail: fixture("testdata/broken/bad-namespace.xgs.js"),
		pass: fixture("testdata/skills/base-kit.xgs.js"),
	},
	"xgs/build-detect": {
		fail: func(t *testing.T) []model.Diagnostic {
			h, _ := xgs.ParseHeader([]byte("// ==XGooseSkill==\n// @detect a b\n// ==/XGooseSkill==\n"))
			m := messageMapper{absPath: "/s.xgs.js", display: "s.xgs.js", header: h}
			return m.diagnostics([]api.Message{{Text: `Expected ")" but found "b"`, Location: &api.Location{File: "xgoose:xgoose:entry", Line: entryDetectLine, Column: 2}}}, "xgs/build-error")
		},
		pass: fixture("testdata/skills/text-kit.xgs.js"), // has a valid @detect
	},
	"xgs/build-error": {
		fail: fixture("testdata/broken/syntax-error.xgs.js"),
		pass: fixture("testdata/skills/schema-zoo.xgs.js"),
	},
	"xgs/build-warning": {
		fail: func(t *testing.T) []model.Diagnostic {
			src, _ := os.ReadFile("testdata/skills/base-kit.xgs.js")
			return buildFindings(t, filepath.Join(t.TempDir(), "base-kit.xgs.js"),
				[]byte(strings.Replace(string(src), "async ({ who }) =>", "async ({ who }) => who == -0 ? 0 :", 1)))
		},
		pass: fixture("testdata/skills/base-kit.xgs.js"),
	},
	"xgs/build-duplicate-name": {
		fail: registryFindings("testdata/skills/base-kit.xgs.js", "testdata/skills/base-kit.xgs.js"),
		pass: registryFindings("testdata/skills/base-kit.xgs.js", "testdata/skills/text-kit.xgs.js"),
	},
	"xgs/build-require-cycle": {
		fail: registryFindings("testdata/cycle/cycle-a.xgs.js", "testdata/cycle/cycle-b.xgs.js"),
		pass: registryFindings("testdata/skills/greeter-plus.xgs.js", "testdata/skills/base-kit.xgs.js"),
	},
}

// TestRules runs ruleCases through the shared harness.
func TestRules(t *testing.T) {
	var cases []ruletest.Case
	for id, c := range ruleCases {
		cases = append(cases, ruletest.Fails(id, "scenario", c.fail), ruletest.Passes(id, "scenario", c.pass))
	}
	ruletest.Run(t, Rules, cases, ruletest.Options{})
}
