package ui

import (
	"path/filepath"
	"testing"

	"github.com/charmbracelet/x/exp/teatest/v2"
)

// A studio that began with only the example library (nothing to watch)
// gets live lint for skills that join later (created with n, pulled with
// p: both arrive as a new local source or a rescan).
func TestFlowLiveLintForSkillsThatJoinLater(t *testing.T) {
	lib := fixtureLibrary(t)
	m := New(Options{Examples: true, Theme: "dark", Watch: true, WorkDir: filepath.Dir(lib)})
	defer m.Close()
	tm, frame := recordedProgram(t, m)
	waitFrame(t, tm, frame, "13 skills") // loaded: the first watch is decided
	tm.Send(AddSourceMsg{Spec: lib})
	// "live" shows once every listed skill is watched: a save made after
	// it is never missed, however the rows arrived.
	waitFrame(t, tm, frame, "hello-world", "live")
	breakHelloWorld(t, lib)
	waitFrame(t, tm, frame, "Hello_World")
	tm.Type("q")
	tm.FinalModel(t, teatest.WithFinalTimeout(finalTimeout))
}
