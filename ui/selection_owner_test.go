package ui

import (
	"path/filepath"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"
)

// Two navigation keys handled before any command's message arrives (one
// input read: a paste, ssh, key repeat) must leave the preview on the
// highlighted skill — the library's cursor is the one owner.
func TestSelectionPreviewFollowsEveryKey(t *testing.T) {
	m := studio(t, Options{Sources: []string{fixtureLibrary(t)}}, 120, 40)
	m.Update(keyPress("down"))
	m.Update(keyPress("down"))
	sel, shown := m.lib.Selected(), m.skill.entry
	if sel == nil || shown == nil || sel.ID != shown.ID {
		t.Fatalf("highlight %v, preview %v", name(sel), name(shown))
	}
	m.Update(keyPress("enter"))
	if m.skill.entry.ID != m.lib.Selected().ID {
		t.Fatalf("enter opened %v, highlight %v", name(m.skill.entry), name(m.lib.Selected()))
	}
}

// The same through a real program, the keys sent in one batch.
func TestFlowBurstOfKeysOpensTheHighlightedSkill(t *testing.T) {
	lib := fixtureLibrary(t)
	m := New(Options{Sources: []string{lib}, Theme: "dark", WorkDir: filepath.Dir(lib)})
	tm, frame := recordedProgram(t, m)
	waitFrame(t, tm, frame, "4 skills")
	// Sent back to back, the keys queue up ahead of the commands they
	// start, as keys of one input read do.
	down := tea.KeyPressMsg{Code: tea.KeyDown}
	for _, k := range []tea.KeyPressMsg{down, down, down, {Code: tea.KeyEnter}, {Code: 'q'}} {
		tm.Send(k)
	}
	final := tm.FinalModel(t, teatest.WithFinalTimeout(finalTimeout)).(studioRecorder).Model
	if final.skill.entry == nil || final.lib.Selected() == nil || final.skill.entry.ID != final.lib.Selected().ID {
		t.Errorf("opened %v, highlighted %v", name(final.skill.entry), name(final.lib.Selected()))
	}
}

func name(e *Entry) string {
	if e == nil || e.Skill == nil {
		return "<none>"
	}
	return e.Skill.Name
}
