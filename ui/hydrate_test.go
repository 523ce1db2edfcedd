package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A local library is held slim: only the skill the pane shows carries its
// body, functions and display fields, and moving on lets them go.
func TestLibraryKeepsOnlyTheShownSkillWhole(t *testing.T) {
	m := studio(t, Options{Sources: []string{fixtureLibrary(t)}}, 120, 40)
	check := func() {
		t.Helper()
		shown := m.skill.entry
		if shown == nil {
			t.Fatal("nothing shown")
		}
		for _, e := range m.lib.entries {
			if !e.slim || (e.loaded.Body != "" && len(e.loaded.Quizzes) == 0) || e.loaded.Functions != nil {
				t.Errorf("%s: the library holds it whole (slim %v, body %d bytes, %d functions)", e.Skill.Name, e.slim, len(e.loaded.Body), len(e.loaded.Functions))
			}
			if e == shown {
				if e.Skill.Body == "" && len(e.Skill.Functions) == 0 {
					t.Errorf("%s is shown without its body or functions", e.Skill.Name)
				}
				continue
			}
			if e.view != nil || e.Skill.Body != "" || e.Skill.Functions != nil {
				t.Errorf("%s is not shown but keeps its views", e.Skill.Name)
			}
		}
	}
	check()
	for range m.lib.entries {
		press(t, m, "down")
		check()
	}
	// Functions stay findable by the filter when slim.
	withFunctions := 0
	for _, e := range m.lib.entries {
		if e.hasFunctionsAtAll() {
			withFunctions++
		}
	}
	if withFunctions == 0 {
		t.Error("no skill of the fixture library counts as having functions")
	}
}

// The shown skill's Read tab is its body, read again whole; an edit on
// disk (the watcher's re-read) shows the new body at once.
func TestShownSkillReadsItsBodyAndFollowsEdits(t *testing.T) {
	lib := fixtureLibrary(t)
	m := studio(t, Options{Sources: []string{lib}}, 120, 40)
	selectSkill(t, m, "hello-world")
	if !strings.Contains(m.skill.entry.Skill.Body, "#") {
		t.Fatalf("hello-world shown with body %q", m.skill.entry.Skill.Body)
	}
	file := filepath.Join(lib, "skills", "hello-world", "SKILL.md")
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, append(src, []byte("\n## Freshly added section\n\nNew text.\n")...), 0o644); err != nil {
		t.Fatal(err)
	}
	e := m.skill.entry
	drain(t, m, reloadCmd(e, m.readerOptions(), m.opts.Config))
	if !strings.Contains(m.skill.entry.Skill.Body, "Freshly added section") {
		t.Errorf("after the re-read the shown body is %q", m.skill.entry.Skill.Body)
	}
	if e.loaded.Body != "" {
		t.Error("the re-read skill is kept whole in the library")
	}
}

// Before its whole read lands, a skill's Read tab says it is reading,
// never that the skill has no body; then the body is rendered.
func TestReadTabWaitsForTheWholeRead(t *testing.T) {
	m := studio(t, Options{Sources: []string{fixtureLibrary(t)}}, 120, 40)
	selectSkill(t, m, "hello-world")
	press(t, m, "down")
	_, cmd := m.Update(keyPress("up"))
	if m.skill.entry.Skill.Name != "hello-world" || m.skill.entry.view != nil {
		t.Fatalf("shown %s, whole %v", m.skill.entry.Skill.Name, m.skill.entry.view != nil)
	}
	if f := content(m); strings.Contains(f, "no body text") || !strings.Contains(f, "Reading") {
		t.Errorf("before the whole read the frame shows:\n%s", f)
	}
	drain(t, m, cmd)
	if f := content(m); strings.Contains(f, "Reading") || strings.Contains(f, "no body text") {
		t.Errorf("after the whole read the frame shows:\n%s", f)
	}
}
