package skillmd

import (
	"strings"
	"testing"
)

// Windsurf and Cursor projects often name skill folders in upper case; a
// hint must not propose that folder name, which the name rule rejects.
func TestNameHintsNeverProposeAnInvalidName(t *testing.T) {
	for _, tc := range []struct{ name, dir, src, want string }{
		{"missing name", ".windsurf/skills/SERVICE-PATTERNS", "---\ndescription: Patterns. Use when writing services.\n---\nbody\n",
			"Add name: service-patterns and rename the folder SERVICE-PATTERNS to service-patterns"},
		{"missing name, valid folder", "skills/service-patterns", "---\ndescription: Patterns. Use when writing services.\n---\nbody\n",
			"Add name: service-patterns (the folder name)."},
		{"name as the folder", ".windsurf/skills/NEST-STACK", "---\nname: NEST-STACK\ndescription: Stack rules. Use when adding a module.\n---\nbody\n",
			"e.g. nest-stack, and rename the folder to match"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := loadCaseAt(tc.dir, map[string]string{"SKILL.md": tc.src}, "")
			got := findings(s, "skillmd/name")
			if len(got) != 1 || !strings.Contains(got[0].Hint, tc.want) {
				t.Fatalf("skillmd/name = %+v, want a hint with %q", got, tc.want)
			}
		})
	}
}
