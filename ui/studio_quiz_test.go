package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// embeddedStudio opens the studio on an empty folder, so it shows the
// example library built into the binary (it has the quiz skills).
func embeddedStudio(t testing.TB, w, h int) *Model {
	t.Helper()
	empty := filepath.Join(t.TempDir(), "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	return studio(t, Options{DefaultSource: empty}, w, h)
}

// activeTitle is the title of the skill pane's active tab.
func activeTitle(m *Model) string { return m.skill.tabs[m.skill.active].Title() }

func quizTabOf(t testing.TB, m *Model) *quizTab {
	t.Helper()
	for _, tab := range m.skill.tabs {
		if q, ok := tab.(*quizTab); ok {
			return q
		}
	}
	t.Fatal("no quiz tab")
	return nil
}

func TestQuizNumberKeysAnswerInsteadOfSwitchingTabs(t *testing.T) {
	m := embeddedStudio(t, 120, 40)
	selectSkill(t, m, "webhook-verification")
	press(t, m, "enter") // focus the skill pane
	openTab(t, m, "Quiz")
	press(t, m, "enter") // begin
	q := quizTabOf(t, m)
	if q.mode != quizAsking {
		t.Fatalf("mode %v, want asking", q.mode)
	}
	press(t, m, "2")
	if got := activeTitle(m); got != "Quiz" {
		t.Fatalf("2 switched to the %s tab instead of answering", got)
	}
	if q.mode != quizFeedback || q.last == nil || q.last.Choice != 1 {
		t.Fatalf("2 did not answer option 2 (mode %v)", q.mode)
	}
	// Between questions the number keys switch tabs again.
	press(t, m, "1")
	if got := activeTitle(m); got != "Read" {
		t.Errorf("1 outside a question opened %s, want Read", got)
	}
}

func TestQuizKeysShowInTheHelpBar(t *testing.T) {
	m := embeddedStudio(t, 120, 40)
	selectSkill(t, m, "webhook-verification")
	press(t, m, "enter")
	openTab(t, m, "Quiz")
	press(t, m, "enter")
	help := ansi.Strip(content(m))
	help = help[strings.LastIndex(help, "\n"):]
	for _, want := range []string{"1-9 answer", "enter answer"} {
		if !strings.Contains(help, want) {
			t.Errorf("help bar lacks %q: %s", want, help)
		}
	}
}
