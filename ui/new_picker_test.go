package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// TestTemplatePickerOneLineEach: in the new-skill form's template list
// each template is one line, its description cut with an ellipsis where
// the window is too narrow, never wrapped back under the format column.
func TestTemplatePickerOneLineEach(t *testing.T) {
	for _, w := range []int{80, 120, 200} {
		m := embeddedStudio(t, w, 40)
		press(t, m, "n")
		frame := ansi.Strip(content(m))
		if !strings.Contains(frame, "What kind of skill?") {
			t.Fatalf("at %d no template picker:\n%s", w, frame)
		}
		lines := strings.Split(frame, "\n")
		start := -1
		for i, l := range lines {
			if strings.Contains(l, "finds nothing wrong") {
				start = i + 1
			}
		}
		options, cut := 0, false
		for _, l := range lines[start:] {
			body := strings.TrimSpace(strings.TrimLeft(l, "┃> "))
			if body == "" {
				break
			}
			if !strings.HasPrefix(body, "xgs ") && !strings.HasPrefix(body, "SKILL.md ") && !strings.HasPrefix(body, "OS Loop ") {
				t.Errorf("at %d a template's description wrapped onto its own line: %q", w, l)
			}
			if ansi.StringWidth(l) > w {
				t.Errorf("at %d line is %d wide: %q", w, ansi.StringWidth(l), l)
			}
			cut = cut || strings.HasSuffix(strings.TrimRight(l, " "), glyphEllip)
			options++
		}
		if options < 9 {
			t.Errorf("at %d only %d templates listed:\n%s", w, options, frame)
		}
		if w == 80 && !cut {
			t.Errorf("at 80 no description was cut with %s:\n%s", glyphEllip, frame)
		}
	}
}

// TestTemplatePickerKeepsChoiceOnResize: relabelling the templates for
// a new width leaves the cursor on the template it was on.
func TestTemplatePickerKeepsChoiceOnResize(t *testing.T) {
	m := embeddedStudio(t, 120, 40)
	press(t, m, "n", "down", "down")
	m.Update(tea.WindowSizeMsg{Width: 90, Height: 30})
	press(t, m, "enter")
	if frame := ansi.Strip(content(m)); !strings.Contains(frame, "SKILL.md · minimal") {
		t.Errorf("the choice moved on resize:\n%s", frame)
	}
}
