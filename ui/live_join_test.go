package ui

import (
	"path/filepath"
	"strings"
	"sync/atomic"
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
	tm, frame := recordedProgram(t, m)
	waitFrame(t, tm, frame, "13 skills") // loaded: the first watch is decided
	tm.Send(AddSourceMsg{Spec: lib})
	// "live" shows once every listed skill is watched: a save made after
	// it is never missed, however the rows arrived.
	waitFrame(t, tm, frame, "hello-world", "live")
	breakHelloWorld(t, lib)
	waitFrame(t, tm, frame, "Hello_World")
	tm.Type("q")
	tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second))
}

// waitFrame waits until the studio's last drawn frame holds every want.
// The renderer writes only the cells that change ("13 skills" after
// "12 skills" arrives as a lone "3"), so under load the byte stream
// need not hold the text whole; the frame always does.
func waitFrame(t *testing.T, tm *teatest.TestModel, frame *atomic.Value, want ...string) {
	t.Helper()
	teatest.WaitFor(t, tm.Output(), func([]byte) bool {
		f := frame.Load().(string)
		for _, w := range want {
			if !strings.Contains(f, w) {
				return false
			}
		}
		return true
	}, teatest.WithDuration(10*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
}
