package templates

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/skillstudio/skillstudio/formats/xgs/bundle"
	"github.com/skillstudio/skillstudio/model"
)

// The .xgs.js templates must build with skillstudio's bundler and run:
// each built file is loaded in the bundle package's Node harness (a page
// realm with a stub window, document and fetch), every function is called
// with its first example, and __meta__ names the skill. Skipped without
// Node, which skillstudio itself never needs.

type pageStep struct {
	Load string `json:"load,omitempty"`
	Eval string `json:"eval,omitempty"`
}

type pageResult struct {
	OK    bool            `json:"ok"`
	Value json.RawMessage `json:"value"`
	Error string          `json:"error"`
}

func runHarness(t *testing.T, steps ...pageStep) []pageResult {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: running built bundles needs Node.js (e.g. apt-get install nodejs)")
	}
	harness, err := filepath.Abs(filepath.Join("..", "formats", "xgs", "bundle", "testdata", "node", "harness.cjs"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(harness); err != nil {
		t.Skipf("the bundle package's Node harness is missing: %v", err)
	}
	plan, _ := json.Marshal(map[string]any{"steps": steps})
	planFile := filepath.Join(t.TempDir(), "plan.json")
	if err := os.WriteFile(planFile, plan, 0o644); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd := exec.Command(node, harness, planFile)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	var res []pageResult
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("node printed %q: %v", out, err)
	}
	return res
}

func jsLiteral(s string) string { return JSString(s) }

func TestXGSTemplatesBuildAndRun(t *testing.T) {
	for _, tm := range allTemplates(t) {
		if tm.Format != model.FormatXGS {
			continue
		}
		for _, c := range inputCases {
			t.Run(tm.Name+"/"+c.label, func(t *testing.T) {
				_, p := writeNew(t, tm, c.v)
				r := bundle.Build(p.Main, nil, bundle.Options{})
				if !r.OK() {
					t.Fatalf("build failed: %s", r.FirstError())
				}
				for _, w := range r.Warnings {
					t.Errorf("build warning: %s", w)
				}
				built := filepath.Join(t.TempDir(), bundle.OutputName(p.Values.Name))
				if err := os.WriteFile(built, r.Output, 0o644); err != nil {
					t.Fatal(err)
				}
				ns := jsLiteral(p.Values.Namespace)
				res := runHarness(t,
					pageStep{Load: built},
					pageStep{Eval: `(async () => {
						const s = window.xgoose.skills[` + ns + `];
						const out = {};
						for (const [name, info] of Object.entries(s.__describe__())) {
							const args = info.examples.length ? info.examples[0].args : {};
							out[name] = await s[name](args);
						}
						return out;
					})()`},
					pageStep{Eval: `window.xgoose.skills[` + ns + `].__meta__`},
				)
				for i, r := range res {
					if !r.OK {
						t.Fatalf("step %d: %s", i, r.Error)
					}
				}
				var calls map[string]any
				json.Unmarshal(res[1].Value, &calls)
				if len(calls) != len(r.Skill.Functions) {
					t.Errorf("called %d functions, the reader found %d: %s", len(calls), len(r.Skill.Functions), res[1].Value)
				}
				var meta struct {
					Name, Namespace, Primary string
				}
				json.Unmarshal(res[2].Value, &meta)
				if meta.Name != p.Values.Name || meta.Namespace != p.Values.Namespace || meta.Primary == "" {
					t.Errorf("__meta__ = %s", res[2].Value)
				}
			})
		}
	}
}
