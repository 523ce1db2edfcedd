package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// goneStudio opens a folder of two SKILL.md skills on hello-world's Info
// tab, at 80×24.
func goneStudio(t *testing.T) (*Model, string, *Entry) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "lib")
	writeFile(t, dir, "alpha-notes/SKILL.md", "---\nname: alpha-notes\ndescription: Notes that sort before the renamed skill\n---\n\n# Alpha\n\nText.\n")
	writeFile(t, dir, "hello-world/SKILL.md", "---\nname: hello-world\ndescription: Says hello, for the rename test\n---\n\n# Hello\n\nText.\n")
	m := studio(t, Options{Sources: []string{dir}}, 80, 24)
	selectSkill(t, m, "hello-world")
	press(t, m, "enter")
	openTab(t, m, "Info")
	e := entryNamed(m, "hello-world")
	if e == nil || m.skill.entry != e {
		t.Fatal("hello-world is not open")
	}
	return m, dir, e
}

// The open skill's folder renamed on disk: the pane silently showed
// another skill (alpha-notes) in its place. Now the studio says the file
// is gone and, when the rescan finds the skill at its new place, opens it
// again on the tab that was showing.
func TestOpenSkillRenamedOnDiskIsFollowed(t *testing.T) {
	m, dir, e := goneStudio(t)
	if err := os.Rename(filepath.Join(dir, "hello-world"), filepath.Join(dir, "hello-world-2")); err != nil {
		t.Fatal(err)
	}
	drain(t, m, func() tea.Msg { return skillsChangedMsg{ids: []int{e.ID}} })
	back := entryNamed(m, "hello-world")
	if back == nil || back.ID == e.ID {
		t.Fatal("the renamed skill did not come back as a fresh row")
	}
	if m.skill.entry != back {
		name := "nothing"
		if m.skill.entry != nil {
			name = m.skill.entry.Skill.Name
		}
		t.Fatalf("the pane shows %s, want the renamed hello-world", name)
	}
	if got := activeTitle(m); got != "Info" || m.focus != focusSkill {
		t.Errorf("tab %s, focus %v: want the Info tab, focused, as before the rename", got, m.focus)
	}
	frame := ansi.Strip(content(m))
	checkFrame(t, m)
	if !strings.Contains(frame, "moved to lib/hello-world-2/SKILL.md") {
		t.Errorf("the status bar does not say where the skill went:\n%s", frame)
	}
}

// Deleted for good: the studio says so and leaves the focus on the
// library, instead of showing another skill as if it were the one open.
func TestOpenSkillDeletedOnDiskIsNamed(t *testing.T) {
	m, dir, e := goneStudio(t)
	if err := os.RemoveAll(filepath.Join(dir, "hello-world")); err != nil {
		t.Fatal(err)
	}
	drain(t, m, func() tea.Msg { return skillsChangedMsg{ids: []int{e.ID}} })
	if m.focus != focusLibrary {
		t.Errorf("focus %v: the pane still has the focus, now on another skill", m.focus)
	}
	frame := ansi.Strip(content(m))
	checkFrame(t, m)
	if !strings.Contains(frame, "lib/hello-world/SKILL.md is gone from disk") {
		t.Errorf("nothing says the open skill is gone:\n%s", frame)
	}
	if m.followGone != nil {
		t.Error("the rescan is over, yet a skill of that name would still be opened later")
	}
	// A skill of that name written later is not forced open.
	writeFile(t, dir, "hello-world/SKILL.md", "---\nname: hello-world\ndescription: Back\n---\n\n# Hello\n")
	press(t, m, "down")
	sel := m.lib.Selected()
	drain(t, m, func() tea.Msg { return RescanMsg{} })
	if m.focus != focusLibrary || m.lib.Selected() != sel {
		t.Error("a later rescan took the user to the re-created skill")
	}
}
