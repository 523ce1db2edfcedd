package pathname

import (
	"os"
	"path/filepath"
	"testing"
)

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

func TestClashInFolder(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{"My-Skill", "caf\u00e9", "same"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "Foo.xgs.js"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{
		"my-skill":   "My-Skill",
		"MY-SKILL":   "My-Skill",
		"cafe\u0301": "caf\u00e9",
		"foo.xgs.js": "Foo.xgs.js",
		"same":       "", // the same spelling is an existing path, checked elsewhere
		"other":      "",
		"My-Skill":   "",
	} {
		if got := ClashInFolder(dir, name); got != want {
			t.Errorf("ClashInFolder(%q) = %q, want %q", name, got, want)
		}
	}
	if got := ClashInFolder(filepath.Join(dir, "missing"), "x"); got != "" {
		t.Errorf("a missing folder: %q", got)
	}
	found, asked, ok := ClashOnTheWay(dir, "My-Skill/scripts/run.sh")
	if ok {
		t.Errorf("no clash expected, got %q %q", found, asked)
	}
	os.Mkdir(filepath.Join(dir, "My-Skill", "Scripts"), 0o755)
	found, asked, ok = ClashOnTheWay(dir, "My-Skill/scripts/run.sh")
	if !ok || found != "My-Skill/Scripts" || asked != "My-Skill/scripts" {
		t.Errorf("ClashOnTheWay = %q %q %v", found, asked, ok)
	}
}
