package ui

import (
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"
)

// Flows through a real tea.Program (teatest/v2): keys go in as a user
// types them, the screen comes out as the terminal would receive it.

// finalTimeout bounds how long a test program takes to end after its
// quit key: a guard against a hang, generous because the race detector on
// a loaded machine slows the last frames by seconds.
const finalTimeout = 20 * time.Second

// recordedProgram runs m in a real tea.Program and keeps its last frame,
// as text, for waitFrame.
func recordedProgram(t *testing.T, m *Model) (*teatest.TestModel, *atomic.Value) {
	frame := &atomic.Value{}
	frame.Store("")
	return teatest.NewTestModel(t, studioRecorder{m, frame}, teatest.WithInitialTermSize(120, 40)), frame
}

// waitFrame waits until the studio's last drawn frame holds every want.
// The renderer writes only the cells that change ("13 skills" after
// "12 skills" arrives as a lone "3"), so under load the byte stream
// need not hold the text whole; the frame always does.
func waitFrame(t *testing.T, tm *teatest.TestModel, frame *atomic.Value, want ...string) {
	t.Helper()
	defer func() {
		if t.Failed() {
			t.Logf("last frame:\n%s", frame.Load())
		}
	}()
	teatest.WaitFor(t, tm.Output(), func([]byte) bool {
		f := frame.Load().(string)
		for _, w := range want {
			if !strings.Contains(f, w) {
				return false
			}
		}
		return true
	}, teatest.WithDuration(20*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
}

func TestFlowFindOpenRead(t *testing.T) {
	lib := fixtureLibrary(t)
	m := New(Options{Sources: []string{lib}, Theme: "dark", WorkDir: filepath.Dir(lib)})
	tm, frame := recordedProgram(t, m)
	waitFrame(t, tm, frame, "4 skills")

	tm.Type("/tide")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	waitFrame(t, tm, frame, "Tide tables come from the page")
	tm.Type("3")
	waitFrame(t, tm, frame, "Every harbour the page knows")

	tm.Type("q")
	final := tm.FinalModel(t, teatest.WithFinalTimeout(finalTimeout)).(studioRecorder).Model
	if e := final.skill.entry; e == nil || e.Skill.Name != "tide-tables" {
		t.Errorf("final skill %v", e)
	}
	if got := final.skill.tabs[final.skill.active].Title(); got != "Functions" {
		t.Errorf("final tab %s", got)
	}
}

func TestFlowLiveLintAfterBreakingAFile(t *testing.T) {
	lib := fixtureLibrary(t)
	m := New(Options{Sources: []string{lib}, Theme: "dark", Watch: true, WorkDir: filepath.Dir(lib)})
	defer m.Close()
	tm, frame := recordedProgram(t, m)
	waitFrame(t, tm, frame, "4 skills", "live")

	// hello-world is selected first; show its Lint tab.
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	tm.Type("3")
	waitFrame(t, tm, frame, "0 errors")

	breakHelloWorld(t, lib)
	waitFrame(t, tm, frame, "skillmd/name")

	// Fix it again: the error clears.
	p := filepath.Join(lib, "skills", "hello-world", "SKILL.md")
	data, _ := os.ReadFile(p)
	if err := os.WriteFile(p, []byte(strings.Replace(string(data), "Hello_World", "hello-world", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFrame(t, tm, frame, "0 errors")
	tm.Type("q")
	final := tm.FinalModel(t, teatest.WithFinalTimeout(finalTimeout)).(studioRecorder).Model
	if e := final.skill.entry; e.row.errors != 0 || e.Skill.Name != "hello-world" {
		t.Errorf("after the fix: %s with %d errors", e.Skill.Name, e.row.errors)
	}
}
