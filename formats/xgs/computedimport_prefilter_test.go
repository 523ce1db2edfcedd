package xgs

import "testing"

// FuzzLoaderPrefilter: the quick look never hides a call the lexer finds.
func FuzzLoaderPrefilter(f *testing.F) {
	f.Add(`import { z } from "zod"; const m = require("../" + n);`)
	f.Add("const m = require\n\t(`./${x}`)")
	f.Add("import /* c */ (x)")
	f.Add("r\\u0065quire(x)")
	f.Add("import\u00a0(x)")
	f.Add(`export default defineSkill({});`)
	f.Fuzz(func(t *testing.T, src string) {
		if !mayCallLoader([]byte(src)) {
			if calls := lexImportCalls([]byte(src), false); len(calls) > 0 {
				t.Fatalf("mayCallLoader(%q) = false, but the lexer finds %v", src, calls)
			}
		}
	})
}

func TestLoaderPrefilterSkipsStaticImports(t *testing.T) {
	static := "import { defineSkill, fn } from \"@xgoose/skill\";\nimport { z } from \"zod\";\nexport default defineSkill({ x: fn({ importance: 1, required: true }) });\n"
	if mayCallLoader([]byte(static)) {
		t.Error("a skill with only static imports is lexed again")
	}
	for _, src := range []string{"require(x)", "import(`./${x}`)", "require /*a*/ (x)", "import\n(x)"} {
		if !mayCallLoader([]byte(src)) {
			t.Errorf("mayCallLoader(%q) = false", src)
		}
	}
}
