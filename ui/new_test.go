package ui

import (
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/templates"
)

// TestFlowNewSkillFromStudio: `n` opens the wizard, a SKILL.md skill is
// made from the minimal template, and the studio selects it and shows its
// Read tab — through a real program, keys typed as a user types them.
func TestFlowNewSkillFromStudio(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	lib := fixtureLibrary(t)
	m := New(Options{Sources: []string{lib}, Theme: "dark", WorkDir: filepath.Dir(lib)})
	tm, frame := recordedProgram(t, m)
	wait := func(want ...string) { t.Helper(); waitFrame(t, tm, frame, want...) }
	enter := func() { tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter}) }
	wait("4 skills")

	tm.Type("n")
	wait("What kind of skill?")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyDown})
	tm.Send(tea.KeyPressMsg{Code: tea.KeyDown})
	enter() // SKILL.md · minimal
	wait("New skill · SKILL.md · minimal", "Name")

	tm.Type("release-helper")
	wait("✓ kebab-case")
	enter()
	wait("┃ Description") // focus moves in a command: wait before going on
	tm.Type("Drafts release notes from merged changes")
	wait("lib/release-helper/SKILL.md", "skillstudio lint lib/release-helper") // the preview
	// Author, version, folder (the suggestion), optional parts: each enter
	// once the focus has moved on.
	for _, next := range []string{"┃ Author", "┃ Version", "┃ Folder", "┃ Optional parts", "Create it?"} {
		enter()
		wait(next)
	}
	enter()
	wait("5 skills", "When to Use")

	tm.Type("q")
	final := tm.FinalModel(t, teatest.WithFinalTimeout(finalTimeout)).(studioRecorder).Model
	e := final.skill.entry
	if e == nil || e.Skill.Name != "release-helper" {
		t.Fatalf("selected %v, want the new skill", e)
	}
	if got := final.skill.tabs[final.skill.active].Title(); got != "Read" || final.focus != focusSkill {
		t.Errorf("tab %s, focus %v: want the Read tab, focused", got, final.focus)
	}
	if final.screen != nil {
		t.Error("the wizard is still open")
	}
	if _, err := os.Stat(filepath.Join(lib, "release-helper", "SKILL.md")); err != nil {
		t.Error(err)
	}
}

// studioRecorder is the studio with its last frame kept, plain.
type studioRecorder struct {
	*Model
	last *atomic.Value
}

func (r studioRecorder) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	_, cmd := r.Model.Update(msg)
	return r, cmd
}

func (r studioRecorder) View() tea.View {
	v := r.Model.View()
	r.last.Store(ansi.Strip(v.Content))
	return v
}

// paste delivers s as one paste, as a terminal does (faster than typing
// it key by key through drain).
func paste(t *testing.T, m *Model, s string) {
	t.Helper()
	_, cmd := m.Update(tea.PasteMsg{Content: s})
	drain(t, m, cmd)
}

// wizardOf is the open new-skill screen.
func wizardOf(t *testing.T, m *Model) *newSkillWizard {
	t.Helper()
	w, ok := m.screen.(*newSkillWizard)
	if !ok {
		t.Fatalf("screen is %T, want the new-skill wizard", m.screen)
	}
	return w
}

func TestWizardValidatesAsYouTypeAndPreviews(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	lib := fixtureLibrary(t)
	m := studio(t, Options{Sources: []string{lib}}, 120, 40)
	press(t, m, "n")
	checkFrame(t, m)
	if !strings.Contains(content(m), "What kind of skill?") {
		t.Fatalf("no template choice:\n%s", content(m))
	}
	press(t, m, "enter") // xgs · basic
	w := wizardOf(t, m)
	if w.tmpl.Format != model.FormatXGS || w.tmpl.Name != "basic" {
		t.Fatalf("template %s/%s", w.tmpl.Format, w.tmpl.Name)
	}
	typeText(t, m, "Bad")
	if !strings.Contains(content(m), "✗") || !strings.Contains(content(m), "kebab-case") {
		t.Errorf("no live verdict on a bad name:\n%s", content(m))
	}
	press(t, m, "enter")
	if w.form.GetFocusedField() != w.nameIn {
		t.Error("enter moved past an invalid name")
	}
	for range 3 {
		press(t, m, "backspace")
	}
	paste(t, m, "tide-helper")
	press(t, m, "enter")
	paste(t, m, "Tide tables for harbours")
	press(t, m, "enter", "enter") // the namespace: its suggestion
	// The empty Match field says it is required: enter will not move on.
	if !strings.Contains(ansi.Strip(content(m)), "required · Chrome match patterns") {
		t.Errorf("the empty required Match field does not say so:\n%s", content(m))
	}
	// Its placeholder is an example, not a value enter would take.
	for _, l := range strings.Split(ansi.Strip(content(m)), "\n") {
		if strings.Contains(l, "*://*.example.com/*") && !strings.Contains(l, "e.g. *://*.example.com/*") {
			t.Errorf("the empty Match field shows a pattern that reads as its value: %q", l)
		}
	}
	if !strings.Contains(ansi.Strip(content(m)), "Fill in the match patterns to see the files.") {
		t.Errorf("the preview does not name the Match patterns field as the form does:\n%s", content(m))
	}
	press(t, m, "enter")
	if w.form.GetFocusedField() != w.matchIn {
		t.Error("enter moved past an empty Match field")
	}
	paste(t, m, "*://tides.example.org/*")
	checkFrame(t, m)
	out := content(m)
	for _, want := range []string{"✓", "tideHelper", "tide-helper.xgs.js", "skillstudio build"} {
		if !strings.Contains(out, want) {
			t.Errorf("frame lacks %q (suggested namespace, preview, next steps):\n%s", want, out)
		}
	}
	// Narrow: the preview goes below the form, and still fits.
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 30})
	checkFrame(t, m)
	press(t, m, "esc")
	if m.screen != nil {
		t.Error("esc did not cancel the wizard")
	}
	if entries, _ := os.ReadDir(lib); len(entries) != 3 {
		t.Errorf("cancelling wrote something: %d entries", len(entries))
	}
}

// TestWizardWriteFailureKeepsValues: a target taken between the form and
// the write is reported above the form, with every value kept.
func TestWizardWriteFailureKeepsValues(t *testing.T) {
	base := t.TempDir()
	c := NewCommon(Theme{Dark: true})
	w := newWizard(c, NewSkillRequest{Format: model.FormatSkillMD, Template: "minimal", Base: base,
		Values: templates.Values{Name: "taken-later", Description: "D"}})
	w.SetSize(120, 40)
	os.Mkdir(filepath.Join(base, "taken-later"), 0o755)
	msg := w.writeCmd()()
	w.Update(msg)
	if !strings.Contains(w.View(), "Nothing was written") || !strings.Contains(w.View(), "already exists") {
		t.Errorf("no failure shown:\n%s", w.View())
	}
	if w.in.name != "taken-later" || w.in.desc != "D" || w.done {
		t.Errorf("values lost or wizard closed: %+v done=%v", w.in, w.done)
	}
}

// TestNewSkillOutsideEverySourceIsAdded: a skill written outside the
// sources shown becomes a source of its own, and is selected.
func TestNewSkillOutsideEverySourceIsAdded(t *testing.T) {
	lib := fixtureLibrary(t)
	m := studio(t, Options{Sources: []string{lib}}, 120, 40)
	elsewhere := t.TempDir()
	tm, err := templates.Lookup(model.FormatXGS, "multi", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	p, err := templates.Prepare(tm, templates.Values{Name: "far-away", Description: "D", Matches: []string{"<all_urls>"}}, elsewhere)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Write(); err != nil {
		t.Fatal(err)
	}
	_, cmd := m.Update(NewSkillWrittenMsg{Plan: p})
	drain(t, m, cmd)
	if e := m.skill.entry; e == nil || e.Skill.Name != "far-away" {
		t.Fatalf("selected %v, want far-away", e)
	}
	if m.pendingNew != "" {
		t.Error("the pending selection was not cleared")
	}
	checkFrame(t, m)
}
