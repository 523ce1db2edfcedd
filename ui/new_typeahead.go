package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"
)

// Type-ahead across a field change. huh moves the focus in a command
// (enter returns NextField; the move happens when that message comes
// back), so keys typed right after enter — already queued before it —
// would land in the field just left. The wizard holds keys from the
// moment a field-change key is accepted until the focus has moved, then
// replays them into the new field.

// A hold ends when the move is seen. Its time limit is for a move that
// never comes (a group that refuses to advance), so keys are never held
// for long: every typeaheadLimit the wizard looks again, and a hold still
// waiting after typeaheadMaxHold replays its keys where the focus is. The
// limit cannot be one short timer: on a loaded machine the move's own
// command may not have run when it fires, and the keys typed after enter
// went into the field being left.
const (
	typeaheadLimit   = 150 * time.Millisecond
	typeaheadMaxHold = 2 * time.Second
)

type typeahead struct {
	holding bool
	since   time.Time // when the hold began
	gen     int
	form    *huh.Form
	field   huh.Field
	keys    []tea.KeyPressMsg
}

type typeaheadReleaseMsg struct{ id, gen int }

// changesField reports whether k asks huh to move to another field.
func changesField(k tea.KeyPressMsg) bool {
	switch k.String() {
	case "enter", "tab", "shift+tab":
		return true
	}
	return false
}

// holdIfMoving starts a hold after k was handled, when k is a field change
// the focused field accepted (no validation error): its move is pending.
func (s *newSkillWizard) holdIfMoving(k tea.KeyPressMsg, field huh.Field, form *huh.Form) tea.Cmd {
	if !changesField(k) || s.done || s.writing || s.form != form || s.form.State != huh.StateNormal ||
		field == nil || s.form.GetFocusedField() != field || field.Error() != nil {
		return nil
	}
	s.ta.holding, s.ta.since = true, time.Now()
	s.ta.gen++
	s.ta.form, s.ta.field = form, field
	return s.lookAgain()
}

// lookAgain asks for the hold to be looked at after typeaheadLimit.
func (s *newSkillWizard) lookAgain() tea.Cmd {
	id, gen := s.id, s.ta.gen
	return tea.Tick(typeaheadLimit, func(time.Time) tea.Msg { return typeaheadReleaseMsg{id, gen} })
}

// onTimeLimit ends the hold when its move happened or it has waited
// typeaheadMaxHold, and otherwise looks again later.
func (s *newSkillWizard) onTimeLimit() tea.Cmd {
	if !s.moved() && time.Since(s.ta.since) < typeaheadMaxHold {
		return s.lookAgain()
	}
	return s.release()
}

// moved reports whether the held move has happened.
func (s *newSkillWizard) moved() bool {
	return s.done || s.writing || s.form != s.ta.form || s.form.State != huh.StateNormal ||
		s.form.GetFocusedField() != s.ta.field
}

// release ends the hold and replays the held keys in order; one of them
// may start a new hold, which keeps the rest.
func (s *newSkillWizard) release() tea.Cmd {
	s.ta.holding = false
	s.ta.form, s.ta.field = nil, nil
	var cmds []tea.Cmd
	for len(s.ta.keys) > 0 && !s.ta.holding {
		k := s.ta.keys[0]
		s.ta.keys = s.ta.keys[1:]
		cmds = append(cmds, s.Update(k))
	}
	return tea.Batch(cmds...)
}
