package ui

import (
	"errors"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

type failingBuilder struct{ err error }

func (b failingBuilder) Build(string) BuildResult { return BuildResult{Err: b.err} }

// A build error longer than the bar is cut; the counts stay (it used to
// blank the whole status bar).
func TestStatusBarKeepsCountsBesideALongBuildError(t *testing.T) {
	long := errors.New("tide-tables.xgs.js:4:13: not built: the header has an error: xgs/version: @version \"1.2\" is not strict semver, " + strings.Repeat("and more ", 10))
	m := studio(t, Options{Sources: []string{fixtureLibrary(t)}, Builder: failingBuilder{long}}, 100, 30)
	selectSkill(t, m, "tide-tables")
	m.Update(buildDoneMsg{entryID: m.lib.Selected().ID, result: BuildResult{Err: long}})
	bar := ansi.Strip(m.statusBar())
	if !strings.Contains(bar, "build: tide-tables.xgs.js:4:13") || !strings.Contains(bar, "skills") {
		t.Fatalf("status bar %q: want the start of the build error and the counts", bar)
	}
	if w := ansi.StringWidth(bar); w != 100 {
		t.Fatalf("status bar is %d cells wide, want 100", w)
	}
}
