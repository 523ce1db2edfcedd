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

// TestTabBarNamesEveryTab: whenever names fit at all, a first-time user
// sees every tab's name (abbreviated before any is dropped), and the
// roomiest style that fits is used.
func TestTabBarNamesEveryTab(t *testing.T) {
	m := embeddedStudio(t, 120, 40)
	for _, name := range []string{"Broken Weather", "Broken_Onboarding", "webhook-verification", "feed-reader"} {
		selectSkill(t, m, name)
		for _, w := range []int{40, 45, 53, 64, 80, 118} {
			m.skill.SetSize(w, 30)
			bar := ansi.Strip(m.skill.tabBar())
			if bw := ansi.StringWidth(bar); bw > w {
				t.Errorf("%s at %d: bar is %d wide", name, w, bw)
			}
			for _, i := range m.skill.visible() {
				tab := m.skill.tabs[i]
				label := tab.Title()
				if s, ok := tab.(shortTitler); ok && !strings.Contains(bar, label) {
					label = s.ShortTitle()
				}
				if !strings.Contains(bar, label) {
					t.Errorf("%s at width %d: tab %s has no name in %q", name, w, tab.Title(), bar)
				}
			}
			if w >= 64 && !strings.Contains(bar, "Lint") {
				t.Errorf("%s at %d: %q", name, w, bar)
			}
		}
	}
	// Very narrow: inactive tabs fall back to their numbers, never wider
	// than the pane.
	m.skill.SetSize(24, 30)
	if bw := ansi.StringWidth(m.skill.tabBar()); bw > 24 {
		t.Errorf("narrow bar is %d wide", bw)
	}
	m.skill.SetSize(64, 30)
	selectSkill(t, m, "forgejo-api")
	if bar := ansi.Strip(m.skill.tabBar()); !strings.Contains(bar, "1 Read") {
		t.Errorf("numbers dropped although they fit: %q", bar)
	}
}
