package ui

import (
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"
)

// recorder runs the studio for teatest and keeps the last frame it drew,
// plain: the renderer sends only changed cells, so words on screen may be
// split by cursor moves in the byte stream.
type recorder struct {
	m    *Model
	last *atomic.Value
}

func (r recorder) Init() tea.Cmd { return r.m.Init() }
func (r recorder) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	_, cmd := r.m.Update(msg)
	return r, cmd
}
func (r recorder) View() tea.View {
	v := r.m.View()
	r.last.Store(ansi.Strip(v.Content))
	return v
}

// studioFlow starts the studio on the embedded library under teatest and
// returns helpers to wait for text on screen (returning the frame that had
// it) and to type keys. Tests read the screen only through wait: the model
// belongs to the program's goroutine until it has finished.
func studioFlow(t *testing.T) (tm *teatest.TestModel, m *Model, wait func(...string) string, keys func(...string)) {
	t.Helper()
	empty := filepath.Join(t.TempDir(), "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	m = New(Options{DefaultSource: empty, Theme: "dark"})
	frame := &atomic.Value{}
	frame.Store("")
	tm = teatest.NewTestModel(t, recorder{m, frame}, teatest.WithInitialTermSize(120, 40))
	wait = func(want ...string) string {
		t.Helper()
		has := func(f string) bool {
			for _, w := range want {
				if !strings.Contains(f, w) {
					return false
				}
			}
			return true
		}
		for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
			if f := frame.Load().(string); has(f) {
				return f
			}
		}
		t.Fatalf("waited 10s for %q; the screen shows:\n%s", want, frame.Load())
		return ""
	}
	keys = func(ks ...string) {
		for _, k := range ks {
			tm.Send(keyPress(k))
		}
	}
	wait("13 skills")
	tm.Type("/webhook")
	wait("1/13")
	keys("enter", "enter")
	wait("webhook-verification  SKILL.md", "Verify every incoming webhook")
	keys("tab", "tab", "tab", "tab") // Read → Info → Lint → Review → Quiz
	wait("begin the exam")
	keys("enter")
	wait("Which bytes does the sender")
	return tm, m, wait, keys
}

// TestFlowQuizThroughAFailedGate: a wrong answer's reference opens in the
// Read tab and backspace returns to the quiz; load-skill opens another
// skill and comes back; a retry opens the gate and the body is whole.
func TestFlowQuizThroughAFailedGate(t *testing.T) {
	tm, m, wait, keys := studioFlow(t)
	keys("2")
	wait("Incorrect", "load-reference")
	keys("enter")
	wait("signing-scheme.md", "back to the quiz")
	keys("backspace")
	wait("Incorrect", "load-reference")
	keys("space")
	wait("How should the computed signature")
	keys("1")
	wait("load-skill → secrets-handling")
	keys("enter")
	wait("secrets-handling  SKILL.md", "back to the quiz")
	keys("backspace")
	wait("load-skill → secrets-handling", "webhook-verification  SKILL.md")
	keys("space")
	wait("The gate stays locked")
	keys("r")
	wait("attempt 2")
	keys("1", "space", "2", "space")
	wait("The gate opens")
	keys("1") // the Read tab: the whole body now
	wait("Replay Protection")
	tm.Type("q")
	tm.WaitFinished(t, teatest.WithFinalTimeout(finalTimeout))
	if m.skill.gate != nil {
		t.Error("the body is still gated after the gate opened")
	}
}

// TestFlowQuizGotoShowsTheLockedBody: goto lands on its section in the
// Read tab, which shows only what the run unlocked, and back returns.
func TestFlowQuizGotoShowsTheLockedBody(t *testing.T) {
	tm, _, wait, keys := studioFlow(t)
	keys("1")
	wait("Correct", "goto → section")
	keys("enter")
	screen := wait("Body locked by the quiz run", "Verification Steps", "back to the quiz")
	if strings.Contains(screen, "## Replay Protection") {
		t.Error("a locked section is on screen")
	}
	keys("backspace")
	wait("goto → section", "Q 1/2")
	tm.Type("q")
	tm.WaitFinished(t, teatest.WithFinalTimeout(finalTimeout))
}
