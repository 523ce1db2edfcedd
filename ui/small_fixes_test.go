package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
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

// A source that failed to open has no rows, but D still reaches it: its
// whole error in the question, y removes it, r opens it again.
func TestFailedSourceCanBeRetriedAndRemoved(t *testing.T) {
	m := studio(t, Options{Sources: []string{fixtureLibrary(t)}}, 100, 40)
	// A long path: the error is longer than any one line of the window.
	missing := t.TempDir() + "/nowhere/" + strings.Repeat("deeper-still/", 8) + "end"
	drain(t, m, func() tea.Msg { return AddSourceMsg{Spec: missing} })
	if m.failedSource() < 0 {
		t.Fatal("the missing folder did not fail")
	}
	press(t, m, "D")
	if m.confirm == nil || !strings.Contains(m.confirm.question, "failed") || !strings.Contains(m.confirm.question, "r retries") {
		t.Fatalf("D on a failed source: %+v, status %q", m.confirm, m.status)
	}
	// However long the source's name, the question's keys stay on the bar.
	if bar := ansi.Strip(m.statusBar()); !strings.Contains(bar, "r retries") {
		t.Errorf("status bar %q: the question's keys are cut off", bar)
	}
	// The whole error is in the skill pane, wrapped: every piece of it
	// shows, the end of the path included.
	checkFrame(t, m)
	frame := ansi.Strip(content(m))
	// Wrapped lines joined again: the pane's lines without borders or spaces.
	var pane strings.Builder
	for _, l := range strings.Split(frame, "\n") {
		if i := strings.LastIndex(l, "││"); i >= 0 {
			pane.WriteString(strings.ReplaceAll(strings.Trim(l[i:], "│ "), " ", ""))
		}
	}
	if !strings.Contains(frame, "could not be opened") || !strings.Contains(pane.String(), "deeper-still/end:nosuchfileordirectory") {
		t.Errorf("the failed source's whole error is not shown:\n%s\n%s", frame, pane.String())
	}
	press(t, m, "r")
	if m.failedSource() < 0 {
		t.Fatal("retrying a still-missing folder should fail again")
	}
	press(t, m, "D", "y")
	if i := m.failedSource(); i >= 0 {
		t.Errorf("y left the failed source %d", i)
	}
}

// q in the stand-alone quiz's reference viewer closes the viewer; a
// second q quits.
func TestQuizProgramQClosesTheReader(t *testing.T) {
	c := NewCommon(Theme{Dark: true})
	p := quizProgram{c: c, tab: newQuizTab(c)}
	p.tab.reader = &quizReader{}
	_, cmd := p.Update(keyPress("q"))
	if p.tab.reader != nil || cmd != nil {
		t.Fatalf("q with the viewer open: reader %v, cmd %v", p.tab.reader, cmd)
	}
	if _, cmd := p.Update(keyPress("q")); cmd == nil {
		t.Error("q without the viewer does not quit")
	}
}

// One skill is "1 skill", in the library's header and the status bar.
func TestOneSkillIsSingular(t *testing.T) {
	lib := fixtureLibrary(t)
	m := studio(t, Options{Sources: []string{lib + "/skills/hello-world"}}, 120, 40)
	v := ansi.Strip(content(m))
	if strings.Contains(v, "1 skills") || strings.Count(v, "1 skill") < 2 {
		t.Errorf("want \"1 skill\" in the header and the status bar:\n%s", v)
	}
}
