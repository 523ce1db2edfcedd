package ui

import (
	"strings"
	"testing"
)

// `e` in the reader opens the file at the section on screen; in the
// library, the selected skill's main file.
func TestEditOpensTheReaderLineAndTheLibrarySkill(t *testing.T) {
	t.Setenv("VISUAL", "")
	t.Setenv("EDITOR", "")
	m := setupTrapStudio(t)
	selectSkill(t, m, "setup-trap")
	press(t, m, "enter")
	rt, _ := m.skill.readTab()
	press(t, m, "]", "]", "]")
	if got := topLine(t, m); got != "## Setup" {
		t.Fatalf("] ] ] scrolled to %q", got)
	}
	file, line := rt.editTarget()
	want := 1 + strings.Count(setupTrapSkill[:strings.Index(setupTrapSkill, "\n## Setup\n")+1], "\n")
	if !strings.HasSuffix(file, "SKILL.md") || line != want {
		t.Errorf("edit target %s:%d, want SKILL.md:%d", file, line, want)
	}
	press(t, m, "e")
	if !strings.Contains(m.status, "no editor") {
		t.Errorf("e in the reader: status %q", m.status)
	}
	press(t, m, "esc", "e")
	if m.focus != focusLibrary || !strings.Contains(m.status, "no editor") {
		t.Errorf("e in the library: focus %v, status %q", m.focus, m.status)
	}
}
