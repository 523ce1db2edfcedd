package bundle

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/formats/xgs"
)

// Importing another skill is refused, with lint's message and hint at the
// import, rather than a second copy of the other skill inlined — also
// from a helper module the skill imports.
func TestBuildRefusesImportingAnotherSkill(t *testing.T) {
	base, err := os.ReadFile("../testdata/hotel-rates.xgs.js")
	if err != nil {
		t.Fatal(err)
	}
	withImport := func(line string) string {
		return strings.Replace(string(base), "import { z } from \"zod\";\n", "import { z } from \"zod\";\n"+line+"\n", 1)
	}
	other := "export const marker = \"second copy of the other skill\";\n"
	cases := []struct{ name, skill, spec string }{
		{"direct", withImport(`import { marker } from "./other.xgs.js"; void marker;`), "./other.xgs.js"},
		{"through a helper", withImport(`import { marker } from "./helper.js"; void marker;`), "./other.xgs.js"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, map[string]string{
				"hotel-rates.xgs.js": c.skill,
				"other.xgs.js":       other,
				"helper.js":          "export { marker } from \"./other.xgs.js\";\n",
			})
			path := filepath.Join(dir, "hotel-rates.xgs.js")
			r := Build(path, nil, Options{})
			if r.OK() || r.Output != nil {
				t.Fatalf("built a skill that imports another skill")
			}
			d := r.Errors[0]
			if d.Message != xgs.ImportSkillMessage(c.spec) || d.Hint != xgs.ImportSkillHint || d.Line == 0 {
				t.Errorf("got %s (hint %q), want %q at the import", d, d.Hint, xgs.ImportSkillMessage(c.spec))
			}
		})
	}
}
