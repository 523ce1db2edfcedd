package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// tabColumns is where each visible tab's name starts in the bar.
func tabColumns(t *testing.T, m *Model, bar string) []int {
	t.Helper()
	var cols []int
	from := 0
	for _, i := range m.skill.visible() {
		tab := m.skill.tabs[i]
		label := tab.Title()
		at := strings.Index(bar[from:], label)
		if s, ok := tab.(shortTitler); ok && at < 0 {
			label = s.ShortTitle()
			at = strings.Index(bar[from:], label)
		}
		if at < 0 {
			return nil // inactive tabs as numbers
		}
		cols = append(cols, ansi.StringWidth(bar[:from+at]))
		from += at + len(label)
	}
	return cols
}

// TestTabBarStableWhenBadgesAppear: the badges (Lint's and Review's
// counts, the Quiz run's lock) arrive after the row is drawn — the review
// runs in the background, a run starts when the user asks — and the row
// must not move when they do: every name keeps its column, at every pane
// width, whether the badges are there yet or not.
func TestTabBarStableWhenBadgesAppear(t *testing.T) {
	m := embeddedStudio(t, 120, 40)
	for _, name := range []string{"webhook-verification", "Broken Weather", "feed-reader", "Broken_Onboarding", "forgejo-api"} {
		selectSkill(t, m, name)
		e := m.skill.entry
		reviewed, row := e.risk, e.row
		if reviewed == nil {
			t.Fatalf("%s: not reviewed yet, so the test compares nothing", name)
		}
		bars := func() map[int]string {
			out := map[int]string{}
			for w := 20; w <= 140; w++ {
				m.skill.SetSize(w, 30)
				out[w] = ansi.Strip(m.skill.tabBar())
			}
			return out
		}
		e.risk = nil // before the background review lands
		e.row.errors, e.row.warnings = 0, 0
		before := bars()
		e.risk, e.row = reviewed, row
		after := bars()
		if q := quizTabOf(t, m); q.Applies(e) {
			openTab(t, m, "Quiz")
			m.focus = focusSkill
			m.syncFocus()
			press(t, m, "enter")  // start a run: the lock badge appears
			if q.Badge(e) != "" { // an invalid quiz does not run
				after = bars()
			}
			press(t, m, "x", "esc")
		}
		for w := 20; w <= 140; w++ {
			b, a := tabColumns(t, m, before[w]), tabColumns(t, m, after[w])
			if ansi.StringWidth(after[w]) > w {
				t.Errorf("%s at %d: bar %q is wider than the pane", name, w, after[w])
			}
			if b == nil || a == nil {
				if (b == nil) != (a == nil) {
					t.Errorf("%s at %d: badges changed how tabs are named:\n%q\n%q", name, w, before[w], after[w])
				}
				continue
			}
			if !equalInts(a, b) {
				t.Errorf("%s at %d: the row moved when badges appeared:\n%q\n%q", name, w, before[w], after[w])
			}
		}
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
