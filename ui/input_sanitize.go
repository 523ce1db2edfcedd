package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/skillstudio/skillstudio/sanitize"
)

// cleanInput strips terminal controls and bidi overrides from typed and
// pasted text before any text field sees it. Fields echo what they hold,
// so text pasted from a hostile page (a skill name with U+202E, a URL with
// an escape in it) would otherwise reach the frame unsanitised. It reports
// false when nothing is left of a key press's text, so the press is
// dropped rather than delivered as a key with no text.
func cleanInput(msg tea.Msg) (tea.Msg, bool) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		if msg.Text == "" {
			return msg, true
		}
		clean := sanitize.Line(msg.Text)
		if clean == msg.Text {
			return msg, true
		}
		if clean == "" {
			return nil, false
		}
		msg.Text = clean
		return msg, true
	case tea.PasteMsg:
		msg.Content = sanitize.String(msg.Content)
		return msg, true
	}
	return msg, true
}
