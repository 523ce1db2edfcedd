package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The studio lists what lint checks: a SKILL.md a repository keeps as a
// template (templates/, .templates/, a cookiecutter folder) is not a
// skill, while a skill named template in skills/ is one.
func TestStudioLeavesSkillTemplatesOut(t *testing.T) {
	lib := filepath.Join(t.TempDir(), "repo")
	skill := func(name string) string {
		return "---\nname: " + name + "\ndescription: Does " + name + " work. Use when asked.\n---\n\n# " + name + "\n"
	}
	for p, text := range map[string]string{
		"templates/SKILL.md":                   "---\nname: {{ NAME }}\ndescription: {{ DESCRIPTION }}\n---\n",
		".templates/skill/SKILL.md":            skill("starter"),
		"{{cookiecutter.slug}}/SKILL.md":       skill("cookie"),
		"skills/template/SKILL.md":             skill("template"),
		"skills/release-notes/SKILL.md":        skill("release-notes"),
		"skills/release-notes/templates/x.txt": "kept as a file of its skill\n",
	} {
		full := filepath.Join(lib, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	m := studio(t, Options{Sources: []string{lib}}, 120, 40)
	if got := strings.Join(names(m), " "); got != "release-notes template" {
		t.Fatalf("library = %q, want the two skills in skills/ only", got)
	}
}
