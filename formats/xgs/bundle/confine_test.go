package bundle

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A build bundles only the skill's folder and installed packages: an
// import reaching the builder's other files (a relative path climbing
// out, an absolute path, a link leading out, a helper that climbs, a
// tsconfig path) is an error at the import, and the file's content is
// in no output. Helpers in the folder, below it, behind a link that
// stays inside, and packages in a node_modules above still build.
func TestBuildConfinesImportsToTheSkillsFolder(t *testing.T) {
	base, err := os.ReadFile("../testdata/hotel-rates.xgs.js")
	if err != nil {
		t.Fatal(err)
	}
	const secret = "runner-token-do-not-publish"
	const anchor = "import { z } from \"zod\";\n"
	withImport := func(line string) string {
		return strings.Replace(string(base), anchor, anchor+line+"\n", 1)
	}
	cases := []struct {
		name, importLine string
		files            map[string]string // under the skill's folder
		links            map[string]string // name in the folder → target (relative to the test root)
		refused          bool
		why              string // part of the message
	}{
		{name: "relative climbing out", importLine: `import cfg from "../../home/.docker/config.json"; globalThis.__kept = cfg;`, refused: true, why: `"../../home/.docker/config.json" leads to `},
		{name: "absolute path", importLine: `import cfg from "ROOT/home/.docker/config.json"; globalThis.__kept = cfg;`, refused: true, why: "leads to "},
		{name: "require climbing out", importLine: `const cfg = require("../../home/.docker/config.json"); globalThis.__kept = cfg;`, refused: true, why: "leads to "},
		{name: "link leading out", importLine: `import cfg from "./cfg.json"; globalThis.__kept = cfg;`,
			links: map[string]string{"cfg.json": "home/.docker/config.json"}, refused: true, why: "through a link to "},
		{name: "folder link leading out", importLine: `import cfg from "./home/.docker/config.json"; globalThis.__kept = cfg;`,
			links: map[string]string{"home": "home"}, refused: true, why: "through a link to "},
		{name: "helper climbing out", importLine: `import { cfg } from "./lib/helper.js"; globalThis.__kept = cfg;`,
			files: map[string]string{"lib/helper.js": "export { default as cfg } from \"../../../home/.docker/config.json\";\n"}, refused: true, why: "leads to "},
		{name: "tsconfig path leading out", importLine: `import cfg from "@cfg/config.json"; globalThis.__kept = cfg;`,
			files: map[string]string{"tsconfig.json": `{"compilerOptions": {"baseUrl": ".", "paths": {"@cfg/*": ["../../home/.docker/*"]}}}`}, refused: true, why: "leads to "},

		{name: "package linked out of node_modules", importLine: `import cfg from "evil/config.json"; globalThis.__kept = cfg;`,
			files: map[string]string{"node_modules/.keep": ""},
			links: map[string]string{"node_modules/evil": "home/.docker"}, refused: true, why: "leads to "},
		{name: "package file climbing out", importLine: `import cfg from "climber"; globalThis.__kept = cfg;`,
			files: map[string]string{"node_modules/climber/package.json": `{"name": "climber", "main": "index.js"}`,
				"node_modules/climber/index.js": "export { default } from \"../../../../home/.docker/config.json\";\n"}, refused: true, why: "leads to "},

		{name: "helper beside", importLine: `import { v } from "./helper.js"; globalThis.__kept = v;`,
			files: map[string]string{"helper.js": "export const v = \"helper-beside\";\n"}},
		{name: "json below", importLine: `import data from "./data/table.json"; globalThis.__kept = data;`,
			files: map[string]string{"data/table.json": `{"k": "table-below"}`}},
		{name: "link that stays inside", importLine: `import { v } from "./alias.js"; globalThis.__kept = v;`,
			files: map[string]string{"real/helper.js": "export const v = \"linked-inside\";\n"},
			links: map[string]string{"alias.js": "proj/skills/real/helper.js"}},
		{name: "package installed above", importLine: `import pad from "tiny-pad"; globalThis.__kept = pad;`},
		{name: "node_modules linked to a shared store", importLine: `import pad from "store-pad"; globalThis.__kept = pad;`,
			links: map[string]string{"node_modules": "store/node_modules"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			dir := filepath.Join(root, "proj", "skills")
			writeFiles(t, root, map[string]string{
				"home/.docker/config.json":                  `{"auths": {"token": "` + secret + `"}}`,
				"proj/node_modules/tiny-pad/package.json":   `{"name": "tiny-pad", "main": "index.js"}`,
				"proj/node_modules/tiny-pad/index.js":       "export default function pad(s) { return \" \" + s; }\n",
				"store/node_modules/store-pad/package.json": `{"name": "store-pad", "main": "index.js"}`,
				"store/node_modules/store-pad/index.js":     "export default function pad(s) { return \"  \" + s; }\n",
			})
			line := strings.ReplaceAll(c.importLine, "ROOT", filepath.ToSlash(root))
			files := map[string]string{"hotel-rates.xgs.js": withImport(line)}
			for k, v := range c.files {
				files[k] = v
			}
			writeFiles(t, dir, files)
			for name, target := range c.links {
				if err := os.Symlink(filepath.Join(root, filepath.FromSlash(target)), filepath.Join(dir, name)); err != nil {
					t.Skip("no symlinks here:", err)
				}
			}
			r := Build(filepath.Join(dir, "hotel-rates.xgs.js"), nil, Options{})
			if strings.Contains(string(r.Output), secret) {
				t.Fatalf("the bundle holds the file outside the skill's folder")
			}
			if !c.refused {
				if !r.OK() {
					t.Fatalf("a legitimate import was refused: %v", r.Errors)
				}
				return
			}
			if r.OK() || r.Output != nil || len(r.Errors) == 0 {
				t.Fatalf("built a skill importing a file outside its folder")
			}
			d := r.Errors[0]
			if !strings.Contains(d.Message, outsideMessage) || !strings.Contains(d.Message, c.why) || d.Hint != OutsideHint || d.Line == 0 || d.Column == 0 {
				t.Errorf("got %s (hint %q), want %q … %q at the import", d, d.Hint, outsideMessage, c.why)
			}
		})
	}
}

// The refusal points at the import in the skill: file, line and column.
func TestOutsideImportIsNamedAtItsPosition(t *testing.T) {
	base, err := os.ReadFile("../testdata/hotel-rates.xgs.js")
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	dir := filepath.Join(root, "skills")
	writeFiles(t, root, map[string]string{"outside.json": `{}`})
	const anchor = "import { z } from \"zod\";\n"
	src := strings.Replace(string(base), anchor, anchor+"import o from \"../outside.json\"; globalThis.__kept = o;\n", 1)
	writeFiles(t, dir, map[string]string{"s.xgs.js": src})
	wantLine := strings.Count(src[:strings.Index(src, "import o")], "\n") + 1
	r := Build(filepath.Join(dir, "s.xgs.js"), nil, Options{})
	if len(r.Errors) != 1 {
		t.Fatalf("want one error, got %v", r.Errors)
	}
	d := r.Errors[0]
	if d.File != filepath.Join(dir, "s.xgs.js") || d.Line != wantLine || d.Column != len(`import o from `)+1 {
		t.Errorf("got %s:%d:%d, want %s:%d:%d", d.File, d.Line, d.Column, filepath.Join(dir, "s.xgs.js"), wantLine, len(`import o from `)+1)
	}
}
