package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// danglingIndex adds an index entry whose folder does not exist to the
// fixture library's OS Loop repository: a library-level finding.
func danglingIndex(t *testing.T, lib string) {
	t.Helper()
	p := filepath.Join(lib, "osloop", "skills", "index.json")
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	gone := `,
  {"name": "gone", "description": "Was here once", "version": "0.1.0", "author": "t", "folderPath": "skills/gone", "tags": [],
   "supportedPlatforms": [], "bridgeRequirement": "never", "workspaceSupport": "none", "workspaceSchemaVersion": null,
   "compatibilityRequirements": [], "longRunningSupport": "none", "userInputSupport": false,
   "artifactVersioningSupport": false, "executionMode": "declarative"}
]`
	text := strings.TrimSpace(string(data))
	text = strings.TrimSuffix(text, "]") + gone + "\n"
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestLintTabShowsLibraryFindings(t *testing.T) {
	t.Setenv("VISUAL", "")
	t.Setenv("EDITOR", "")
	lib := fixtureLibrary(t)
	danglingIndex(t, lib)
	m := studio(t, Options{Sources: []string{lib}}, 120, 40)
	if n := len(m.allLibraryFindings()); n == 0 {
		t.Fatal("the dangling index entry gave no library finding")
	}
	selectSkill(t, m, "word-count")
	press(t, m, "enter")
	openTab(t, m, "Lint")
	v := ansi.Strip(content(m))
	for _, want := range []string{"LIBRARY", "about the source", "skills/index.json", "gone", "(Lint tab)"} {
		if !strings.Contains(v, want) {
			t.Errorf("the Lint tab lacks %q:\n%s", want, v)
		}
	}
	checkFrame(t, m)
	// The library finding is selected first; enter edits it like any other.
	lt := m.skill.tabs[m.skill.active].(*lintTab)
	if lt.nlib == 0 || lt.sel != 0 {
		t.Fatalf("nlib %d sel %d", lt.nlib, lt.sel)
	}
	press(t, m, "enter")
	if !strings.Contains(m.status, "no editor") {
		t.Errorf("enter on a library finding: status %q", m.status)
	}
	// A skill of another source does not show them.
	other := studio(t, Options{Sources: []string{filepath.Join(lib, "osloop"), filepath.Join(lib, "xgs")}}, 120, 40)
	selectSkill(t, other, "tide-tables")
	openTab(t, other, "Lint")
	if v := ansi.Strip(content(other)); strings.Contains(v, "LIBRARY") {
		t.Errorf("a skill of another source shows this source's findings:\n%s", v)
	}
	selectSkill(t, other, "word-count")
	openTab(t, other, "Lint")
	if v := ansi.Strip(content(other)); !strings.Contains(v, "LIBRARY") {
		t.Errorf("the source's own skill lacks its findings:\n%s", v)
	}
}

func TestLintTabWithoutLibraryFindings(t *testing.T) {
	m := studio(t, Options{Sources: []string{fixtureLibrary(t)}}, 120, 40)
	selectSkill(t, m, "word-count")
	openTab(t, m, "Lint")
	if v := ansi.Strip(content(m)); strings.Contains(v, "LIBRARY") {
		t.Errorf("a library section with nothing in it:\n%s", v)
	}
}

// The skill's own findings come before the source's library findings
// ("not this skill"), which follow under their heading.
func TestLintTabLeadsWithTheSkillsOwnFindings(t *testing.T) {
	lib := fixtureLibrary(t)
	danglingIndex(t, lib)
	m := studio(t, Options{Sources: []string{lib}}, 120, 40)
	selectSkill(t, m, "hostile")
	press(t, m, "enter")
	openTab(t, m, "Lint")
	lt := m.skill.tabs[m.skill.active].(*lintTab)
	if lt.nlib == 0 || len(lt.diags) == lt.nlib {
		t.Skipf("hostile needs own and library findings here: %d, %d", len(lt.diags), lt.nlib)
	}
	v := ansi.Strip(content(m))
	own, libAt := strings.Index(v, "WARNING"), strings.Index(v, "LIBRARY")
	if own < 0 || libAt < 0 || own > libAt {
		t.Errorf("own findings at %d, library at %d:\n%s", own, libAt, v)
	}
	if d := lt.diags[0]; d.Rule == "" || strings.Contains(d.File, "index.json") {
		t.Errorf("the first finding selected is %+v", d)
	}
}
