package ui

import (
	tea "charm.land/bubbletea/v2"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// `/` in the Read tab searches the document: the letters typed go into
// the prompt (not to the studio's keys: `n` would open the new-skill
// form), enter jumps to the first match below, n/N move, the footer
// counts, esc clears.
func TestReaderSearchFindsMovesAndCounts(t *testing.T) {
	m := setupTrapStudio(t)
	selectSkill(t, m, "setup-trap")
	press(t, m, "enter")
	press(t, m, "/")
	typeText(t, m, "line t")
	if m.screen != nil {
		t.Fatal("typing in the search prompt opened a screen")
	}
	press(t, m, "enter")
	v := ansi.Strip(content(m))
	if !strings.Contains(v, "/line t  match 1 of 3 lines") || !strings.Contains(v, "Line two.") {
		t.Fatalf("after the search:\n%s", v)
	}
	press(t, m, "n")
	if m.screen != nil {
		t.Fatal("n opened the new-skill form instead of moving to the next match")
	}
	if v := ansi.Strip(content(m)); !strings.Contains(v, "match 2 of 3") || !strings.Contains(v, "Line three.") {
		t.Errorf("after n:\n%s", v)
	}
	press(t, m, "n", "n") // wraps around
	if v := ansi.Strip(content(m)); !strings.Contains(v, "match 1 of 3") {
		t.Errorf("n does not wrap:\n%s", v)
	}
	press(t, m, "N")
	if v := ansi.Strip(content(m)); !strings.Contains(v, "match 3 of 3") || !strings.Contains(v, "Line ten.") {
		t.Errorf("N does not go back:\n%s", v)
	}
	press(t, m, "esc")
	if v := ansi.Strip(content(m)); strings.Contains(v, "match") {
		t.Errorf("esc leaves the search on:\n%s", v)
	}
	if m.focus != focusSkill {
		t.Error("esc clearing the search also left the skill")
	}
}

func TestReaderSearchHighlightsMatchesKeepingText(t *testing.T) {
	c := NewCommon(Theme{Dark: true})
	s := newDocSearch(c)
	lines := []string{"\x1b[1mSetup\x1b[0m the setup", "nothing"}
	s.set("setup", lines)
	if len(s.matches) != 1 || s.matches[0] != 0 {
		t.Fatalf("matches %v", s.matches)
	}
	got := s.highlight(0, lines[0])
	if ansi.Strip(got) != "Setup the setup" {
		t.Errorf("highlighting changed the text: %q", ansi.Strip(got))
	}
	if got == lines[0] {
		t.Error("nothing highlighted")
	}
	s.set("Setup", lines) // a capital: case matters
	if s.next(0, 1) != 0 || len(s.matches) != 1 {
		t.Errorf("smart case: %v", s.matches)
	}
	s.set("zzz", lines)
	if s.next(0, 1) != -1 || !strings.Contains(ansi.Strip(s.status()), "no match") {
		t.Errorf("no match: %q", s.status())
	}
}

// `t` lists the headings; enter jumps to the chosen one by its place in
// the outline, not by its text.
func TestReaderOutlineJumps(t *testing.T) {
	m := setupTrapStudio(t)
	selectSkill(t, m, "setup-trap")
	press(t, m, "enter")
	press(t, m, "t")
	v := ansi.Strip(content(m))
	if !strings.Contains(v, "Outline · 3 headings") || !strings.Contains(v, "Advanced setup") {
		t.Fatalf("outline:\n%s", v)
	}
	press(t, m, "down", "down", "enter")
	if got := topLine(t, m); got != "## Setup" {
		t.Errorf("outline enter scrolled to %q", got)
	}
	press(t, m, "t", "up", "enter")
	if got := topLine(t, m); got != "## Advanced setup" {
		t.Errorf("outline enter scrolled to %q", got)
	}
}

// TestSearchTypedBeforeTheDocumentRenders: / and a query typed while the
// Read tab is still rendering go to the document's search (not the
// library filter), and the matches appear when the rendering lands.
func TestSearchTypedBeforeTheDocumentRenders(t *testing.T) {
	rt := newReadTab(NewCommon(Theme{Dark: true}))
	if !rt.CapturesKey(tea.KeyPressMsg{Code: '/', Text: "/"}) {
		t.Fatal("/ before the document rendered was not taken by the reader's search")
	}
	if rt.CapturesKey(tea.KeyPressMsg{Code: 'n', Text: "n"}) {
		t.Error("n with no search in force and no document was captured")
	}
}
