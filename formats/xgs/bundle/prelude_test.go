package bundle

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// editSkill is one version of a skill that a person edits between saves:
// imports is its import lines, body the say() handler's body.
func editSkill(imports, input, body string) string {
	return `// ==XGooseSkill==
// @name edited
// @namespace edited
// @match *://example.com/*
// @primary say
// ==/XGooseSkill==
import { defineSkill, fn } from "@xgoose/skill";
` + imports + `
export default defineSkill({
  say: fn({ summary: "Says something.", ` + input + ` handler: async ({ who } = {}) => { ` + body + ` } }),
});
`
}

// A save, a rebuild through the same Builder, and the bundle runs the
// edited code: the edit, not a cached earlier build, whether it keeps,
// adds or removes the zod import, or switches zod 4 for zod 3. Each
// rebuild is also byte for byte what a new Builder makes of that text.
func TestNodeRebuildRunsTheEdit(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "edited.xgs.js")
	const zodImport = `import { z } from "zod";`
	const zodInput = `input: z.object({ who: z.string().min(2) }),`
	tooShort := `return "v%: " + z.string().min(2).safeParse("a").error.issues[0].message;`
	steps := []struct {
		name, src  string
		zod3       bool   // package.json asks for zod 3
		prelude    string // the zod the bundle carries ("" none)
		want, info string // say()'s result; a fragment of __describe__("say").input
	}{
		{"no zod", editSkill("", "", `return "v1";`), false, "", `"v1"`, `{}`},
		{"edit the handler", editSkill("", "", `return "v2";`), false, "", `"v2"`, `{}`},
		{"add a zod import", editSkill(zodImport, zodInput, strings.Replace(tooShort, "%", "3", 1)), false, "zod 4.6.7",
			`"v3: Too small: expected string to have >=2 characters"`, `"minLength":2`},
		{"edit beside zod", editSkill(zodImport, zodInput, strings.Replace(tooShort, "%", "4", 1)), false, "zod 4.6.7",
			`"v4: Too small: expected string to have >=2 characters"`, `"minLength":2`},
		{"switch to zod 3", editSkill(zodImport, zodInput, strings.Replace(tooShort, "%", "5", 1)), true, "zod 3.23.8",
			`"v5: String must contain at least 2 character(s)"`, `"minLength":2`},
		{"remove the zod import", editSkill("", "", `return "v6";`), false, "", `"v6"`, `{}`},
	}
	b := NewBuilder(Options{})
	defer b.Close()
	for i, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			pkg := filepath.Join(dir, "package.json")
			if s.zod3 {
				os.WriteFile(pkg, []byte(`{"dependencies":{"zod":"^3.23.0"}}`), 0o644)
			} else {
				os.Remove(pkg)
			}
			os.WriteFile(path, []byte(s.src), 0o644)
			r := b.Rebuild(path)
			mustOK(t, &r)
			fresh := Build(path, nil, Options{})
			if !bytes.Equal(r.Output, fresh.Output) {
				t.Errorf("the rebuild differs from a new builder's build of the same text")
			}
			carries := ""
			for _, v := range []string{"zod " + EmbeddedZod4, "zod " + EmbeddedZod3} {
				if bytes.Contains(r.Output, []byte("("+v+"): bundled once")) {
					carries = v
				}
			}
			if carries != s.prelude {
				t.Errorf("the bundle carries %q, want %q", carries, s.prelude)
			}
			out := filepath.Join(dir, "built.js")
			os.WriteFile(out, r.Output, 0o644)
			res := runPage(t, nil, pageStep{Load: out},
				pageStep{Eval: `window.xgoose.skills.edited.say({ who: "a" })`},
				pageStep{Eval: `window.xgoose.skills.edited.__describe__("say").input`})
			for j, p := range res {
				if !p.OK {
					t.Fatalf("save %d, step %d: %s", i+1, j, p.Error)
				}
			}
			if got := string(res[1].Value); got != s.want {
				t.Errorf("say() = %s, want %s", got, s.want)
			}
			if got := string(res[2].Value); !strings.Contains(got, s.info) {
				t.Errorf("__describe__ input = %s, want …%s…", got, s.info)
			}
		})
	}
}

// Every way of importing zod gets the same values: named imports
// (reserved words among zod 3's), the default export, the namespace.
func TestNodeZodImportForms(t *testing.T) {
	for _, c := range []struct {
		name, pkg string
	}{{"zod 4", ""}, {"zod 3", `{"dependencies":{"zod":"3.23.8"}}`}} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			if c.pkg != "" {
				os.WriteFile(filepath.Join(dir, "package.json"), []byte(c.pkg), 0o644)
			}
			src := editSkill(`import zd, { z, string as str, enum as zenum, ZodError } from "zod";
import * as zns from "zod";`, "", `return [zd === z, zns.z === z, zns.default === z, str === z.string, zenum === z.enum,
  z.string().safeParse(1).error instanceof ZodError, Object.keys(zns).includes("object"), typeof zns.null];`)
			path := filepath.Join(dir, "edited.xgs.js")
			os.WriteFile(path, []byte(src), 0o644)
			r := Build(path, nil, Options{})
			mustOK(t, &r)
			out := filepath.Join(dir, "built.js")
			os.WriteFile(out, r.Output, 0o644)
			res := runPage(t, nil, pageStep{Load: out}, pageStep{Eval: `window.xgoose.skills.edited.say({})`})
			if !res[1].OK {
				t.Fatal(res[1].Error)
			}
			if got := string(res[1].Value); got != `[true,true,true,true,true,true,true,"function"]` {
				t.Errorf("import forms = %s", got)
			}
		})
	}
}

// A name zod does not export is still a build error, as when zod was
// bundled module by module.
func TestBuildImportOfAMissingZodExport(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "edited.xgs.js")
	os.WriteFile(path, []byte(editSkill(`import { z, notInZod } from "zod";`, "", `return notInZod;`)), 0o644)
	r := Build(path, nil, Options{})
	if r.OK() {
		t.Fatal("an import zod does not export built")
	}
	if got := r.Errors[0].Message; !strings.Contains(got, `No matching export in "xgoose-zod:zodpkg/v4/index.js" for import "notInZod"`) {
		t.Errorf("error = %q", got)
	}
}

// zod reads globals (URL, to check z.url()); a skill's own top-level
// names must not stand in for them. The prelude sits outside the skill's
// scope, so a skill constant called URL is the skill's alone.
func TestNodeSkillNamesDoNotShadowZodGlobals(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "edited.xgs.js")
	os.WriteFile(path, []byte(editSkill(`import { z } from "zod";
const URL = "https://example.com/forum";`, "", `return [URL, z.url().safeParse(URL).success];`)), 0o644)
	for _, minify := range []bool{false, true} {
		r := Build(path, nil, Options{Minify: minify})
		mustOK(t, &r)
		out := filepath.Join(dir, "built.js")
		os.WriteFile(out, r.Output, 0o644)
		res := runPage(t, nil, pageStep{Load: out}, pageStep{Eval: `window.xgoose.skills.edited.say({})`})
		if !res[1].OK {
			t.Fatalf("minify %t: %s", minify, res[1].Error)
		}
		if got := string(res[1].Value); got != `["https://example.com/forum",true]` {
			t.Errorf("minify %t: say() = %s", minify, got)
		}
	}
}

// A minified bundle mounts and runs like the readable one.
func TestNodeMinifiedBundleRuns(t *testing.T) {
	r := Build("testdata/skills/text-kit.xgs.js", nil, Options{Minify: true})
	mustOK(t, &r)
	out := filepath.Join(t.TempDir(), "text-kit.js")
	os.WriteFile(out, r.Output, 0o644)
	res := runPage(t, nil, pageStep{Load: out},
		pageStep{Eval: `window.xgoose.skills.textkit.slugify({ title: "Hello, World" })`},
		pageStep{Eval: `window.xgoose.skills.textkit.__describe__("countWords").input.properties.words.minItems`})
	for i, p := range res {
		if !p.OK {
			t.Fatalf("step %d: %s", i, p.Error)
		}
	}
	if got := string(res[1].Value) + " " + string(res[2].Value); got != `{"slug":"hello-world"} 1` {
		t.Errorf("slugify, minItems = %s", got)
	}
}

// Each embedded zod is bundled once per process and shared.
func TestZodPreludeIsBuiltOnce(t *testing.T) {
	key := preludeKey{entry: zod3Entry}
	a, err := zodPrelude(key)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := zodPrelude(key)
	if a != b {
		t.Error("the same prelude was built twice")
	}
	if !strings.Contains(a.facade, "export var ZodError = ") || !strings.Contains(a.facade, `zod_enum as "enum"`) {
		t.Errorf("facade:\n%.400s", a.facade)
	}
}

func TestCutExportClause(t *testing.T) {
	for _, c := range []struct{ code, body, locals string }{
		{"var a = 1;\nexport {\n  a,\n  b as c,\n  d as default\n};\n", "var a = 1;\n", "a=a c=b default=d"},
		{`var a=1;export{a as b,c as "d-e"};` + "\n", "var a=1;", "b=a d-e=c"},
	} {
		body, locals, err := cutExportClause(c.code)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, k := range sortedKeys(locals) {
			got = append(got, k+"="+locals[k])
		}
		if body != c.body || strings.Join(got, " ") != c.locals {
			t.Errorf("cutExportClause(%q) = %q, %v", c.code, body, got)
		}
	}
	for _, code := range []string{"var a = 1;\n", "var myexport {a};\n", "export { a };\nvar b = 1;\n"} {
		if _, _, err := cutExportClause(code); err == nil {
			t.Errorf("%q: accepted as ending in an export clause", code)
		}
	}
}
