package formats

import (
	"fmt"
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/formats/skillmd"
	"github.com/skillstudio/skillstudio/formats/xgs"
	"github.com/skillstudio/skillstudio/model"
)

// xgsSource is a small skill whose header lines are known: @name on 2,
// @namespace on 3, then one @require per line from 4.
func xgsSource(name, ns string, requires ...string) string {
	src := "// ==XGooseSkill==\n// @name " + name + "\n// @namespace " + ns + "\n"
	for _, r := range requires {
		src += "// @require " + r + "\n"
	}
	return src + "// @match https://example.test/*\n// ==/XGooseSkill==\n" +
		"import { defineSkill } from \"@xgoose/skill\";\nexport default defineSkill({});\n"
}

func loadXGS(t *testing.T, name, ns string, requires ...string) *model.Skill {
	t.Helper()
	file := name + ".xgs.js"
	s := xgs.Load(fstest.MapFS{file: {Data: []byte(xgsSource(name, ns, requires...))}}, file, model.Options{})
	s.Diagnostics = nil
	return s
}

// Library findings point at the directive they are about, not line 1.
func TestLibraryFindingsPointAtTheDirective(t *testing.T) {
	md := skillmd.Load(fstest.MapFS{"alpha/SKILL.md": {Data: []byte("---\ndescription: Says hello. Use when greeting.\nname: alpha\n---\n# Alpha\n")}}, "alpha", model.Options{})
	md.Diagnostics = nil
	lib := &model.Library{Skills: []*model.Skill{
		loadXGS(t, "alpha", "same", "ghost", "beta"),
		loadXGS(t, "beta", "same", "alpha"),
		md,
	}}
	CheckLibrary(lib)
	got := map[string]bool{}
	for _, s := range lib.Skills {
		for _, d := range s.Diagnostics {
			got[fmt.Sprintf("%s %s:%d:%d", d.Rule, d.File, d.Line, d.Column)] = true
		}
	}
	for _, want := range []string{
		"library/duplicate-name alpha.xgs.js:2:10",
		"library/duplicate-name alpha/SKILL.md:3:7",
		"library/duplicate-namespace alpha.xgs.js:3:15",
		"library/duplicate-namespace beta.xgs.js:3:15",
		"library/missing-require alpha.xgs.js:4:13",
		"library/require-cycle alpha.xgs.js:5:13",
		"library/require-cycle beta.xgs.js:4:13",
	} {
		if !got[want] {
			t.Errorf("missing %s; got %v", want, got)
		}
	}
}
