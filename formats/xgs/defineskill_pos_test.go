package xgs

import (
	"strings"
	"testing"
)

// A missing default export is reported at the defineSkill call the module
// does make, or at its first statement after the imports — never at an
// import, which is not what is wrong.
func TestDefineSkillFindingPointsAtTheCall(t *testing.T) {
	cases := []struct {
		name  string
		edits []edit
		raw   func(string) string
		want  string // the text the finding must point at
	}{
		{name: "exported const", edits: []edit{{"export default defineSkill({", "export const skill = defineSkill({"}}, want: "defineSkill({"},
		{name: "no call at all", edits: []edit{{"export default defineSkill({", "export const skill = ({"}}, want: "const Rate"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rc := ruleCase{name: c.name, edits: c.edits, raw: c.raw}
			s := rc.load(t)
			src := baseSkill(t)
			for _, e := range c.edits {
				src = strings.Replace(src, e.old, e.new, 1)
			}
			lines := strings.Split(src, "\n")
			for _, d := range s.Diagnostics {
				if d.Rule != "xgs/define-skill" {
					continue
				}
				at := lines[d.Line-1][d.Column-1:]
				if !strings.HasPrefix(at, c.want) {
					t.Errorf("finding at %d:%d points at %q, want %q", d.Line, d.Column, at, c.want)
				}
				return
			}
			t.Fatalf("no xgs/define-skill finding: %v", s.Diagnostics)
		})
	}
}
