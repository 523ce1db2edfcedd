package ui

import (
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/skillstudio/skillstudio/examples"
	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/quiz"
)

// quizEntry is an example skill of the embedded library as the studio
// holds it.
func quizEntry(t testing.TB, name string) *Entry {
	t.Helper()
	base := model.Location{Source: "embedded", FS: examples.Library()}
	found := formats.Find(base.FS, ".")
	for _, c := range found.Candidates {
		s := formats.Load(c, base, model.Options{})
		if s.Name == name {
			return &Entry{ID: 1, Candidate: c, Base: base, Source: "embedded", Skill: s, loaded: s, row: newRow(s)}
		}
	}
	t.Fatalf("no skill %q in the embedded library", name)
	return nil
}

func newTestQuizTab(t testing.TB, name string, w, h int) *quizTab {
	c := NewCommon(Theme{Dark: true})
	tab := newQuizTab(c)
	tab.SetSize(w, h)
	tab.SetEntry(quizEntry(t, name), false)
	return tab
}

// press sends a key and runs the commands it returns (one level deep is
// enough for the tab: library loads and renderings).
func quizPress(tab *quizTab, k string) {
	cmd := tab.Update(quizKey(k))
	quizRunCmd(tab, cmd)
}

func quizRunCmd(tab *quizTab, cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	if msg := cmd(); msg != nil {
		if b, ok := msg.(tea.BatchMsg); ok {
			for _, c := range b {
				quizRunCmd(tab, c)
			}
			return
		}
		quizRunCmd(tab, tab.Update(msg))
	}
}

func quizKey(k string) tea.KeyPressMsg {
	switch k {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "space":
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	case "backspace":
		return tea.KeyPressMsg{Code: tea.KeyBackspace}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	}
	r := []rune(k)[0]
	return tea.KeyPressMsg{Code: r, Text: k}
}

func TestQuizTabAppliesOnlyToQuizSkills(t *testing.T) {
	tab := newQuizTab(NewCommon(Theme{Dark: true}))
	if !tab.Applies(quizEntry(t, "webhook-verification")) {
		t.Error("the quiz tab is hidden for a quiz skill")
	}
	if tab.Applies(quizEntry(t, "secrets-handling")) {
		t.Error("the quiz tab shows for a skill without a quiz")
	}
}

func TestQuizTabRunThroughFailedGate(t *testing.T) {
	tab := newTestQuizTab(t, "webhook-verification", 80, 30)
	if !strings.Contains(ansi.Strip(tab.View()), "begin the exam") {
		t.Fatalf("intro:\n%s", ansi.Strip(tab.View()))
	}
	quizPress(tab, "enter")
	if tab.mode != quizAsking {
		t.Fatalf("mode %v after enter, want asking", tab.mode)
	}
	if !tab.CapturesKey(quizKey("3")) || tab.CapturesKey(quizKey("x")) {
		t.Error("number keys must answer while a question waits")
	}
	if v := ansi.Strip(tab.View()); !strings.Contains(v, "body hidden") {
		t.Errorf("the body should be hidden during the run:\n%s", v)
	}
	quizPress(tab, "3") // wrong
	v := ansi.Strip(tab.View())
	for _, want := range []string{"✗ Incorrect", "the answer was 1", "▌ Read the signing scheme", "load-reference → references/signing-scheme.md"} {
		if !strings.Contains(v, want) {
			t.Errorf("feedback lacks %q:\n%s", want, v)
		}
	}
	quizPress(tab, "enter") // open the reference
	if tab.reader == nil || !strings.Contains(ansi.Strip(tab.View()), "Signing scheme") {
		t.Fatalf("reference not shown:\n%s", ansi.Strip(tab.View()))
	}
	quizPress(tab, "backspace")
	quizPress(tab, "space")
	quizPress(tab, "down") // cursor to option 2
	quizPress(tab, "enter")
	quizPress(tab, "space")
	if tab.mode != quizBlockEnd || tab.run.Record().State != quiz.GateClosed {
		t.Fatalf("mode %v gate %s, want a locked gate at the block's end", tab.mode, tab.run.Record().State)
	}
	quizPress(tab, "r")
	quizPress(tab, "1")
	if rec := tab.last; rec == nil || !rec.Correct {
		t.Fatal("retry answer not recorded as correct")
	}
	quizPress(tab, "enter") // open the goto section
	if v := ansi.Strip(tab.View()); !strings.Contains(v, "Verification Steps") {
		t.Errorf("goto section not shown:\n%s", v)
	}
	quizPress(tab, "backspace")
	quizPress(tab, "space")
	quizPress(tab, "2")
	quizPress(tab, "space")
	if tab.run.Record().State != quiz.GateOpen {
		t.Fatalf("gate %s after a passing retry", tab.run.Record().State)
	}
	quizPress(tab, "space") // on to block 2
	quizPress(tab, "2")
	quizPress(tab, "space")
	quizPress(tab, "2")
	quizPress(tab, "space")
	quizPress(tab, "space")
	if tab.mode != quizDone {
		t.Fatalf("mode %v, want done", tab.mode)
	}
	v = ansi.Strip(tab.View())
	for _, want := range []string{"Every gate is open", "2 attempts", "body unlocked"} {
		if !strings.Contains(v, want) {
			t.Errorf("summary lacks %q:\n%s", want, v)
		}
	}
}

// TestQuizTabLinesFitThePane: no line of any screen is wider than the pane.
func TestQuizTabLinesFitThePane(t *testing.T) {
	for _, w := range []int{40, 80, 120} {
		tab := newTestQuizTab(t, "ledger-api-onboarding", w, 24)
		check := func(stage string) {
			for i, l := range strings.Split(tab.View(), "\n") {
				if lw := ansi.StringWidth(l); lw > w {
					t.Errorf("width %d, %s, line %d is %d cells wide", w, stage, i+1, lw)
				}
			}
		}
		check("intro")
		quizPress(tab, "enter")
		check("question")
		quizPress(tab, "2")
		check("feedback")
		quizPress(tab, "enter")
		check("reader")
		quizPress(tab, "backspace")
		for _, k := range []string{"space", "1", "space", "2", "space", "2", "space"} {
			quizPress(tab, k)
		}
		check("block end")
		quizPress(tab, "space")
		check("done")
	}
}

// quizHarness runs the Quiz tab alone as a program, for teatest. The
// renderer sends only the cells that changed, so a word on screen may be
// split by cursor moves in the byte stream: the harness also keeps the
// last frame it drew, plain, for the test to wait on.
type quizHarness struct {
	tab  *quizTab
	last *atomic.Value
}

func (h quizHarness) Init() tea.Cmd { return nil }
func (h quizHarness) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	return h, h.tab.Update(msg)
}
func (h quizHarness) View() tea.View {
	v := h.tab.View()
	h.last.Store(ansi.Strip(v))
	return tea.NewView(v)
}

// TestQuizTabTeatestFlow drives the tab as a person would: a failed gate,
// the reference the wrong answer loads, a retry, and the gate opening.
func TestQuizTabTeatestFlow(t *testing.T) {
	tab := newTestQuizTab(t, "webhook-verification", 90, 32)
	frame := &atomic.Value{}
	frame.Store("")
	tm := teatest.NewTestModel(t, quizHarness{tab, frame}, teatest.WithInitialTermSize(90, 32))
	wait := func(want string) {
		t.Helper()
		teatest.WaitFor(t, tm.Output(), func([]byte) bool { return strings.Contains(frame.Load().(string), want) },
			teatest.WithDuration(20*time.Second), teatest.WithCheckInterval(10*time.Millisecond))
	}
	send := func(keys ...string) {
		for _, k := range keys {
			tm.Send(quizKey(k))
		}
	}
	wait("begin the exam")
	send("enter")
	wait("Which bytes does the sender")
	send("2")
	wait("Incorrect")
	send("enter")
	wait("signed_message") // the reference, rendered by glamour
	send("backspace", "space")
	wait("How should the computed signature")
	send("1")
	wait("secrets-handling")
	send("space")
	wait("The gate stays locked")
	send("r")
	wait("attempt 2")
	send("1", "space", "2", "space")
	wait("The gate opens")
	send("space")
	wait("Operating the receiver")
	if err := tm.Quit(); err != nil {
		t.Fatal(err)
	}
	tm.WaitFinished(t, teatest.WithFinalTimeout(finalTimeout))
	if !strings.Contains(frame.Load().(string), "▣ gate open") && tab.run.Transcript().Blocks[0].State != quiz.GateOpen {
		t.Error("the gate is not open at the end of the flow")
	}
}

func BenchmarkQuizTabView(b *testing.B) {
	tab := newTestQuizTab(b, "ledger-api-onboarding", 100, 40)
	quizRunCmd(tab, tab.start())
	for b.Loop() {
		_ = tab.View()
	}
}
