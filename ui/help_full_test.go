package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestFullHelpShowsEveryKey: `?` lists every key the pane has, plus the
// global ones (new skill, fewer keys, quit), even where the columns do
// not fit one row: they go on to a second band instead of being cut.
func TestFullHelpShowsEveryKey(t *testing.T) {
	for _, w := range []int{80, 120, 200} {
		m := embeddedStudio(t, w, 50)
		selectSkill(t, m, "webhook-verification")
		press(t, m, "enter", "?")
		frame := ansi.Strip(content(m))
		for _, want := range []string{"next heading", "search", "outline", "edit in $EDITOR", "new skill", "fewer keys", "quit"} {
			if !strings.Contains(frame, want) {
				t.Errorf("at %d the full help lacks %q:\n%s", w, want, frame)
			}
		}
		for _, l := range strings.Split(frame, "\n") {
			if ansi.StringWidth(l) > w {
				t.Errorf("at %d a line is %d wide: %q", w, ansi.StringWidth(l), l)
			}
		}
	}
}

// TestFullHelpSearchKeysWhileSearching: n, N and esc step through and
// clear matches only while a search is in force; before it they are the
// studio's new skill and the pane's way back, and the help says so.
func TestFullHelpSearchKeysWhileSearching(t *testing.T) {
	m := embeddedStudio(t, 120, 50)
	selectSkill(t, m, "webhook-verification")
	press(t, m, "enter", "?")
	frame := ansi.Strip(content(m))
	if strings.Contains(frame, "next match") || strings.Contains(frame, "clear search") || !strings.Contains(frame, "new skill") {
		t.Errorf("before a search the help offers n and esc for the search, or lacks n for a new skill:\n%s", frame)
	}
	press(t, m, "/")
	typeText(t, m, "key")
	press(t, m, "enter")
	frame = ansi.Strip(content(m))
	for _, want := range []string{"next match", "prev match", "clear search"} {
		if !strings.Contains(frame, want) {
			t.Errorf("with a search in force the help lacks %q:\n%s", want, frame)
		}
	}
	if strings.Contains(frame, "new skill") {
		t.Errorf("with a search in force the help still offers n for a new skill:\n%s", frame)
	}
}

// TestFullHelpListsOnlyKeysThatWork: D removes a source from the library
// only, so the skill pane's full help does not offer it.
func TestFullHelpListsOnlyKeysThatWork(t *testing.T) {
	m := embeddedStudio(t, 120, 50)
	press(t, m, "?")
	if frame := ansi.Strip(content(m)); !strings.Contains(frame, "remove source") {
		t.Errorf("the library's full help lacks D:\n%s", frame)
	}
	press(t, m, "enter")
	frame := ansi.Strip(content(m))
	press(t, m, "D")
	if strings.Contains(frame, "remove source") && !strings.Contains(ansi.Strip(content(m)), "only source") {
		t.Errorf("the skill pane's full help offers D, which does nothing there:\n%s", frame)
	}
}
