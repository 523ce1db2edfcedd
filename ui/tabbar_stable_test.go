package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestTabBarLayoutIsStable: the tab row keeps its layout whichever tab
// is active. Switching tabs only moves the highlight: every name stays in
// its column (unless the pane is so narrow that inactive tabs are bare
// numbers), the row keeps the pane's one-cell left margin, and it fits
// the pane at every width.
func TestTabBarLayoutIsStable(t *testing.T) {
	m := embeddedStudio(t, 120, 40)
	for _, name := range []string{"feed-reader", "Broken Weather", "Broken_Onboarding", "webhook-verification", "forgejo-api"} {
		selectSkill(t, m, name)
		for w := 30; w <= 130; w++ {
			m.skill.SetSize(w, 30)
			first := ""
			for _, i := range m.skill.visible() {
				m.skill.active = i
				bar := ansi.Strip(m.skill.tabBar())
				if bw := ansi.StringWidth(bar); bw > w {
					t.Errorf("%s at %d, %s active: bar is %d wide: %q", name, w, m.skill.tabs[i].Title(), bw, bar)
				}
				if !strings.HasPrefix(bar, " ") {
					t.Errorf("%s at %d, %s active: no left margin: %q", name, w, m.skill.tabs[i].Title(), bar)
				}
				if !namesEveryTab(m, bar) {
					continue // inactive tabs as numbers: only the active one is named
				}
				if first == "" {
					first = bar
				} else if bar != first {
					t.Errorf("%s at %d: the row moves when %s is active:\n%q\n%q", name, w, m.skill.tabs[i].Title(), first, bar)
				}
			}
		}
	}
}

// namesEveryTab: bar holds every visible tab's title or short title.
func namesEveryTab(m *Model, bar string) bool {
	for _, i := range m.skill.visible() {
		tab := m.skill.tabs[i]
		label := tab.Title()
		if s, ok := tab.(shortTitler); ok && !strings.Contains(bar, label) {
			label = s.ShortTitle()
		}
		if !strings.Contains(bar, label) {
			return false
		}
	}
	return true
}
