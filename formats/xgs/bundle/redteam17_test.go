package bundle

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Wave 17's fresh build attacks: each spelling of a read outside the
// skill's folder that earlier rounds did not try. None may put the secret
// in the bundle; each is refused or the import is left unread.
func TestBuildFreshOutsideReadsAreRefused(t *testing.T) {
	base, err := os.ReadFile("../testdata/hotel-rates.xgs.js")
	if err != nil {
		t.Fatal(err)
	}
	const secret = "wave17-secret-do-not-bundle"
	const anchor = "import { z } from \"zod\";\n"
	cases := []struct {
		name, line string
		files      map[string]string
		builds     bool // esbuild leaves the import unread (no file is opened)
	}{
		{name: "file URL", line: `import cfg from "file://ROOT/home/secret.json"; globalThis.__k = cfg;`},
		{name: "text import attribute", line: `import s from "../../home/secret.txt" with { type: "text" }; globalThis.__k = s;`},
		{name: "bytes import attribute", line: `import s from "ROOT/home/secret.txt" with { type: "bytes" }; globalThis.__k = s;`},
		{name: "zod path climbing", line: `import s from "zod/../../../../home/secret.json"; globalThis.__k = s;`},
		{name: "package imports map", line: `import s from "#cfg"; globalThis.__k = s;`,
			files: map[string]string{"package.json": `{"name": "x", "imports": {"#cfg": "../../home/secret.json"}}`}},
		{name: "package exports map", line: `import s from "pk/cfg"; globalThis.__k = s;`,
			files: map[string]string{"node_modules/pk/package.json": `{"name": "pk", "exports": {"./cfg": "../../../../home/secret.json"}}`}},
		{name: "jsx import source", line: `import { v } from "./view.jsx"; globalThis.__k = v;`,
			files: map[string]string{"view.jsx": "/** @jsxRuntime automatic */\n/** @jsxImportSource ../../home */\nexport const v = <b>x</b>;\n"}},
		{name: "source map comment", line: `import { v } from "./mapped.js"; globalThis.__k = v;`,
			files: map[string]string{"mapped.js": "export const v = 1;\n//# sourceMappingURL=../../home/secret.json\n"}, builds: true},
		{name: "css import", line: `import "../../home/secret.css";`},
		{name: "dynamic import outside", line: `globalThis.__k = import("../../home/secret.json");`},
		{name: "require.resolve outside", line: `globalThis.__k = require.resolve("../../home/secret.json");`, builds: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			dir := filepath.Join(root, "proj", "skills")
			writeFiles(t, root, map[string]string{
				"home/secret.json":          `{"token": "` + secret + `"}`,
				"home/secret.txt":           secret,
				"home/secret.css":           "body::after { content: \"" + secret + "\" }",
				"home/jsx-runtime.js":       "export const jsx = () => \"" + secret + "\";",
				"home/jsx-runtime/index.js": "export const jsx = () => \"" + secret + "\";",
			})
			line := strings.ReplaceAll(c.line, "ROOT", filepath.ToSlash(root))
			files := map[string]string{"hotel-rates.xgs.js": strings.Replace(string(base), anchor, anchor+line+"\n", 1)}
			for k, v := range c.files {
				files[k] = v
			}
			writeFiles(t, dir, files)
			r := Build(filepath.Join(dir, "hotel-rates.xgs.js"), nil, Options{})
			if strings.Contains(string(r.Output), secret) {
				t.Fatalf("the bundle holds a file outside the skill's folder")
			}
			if r.OK() != c.builds {
				t.Errorf("built = %v, want %v: %v", r.OK(), c.builds, r.Errors)
			}
		})
	}
}
