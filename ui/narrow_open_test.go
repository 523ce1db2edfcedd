package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// In a window too narrow for two panes the skill pane is hidden at start;
// the first skill opened must still show its rendered body (it was blank,
// rendered for a zero width while hidden).
func TestNarrowWindowShowsTheFirstOpenedSkill(t *testing.T) {
	m := studio(t, Options{Sources: []string{fixtureLibrary(t)}}, 80, 24)
	if m.split() {
		t.Fatal("80 columns should show one pane at a time")
	}
	if got := m.lib.Selected().Skill.Name; got != "hello-world" {
		t.Fatalf("first row is %q, want hello-world", got)
	}
	press(t, m, "enter")
	frame := ansi.Strip(content(m))
	if !strings.Contains(frame, "Say hello back in the language") {
		t.Fatalf("the Read tab of the first skill opened is blank:\n%s", frame)
	}
}
