package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// backspace from a file opened in the Files tab goes back to Files.
func TestBackspaceFromAFilesTabFileReturnsToFiles(t *testing.T) {
	m := studio(t, Options{Sources: []string{fixtureLibrary(t)}}, 120, 40)
	selectSkill(t, m, "hello-world")
	press(t, m, "enter")
	openTab(t, m, "Files")
	var ft *filesTab
	for _, tab := range m.skill.tabs {
		if f, ok := tab.(*filesTab); ok {
			ft = f
		}
	}
	for i := 0; i < len(ft.rows) && !strings.HasSuffix(ft.rows[ft.sel].rel, "phrases.md"); i++ {
		press(t, m, "down")
	}
	press(t, m, "enter")
	if activeTitle(m) != "Read" || !strings.Contains(ansi.Strip(content(m)), "back to the Files tab") {
		t.Fatalf("after enter on a file: tab %s\n%s", activeTitle(m), ansi.Strip(content(m)))
	}
	press(t, m, "backspace")
	if got := activeTitle(m); got != "Files" {
		t.Errorf("backspace went to %s, want Files", got)
	}
}

// Behind the "window too small" notice keys do nothing (q still quits).
func TestKeysIgnoredWhileTheWindowIsTooSmall(t *testing.T) {
	m := studio(t, Options{Sources: []string{fixtureLibrary(t)}}, 120, 40)
	before := m.lib.Selected().ID
	m.Update(windowSize(40, 10))
	press(t, m, "down", "down", "enter", "n")
	if m.lib.Selected().ID != before || m.focus != focusLibrary || m.screen != nil {
		t.Errorf("keys acted behind the notice: selected %d (was %d), focus %v, screen %v", m.lib.Selected().ID, before, m.focus, m.screen != nil)
	}
}
