package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// Keys typed right after enter arrive before huh's focus move (it comes
// back from a command): they must land in the new field, not the old one.
// The keys go in as one batch, the move's command runs after them — the
// order a real program meets them in when typed quickly.
func TestWizardTypeAheadAcrossEnter(t *testing.T) {
	m, w := xgsWizard(t)
	typeText(t, m, "tide-helper")

	var later []tea.Cmd
	send := func(k tea.KeyPressMsg) {
		_, cmd := m.Update(k)
		later = append(later, cmd)
	}
	send(keyPress("enter"))
	for _, r := range "Tides" {
		send(keyPress(string(r)))
	}
	send(keyPress("enter"))
	for _, r := range "tideNs" {
		send(keyPress(string(r)))
	}
	for _, c := range later {
		drain(t, m, c)
	}
	if w.in.name != "tide-helper" {
		t.Errorf("name = %q: keys typed after enter landed in it", w.in.name)
	}
	if w.in.desc != "Tides" {
		t.Errorf("description = %q, want %q", w.in.desc, "Tides")
	}
	if w.in.ns != "tideNs" {
		t.Errorf("namespace = %q, want %q (the second enter's type-ahead)", w.in.ns, "tideNs")
	}
	if w.ta.holding || len(w.ta.keys) > 0 {
		t.Errorf("keys still held after the moves: %d", len(w.ta.keys))
	}
}

// An enter the field refuses (an invalid name) holds nothing: the keys
// after it stay in that field, where the user is.
func TestWizardTypeAheadAfterRefusedEnter(t *testing.T) {
	m, w := xgsWizard(t)
	typeText(t, m, "Bad")
	press(t, m, "enter", "x")
	if w.ta.holding || w.in.name != "Badx" {
		t.Errorf("after a refused enter: holding=%v name=%q, want the key in the name", w.ta.holding, w.in.name)
	}
}

// The same through a real program: name, enter and description sent
// back to back, without waiting for the focus to move.
func TestWizardTypeAheadProgram(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	lib := fixtureLibrary(t)
	m := New(Options{Sources: []string{lib}, Theme: "dark", WorkDir: lib})
	tm, frame := recordedProgram(t, m)
	wait := func(want string) { t.Helper(); waitFrame(t, tm, frame, want) }
	wait("4 skills")
	tm.Type("n")
	wait("What kind of skill?")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	wait("Name")
	for _, r := range "tide-helper" {
		tm.Send(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	for _, r := range "Tide tables" {
		tm.Send(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	wait("Tide tables")
	if f := frame.Load().(string); strings.Contains(f, "tide-helperT") {
		t.Errorf("the description's first keys landed in the name:\n%s", f)
	}
	if err := tm.Quit(); err != nil {
		t.Fatal(err)
	}
}

// A loaded machine can deliver the hold's time limit before huh's focus
// move (the move's command has not even run yet): the limit must not
// release the held keys into the field being left; it looks again until
// the move comes.
func TestWizardTypeAheadLimitWaitsForTheMove(t *testing.T) {
	m, w := xgsWizard(t)
	typeText(t, m, "tide-helper")
	_, move := m.Update(keyPress("enter")) // not run yet: the machine is busy
	_, _ = m.Update(keyPress("T"))
	// The limit fires before the move's command has run.
	_, again := m.Update(typeaheadReleaseMsg{w.id, w.ta.gen})
	if w.in.name != "tide-helper" || !w.ta.holding {
		t.Fatalf("the limit released before the move: name=%q holding=%v", w.in.name, w.ta.holding)
	}
	drain(t, m, move)
	drain(t, m, again)
	if w.in.name != "tide-helper" || w.in.desc != "T" {
		t.Errorf("name=%q desc=%q, want tide-helper and T", w.in.name, w.in.desc)
	}
}

// xgsWizard is a studio with the new-skill wizard open on the basic
// .xgs.js template, its focus on the name.
func xgsWizard(t *testing.T) (*Model, *newSkillWizard) {
	t.Helper()
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	m := studio(t, Options{Sources: []string{fixtureLibrary(t)}}, 120, 40)
	press(t, m, "n")
	press(t, m, "enter") // xgs · basic
	return m, wizardOf(t, m)
}
