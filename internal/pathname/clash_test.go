package pathname

import "testing"

func TestClashes(t *testing.T) {
	for _, tc := range []struct {
		names []string
		clash bool
	}{
		{[]string{"SKILL.md", "references/a.md", "references/b.md"}, false},
		{[]string{"SKILL.md", "skill.md"}, true},
		{[]string{"Refs/a.md", "refs/b.md"}, true},
		{[]string{"a/caf\u00e9.md", "a/cafe\u0301.md"}, true},
		{[]string{"A", "a/b"}, true},
		{[]string{"straße.md", "STRASSE.md"}, true},
		{[]string{"a/x", "a/y", "a"}, false}, // same folder spelt the same; the tree-shape check is elsewhere
	} {
		_, _, got := FirstClash(tc.names)
		if got != tc.clash {
			t.Errorf("FirstClash(%q) = %v, want %v", tc.names, got, tc.clash)
		}
	}
}
