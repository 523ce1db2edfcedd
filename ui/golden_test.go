package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"
)

// Golden views: View().Content at several sizes in dark and light, from
// fixtures written for these tests (ui/testdata/library), so they change
// only when the studio (or a reader's findings on them) changes. Run
// `go test ./ui -update` to regenerate after a deliberate change.

var themes = []string{"dark", "light"}

var sizes = []struct{ w, h int }{{80, 24}, {120, 40}}

func sizeName(w, h int) string { return fmt.Sprintf("%dx%d", w, h) }

func TestGoldenEmbeddedStart(t *testing.T) {
	for _, theme := range themes {
		t.Run(theme, func(t *testing.T) {
			empty := filepath.Join(t.TempDir(), "empty")
			if err := os.Mkdir(empty, 0o755); err != nil {
				t.Fatal(err)
			}
			m := studio(t, Options{DefaultSource: empty, Theme: theme}, 120, 40)
			checkFrame(t, m)
			out := content(m)
			if !strings.Contains(out, "No skills in empty: showing the example library") {
				t.Error("the embedded-library notice is missing")
			}
			if len(m.lib.entries) == 0 {
				t.Fatal("the embedded library loaded no skills")
			}
			golden.RequireEqual(t, []byte(out))
		})
	}
}

func TestGoldenLibraryFilter(t *testing.T) {
	lib := fixtureLibrary(t)
	for _, theme := range themes {
		for _, sz := range sizes {
			t.Run(theme+"/"+sizeName(sz.w, sz.h), func(t *testing.T) {
				m := studio(t, Options{Sources: []string{lib}, Theme: theme}, sz.w, sz.h)
				press(t, m, "/")
				typeText(t, m, "tide")
				checkFrame(t, m)
				if got := m.lib.Selected(); got == nil || got.Skill.Name != "tide-tables" {
					t.Fatalf("filter 'tide' selects %v, want tide-tables", got)
				}
				golden.RequireEqual(t, []byte(content(m)))
			})
		}
	}
}

// tabCases: one skill per tab, the one that shows the tab best.
var tabCases = []struct{ tab, skill string }{
	{"Read", "hello-world"},
	{"Read", "hostile"},
	{"Info", "tide-tables"},
	{"Functions", "tide-tables"},
	{"Functions", "word-count"},
	{"Lint", "hostile"},
	{"Agent", "tide-tables"},
	{"Agent", "hello-world"},
	{"Agent", "word-count"},
	{"Files", "hello-world"},
}

func TestGoldenTabs(t *testing.T) {
	lib := fixtureLibrary(t)
	for _, theme := range themes {
		for _, sz := range sizes {
			m := studio(t, Options{Sources: []string{lib}, Theme: theme}, sz.w, sz.h)
			for _, tc := range tabCases {
				t.Run(strings.Join([]string{tc.tab, tc.skill, theme, sizeName(sz.w, sz.h)}, "/"), func(t *testing.T) {
					selectSkill(t, m, tc.skill)
					press(t, m, "enter") // focus the skill pane
					openTab(t, m, tc.tab)
					checkFrame(t, m)
					golden.RequireEqual(t, []byte(content(m)))
					press(t, m, "esc")
				})
			}
		}
	}
}

// TestGoldenLintAfterBreak breaks a skill on disk and shows the update
// that follows: the Lint tab gains the new finding in place.
func TestGoldenLintAfterBreak(t *testing.T) {
	for _, theme := range themes {
		t.Run(theme, func(t *testing.T) {
			lib := fixtureLibrary(t)
			m := studio(t, Options{Sources: []string{lib}, Theme: theme}, 120, 40)
			selectSkill(t, m, "hello-world")
			press(t, m, "enter")
			openTab(t, m, "Lint")
			before := m.skill.entry.row.errors
			golden.RequireEqual(t, []byte(content(m)))

			breakHelloWorld(t, lib)
			drain(t, m, func() tea.Msg { return skillsChangedMsg{ids: []int{m.skill.entry.ID}} })
			checkFrame(t, m)
			if after := m.skill.entry.row.errors; after <= before {
				t.Fatalf("errors %d → %d: the broken name was not reported", before, after)
			}
			if m.skill.tabs[m.skill.active].Title() != "Lint" {
				t.Error("the update moved off the Lint tab")
			}
			t.Run("after", func(t *testing.T) {
				golden.RequireEqual(t, []byte(content(m)))
			})
		})
	}
}

// breakHelloWorld gives hello-world a name that breaks two rules.
func breakHelloWorld(t testing.TB, lib string) {
	t.Helper()
	p := filepath.Join(lib, "skills", "hello-world", "SKILL.md")
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	broken := strings.Replace(string(data), "name: hello-world", "name: Hello_World", 1)
	if err := os.WriteFile(p, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
}
