package bundle

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// Every spelling of "extends" esbuild reads is found: comments, trailing
// commas, arrays, a key written with an escape, the key twice.
func TestTSConfigExtendsSpellings(t *testing.T) {
	cases := []struct {
		src  string
		want []string
	}{
		{`{"extends": "./base.json"}`, []string{"./base.json"}},
		{"{\n // a comment\n \"extends\": /* here */ \"/dev/zero\", // trailing\n}", []string{"/dev/zero"}},
		{`{"extends": ["a", "../b",], "compilerOptions": {"paths": {"x": ["y"]}}}`, []string{"a", "../b"}},
		{`{"ext\u0065nds": "/dev/stdin"}`, []string{"/dev/stdin"}},
		{`{"extends": "./ok.json", "extends": "/dev/zero"}`, []string{"./ok.json", "/dev/zero"}},
		{"\ufeff{\"extends\": \"./b\"}", []string{"./b"}},
		{`{"compilerOptions": {"extends": 3}}`, nil},
		{`{"files": ["extends"]}`, nil},
		{`{"extends": "unterminated`, []string{"unterminated"}},
		{`/* unterminated {"extends": "x"}`, nil},
	}
	for _, c := range cases {
		if got := tsconfigExtends([]byte(c.src)); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: got %q, want %q", c.src, got, c.want)
		}
	}
}

func FuzzTSConfigExtends(f *testing.F) {
	f.Add([]byte(`{"extends": ["./a", "b"], // c
}`))
	f.Add([]byte(`{"ext\u0065nds": "/*", "x": "\"", /* */}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, e := range tsconfigExtends(data) {
			if !strings.Contains(string(data), "extends") && !strings.Contains(string(data), `\u`) {
				t.Fatalf("found extends %q in a document without the key", e)
			}
		}
	})
}

// esbuild reads a folder's package.json, tsconfig.json and what that
// extends itself, no plugin asked: `"extends": "/dev/zero"` ran the build out of memory, a
// FIFO or /dev/stdin waited for ever, and a file outside the folder that
// is not JSON had its first word printed in esbuild's syntax error (a
// token file's token, into a CI log). Each is now an error at the import
// or a message that does not quote the file; a real chain still builds.
func TestManifestsEsbuildReadsAreBuildInputs(t *testing.T) {
	base, err := os.ReadFile("../testdata/hotel-rates.xgs.js")
	if err != nil {
		t.Fatal(err)
	}
	const secret = "ghp_runnerTokenDoNotPrint0123456789"
	const anchor = "import { z } from \"zod\";\n"
	src := strings.Replace(string(base), anchor, anchor+`import { v } from "./lib/helper.js"; globalThis.__v = v;`+"\n", 1)
	cases := []struct {
		name, tsconfig string
		fifo           bool
		links          map[string]string // in the skill's folder → target under the test root
		importLine     string            // instead of the helper's
		files          map[string]string // more files in the skill's folder
		want           string            // part of the first error; "" when it builds
	}{
		{name: "package.json linked to a FIFO", tsconfig: `{}`, fifo: true, links: map[string]string{"package.json": "pipe.json"}, want: packageRefusal},
		{name: "package.json linked to a device", tsconfig: `{}`, links: map[string]string{"lib/package.json": "/dev/zero"}, want: packageRefusal},
		{name: "installed package's manifest linked to a FIFO", tsconfig: `{}`, fifo: true,
			links: map[string]string{"node_modules/pad/package.json": "pipe.json"}, importLine: `import pad from "pad"; globalThis.__p = pad;`, want: packageRefusal},
		// A package's own manifest leads esbuild into its dist/ (main,
		// module, exports), whose package.json it reads too: that folder
		// was not judged before esbuild went there.
		{name: "a package's dist manifest linked to a FIFO", tsconfig: `{}`, fifo: true,
			files: map[string]string{"node_modules/pad/package.json": `{"name": "pad", "main": "dist/index.js"}`, "node_modules/pad/dist/index.js": "export default 1;\n"},
			links: map[string]string{"node_modules/pad/dist/package.json": "pipe.json"}, importLine: `import pad from "pad"; globalThis.__p = pad;`, want: packageRefusal},
		{name: "a package's exports folder manifest linked to a device", tsconfig: `{}`,
			files: map[string]string{"node_modules/pad/package.json": `{"name": "pad", "exports": {".": {"import": "./esm/lib/index.js", "default": "./cjs/index.js"}}}`, "node_modules/pad/esm/lib/index.js": "export default 1;\n"},
			links: map[string]string{"node_modules/pad/esm/package.json": "/dev/zero"}, importLine: `import pad from "pad"; globalThis.__p = pad;`, want: packageRefusal},
		{name: "a package's dist linked out of node_modules", tsconfig: `{}`,
			files: map[string]string{"node_modules/pad/package.json": `{"name": "pad", "module": "./dist/index.js"}`, "../outside/index.js": "export default 1;\n"},
			links: map[string]string{"node_modules/pad/dist": "outside"}, importLine: `import pad from "pad"; globalThis.__p = pad;`, want: outsideMessage},
		{name: "a package's dist manifest, a regular file", tsconfig: `{}`,
			files:      map[string]string{"node_modules/pad/package.json": `{"name": "pad", "main": "dist/index.js"}`, "node_modules/pad/dist/index.js": "export default 1;\n", "node_modules/pad/dist/package.json": `{"type": "module"}`},
			importLine: `import pad from "pad"; globalThis.__p = pad;`},
		{name: "fifo", tsconfig: `{"extends": "../pipe.json"}`, fifo: true, want: configRefusal},
		{name: "fifo behind an escaped key", tsconfig: `{"compilerOptions": {}, "ext\u0065nds": ["./base.json", "../pipe.json",],}`, fifo: true, want: configRefusal},
		{name: "device", tsconfig: `{"extends": "/dev/zero"}`, want: configRefusal},
		{name: "secret outside", tsconfig: `{"extends": "../token.txt"}`, want: redactedPrefix},
		{name: "chain inside", tsconfig: "{\n  // the project's base\n  \"extends\": \"./base.json\",\n}"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			dir := filepath.Join(root, "skill")
			writeFiles(t, root, map[string]string{"token.txt": secret + "\n"})
			skill := src
			if c.importLine != "" {
				skill = strings.Replace(string(base), anchor, anchor+c.importLine+"\n", 1)
			}
			writeFiles(t, dir, map[string]string{
				"node_modules/pad/index.js": "export default 1;\n",
				"s.xgs.js":                  skill,
				"lib/helper.js":             "export const v = 1;\n",
				"tsconfig.json":             c.tsconfig,
				"base.json":                 `{"compilerOptions": {"strict": true}}`,
			})
			writeFiles(t, dir, c.files)
			if c.fifo {
				if err := mkfifo(filepath.Join(root, "pipe.json")); err != nil {
					t.Skip("no FIFOs here:", err)
				}
			}
			for name, target := range c.links {
				if !filepath.IsAbs(target) {
					target = filepath.Join(root, target)
				}
				if err := os.Symlink(target, filepath.Join(dir, filepath.FromSlash(name))); err != nil {
					t.Skip("no symlinks here:", err)
				}
			}
			done := make(chan Result, 1)
			go func() { done <- Build(filepath.Join(dir, "s.xgs.js"), nil, Options{}) }()
			var r Result
			select {
			case r = <-done:
			case <-time.After(20 * time.Second):
				t.Fatal("the build waited on a FIFO esbuild read as a manifest")
			}
			for _, d := range append(r.Errors, r.Warnings...) {
				if strings.Contains(d.Message, secret[:12]) {
					t.Fatalf("a file outside the skill's folder was quoted: %s", d)
				}
			}
			if c.want == "" {
				if !r.OK() {
					t.Fatalf("a tsconfig chain inside the folder was refused: %v", r.Errors)
				}
				return
			}
			if r.OK() || len(r.Errors) == 0 || !strings.Contains(r.Errors[0].Message, c.want) {
				t.Fatalf("got %v, want an error holding %q", r.Errors, c.want)
			}
		})
	}
}

// manifestFolders reads any package.json without a panic and names only
// folders inside the package.
func FuzzManifestFolders(f *testing.F) {
	f.Add([]byte(`{"main": "dist/index.js", "exports": {".": {"import": "./esm/*.js"}}, "browser": {"./a.js": "./b/c.js"}}`))
	f.Add([]byte(`{"main": "../../../etc/passwd", "module": "/abs/x.js", "exports": [[["./x/y"]]]}`))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := os.WriteFile(filepath.Join(dir, "package.json"), data, 0o644); err != nil {
			t.Skip(err)
		}
		folders := manifestFolders(dir)
		if len(folders) > maxManifestFolders {
			t.Fatalf("%d folders from one manifest", len(folders))
		}
		for _, d := range folders {
			if !within(d, dir) || d == dir {
				t.Fatalf("folder %q is not inside the package %q", d, dir)
			}
		}
	})
}
