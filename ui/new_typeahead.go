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

// typeaheadLimit ends a hold whose move never comes (a group that refuses
// to advance), so keys are never held for long.
const typeaheadLimit = 150 * time.Millisecond

type typeahead struct {
	holding bool
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
	s.ta.holding = true
	s.ta.gen++
	s.ta.form, s.ta.field = form, field
	id, gen := s.id, s.ta.gen
	return tea.Tick(typeaheadLimit, func(time.Time) tea.Msg { return typeaheadReleaseMsg{id, gen} })
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
