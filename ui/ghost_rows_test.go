package ui

import (
	"os"
	"path/filepath"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// A deleted skill leaves the list (no ghost error row), and the same
// skill written anew comes back as a fresh row.
func TestDeletedSkillLeavesNoGhostRow(t *testing.T) {
	lib := fixtureLibrary(t)
	m := studio(t, Options{Sources: []string{lib}}, 120, 40)
	e := entryNamed(m, "hello-world")
	if e == nil {
		t.Fatal("no hello-world")
	}
	dir := filepath.Join(lib, "skills", "hello-world")
	saved := filepath.Join(t.TempDir(), "hello-world")
	if err := os.Rename(dir, saved); err != nil {
		t.Fatal(err)
	}
	drain(t, m, func() tea.Msg { return skillsChangedMsg{ids: []int{e.ID}} })
	if entryNamed(m, "hello-world") != nil || m.entries[e.ID] != nil {
		t.Fatal("the deleted skill is still listed")
	}
	for _, l := range m.lib.lines {
		if l.e != nil && l.e.ID == e.ID {
			t.Fatal("a ghost row")
		}
	}
	if err := os.Rename(saved, dir); err != nil {
		t.Fatal(err)
	}
	drain(t, m, func() tea.Msg { return RescanMsg{} })
	back := entryNamed(m, "hello-world")
	if back == nil || back.ID == e.ID || back.row.errors != 0 {
		t.Errorf("written anew: %+v", back)
	}
}
