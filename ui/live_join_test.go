package ui

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest/v2"
)

// A studio that began with only the example library (nothing to watch)
// gets live lint for skills that join later (created with n, pulled with
// p: both arrive as a new local source or a rescan).
func TestFlowLiveLintForSkillsThatJoinLater(t *testing.T) {
	lib := fixtureLibrary(t)
	m := New(Options{Examples: true, Theme: "dark", Watch: true, WorkDir: filepath.Dir(lib)})
	defer m.Close()
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(120, 40))
	waitScreen(t, tm, "13 skills") // loaded: the first watch is decided
	tm.Send(AddSourceMsg{Spec: lib})
	waitScreen(t, tm, "hello-world", "live") // "live": the watcher runs
	breakHelloWorld(t, lib)
	waitScreen(t, tm, "Hello_World")
	tm.Type("q")
	tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second))
}
