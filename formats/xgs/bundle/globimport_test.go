package bundle

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/formats/xgs"
	"github.com/skillstudio/skillstudio/internal/touchwatch"
	"github.com/skillstudio/skillstudio/model"
)

// Every spelling esbuild expands as a glob is found, including the ones
// its constant folding turns into a relative prefix; ordinary imports and
// computed URLs are not.
func TestComputedImportSpellings(t *testing.T) {
	cases := []struct {
		src  string
		glob bool
	}{
		{`require("../../" + n)`, true},
		{`import("./data/" + n + ".json")`, true},
		{"import(`../${n}`)", true},
		{"require(`.${\"./\"}../../${n}`)", true}, // esbuild folds "./" into the prefix
		{"import(`${\"../../\"}${n}`)", true},
		{`require("" + "../" + n)`, true},
		{`require(("../" + n))`, true},
		{`require("\x2e\x2e/" + n)`, true},
		{`require("/etc/" + n)`, true},
		{"import(`./locales/${lang}.json`, { with: { type: \"json\" } })", true},
		{`const a = 1; if (x) { require("../" + n) }`, true},

		{`require("./helper.js")`, false},
		{`import("./helper.js")`, false},
		{"import(`./helper.js`)", false},
		{`require("./a" + ".js")`, false}, // folded to one string: an ordinary import
		{`import(url)`, false},
		{`import("https://esm.sh/" + pkg)`, false},
		{`obj.require("../" + n)`, false},
		{`x?.import("../" + n)`, false},
		{`// require("../" + n)`, false},
		{`const s = 'require("../" + n)'`, false},
		{`require(P + n)`, false}, // esbuild does not glob a name
	}
	for _, c := range cases {
		if got := computedImport([]byte(c.src)) >= 0; got != c.glob {
			t.Errorf("%s: computed import %v, want %v", c.src, got, c.glob)
		}
	}
}

// esbuild expands a computed import path by walking every folder the
// pattern reaches, before any plugin is asked: a pulled skill's
// require("../../../../" + n) walked the builder's whole disk for
// minutes. The build refuses it at the call, without esbuild listing a
// folder outside the skill's; a helper in the folder doing the same is
// refused naming it; an installed package's own glob still builds.
func TestComputedImportIsRefusedBeforeEsbuildWalks(t *testing.T) {
	base, err := os.ReadFile("../testdata/hotel-rates.xgs.js")
	if err != nil {
		t.Fatal(err)
	}
	const anchor = "import { z } from \"zod\";\n"
	withLine := func(line string) string { return strings.Replace(string(base), anchor, anchor+line+"\n", 1) }
	cases := []struct {
		name, line string
		files      map[string]string
		refusedIn  string // "" when it builds
	}{
		{name: "skill climbing", line: `globalThis.__pick = (n) => require("../../" + n);`, refusedIn: "the skill"},
		{name: "skill template", line: "globalThis.__pick = (n) => import(`${\"../../\"}${n}`);", refusedIn: "the skill"},
		{name: "helper", line: `import { pick } from "./lib/pick.js"; globalThis.__pick = pick;`,
			files: map[string]string{"lib/pick.js": "export const pick = (n) => require(\"../../../\" + n);\n"}, refusedIn: "pick.js"},
		{name: "package's own glob", line: `import loc from "loc-pkg"; globalThis.__loc = loc;`,
			files: map[string]string{
				"node_modules/loc-pkg/package.json": `{"name": "loc-pkg", "main": "index.js"}`,
				"node_modules/loc-pkg/index.js":     "export default (l) => require(\"./locale/\" + l + \".js\");\n",
				"node_modules/loc-pkg/locale/en.js": "module.exports = 'en';\n",
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			dir := filepath.Join(root, "proj", "skills")
			writeFiles(t, root, map[string]string{"home/.docker/config.json": `{"auths": {}}`})
			files := map[string]string{"s.xgs.js": withLine(c.line)}
			for k, v := range c.files {
				files[k] = v
			}
			writeFiles(t, dir, files)
			w, werr := touchwatch.Start(filepath.Join(root, "home"))
			r := Build(filepath.Join(dir, "s.xgs.js"), nil, Options{})
			if c.refusedIn == "" {
				if !r.OK() {
					t.Fatalf("a package's own glob was refused: %v", r.Errors)
				}
				return
			}
			if r.OK() || len(r.Errors) == 0 {
				t.Fatal("built a skill with a computed import path")
			}
			d := r.Errors[0]
			if !strings.Contains(d.Message, computedImportMessage(c.refusedIn)) || d.Hint != computedImportHint || d.Line == 0 || d.Column == 0 {
				t.Errorf("got %s (hint %q), want the computed-import refusal for %s at a position", d, d.Hint, c.refusedIn)
			}
			if werr == nil {
				defer w.Close()
				if n := w.Touches(); n > 0 {
					t.Errorf("the build listed or read a folder outside the skill's %d times", n)
				}
			}
		})
	}
}

// lint reported nothing for a computed import path the build refuses:
// now xgs/computed-import says what the build says, at the same place.
func TestComputedImportLintAgreesWithBuild(t *testing.T) {
	base, err := os.ReadFile("../testdata/hotel-rates.xgs.js")
	if err != nil {
		t.Fatal(err)
	}
	const anchor = "import { z } from \"zod\";\n"
	dir := t.TempDir()
	src := strings.Replace(string(base), anchor, anchor+"globalThis.__pick = (n) => require(\"../\" + n);\n", 1)
	writeFiles(t, dir, map[string]string{"s.xgs.js": src})
	r := Build(filepath.Join(dir, "s.xgs.js"), nil, Options{})
	if r.OK() || len(r.Errors) == 0 {
		t.Fatal("built a skill with a computed import path")
	}
	built := r.Errors[0]
	var linted *model.Diagnostic
	for _, d := range xgs.Load(os.DirFS(dir), "s.xgs.js", model.Options{}).Diagnostics {
		if d.Rule == "xgs/computed-import" {
			linted = &d
		}
	}
	if linted == nil {
		t.Fatalf("lint has no xgs/computed-import; build says %s", built)
	}
	if linted.Message != built.Message || linted.Hint != built.Hint || linted.Line != built.Line || linted.Column != built.Column || linted.Severity != model.SeverityError {
		t.Errorf("lint and build disagree:\n lint  %d:%d %s %q (%s)\n build %d:%d %q (%s)", linted.Line, linted.Column, linted.Severity, linted.Message, linted.Hint, built.Line, built.Column, built.Message, built.Hint)
	}
}
