package ui

import (
	"strings"
	"testing"
	"testing/fstest"

	tea "charm.land/bubbletea/v2"
	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/model"
)

func streamEntry(id int, name string) *Entry {
	s := &model.Skill{
		Format:      model.FormatSkillMD,
		Name:        name,
		Description: "Does " + name + ".",
		Location:    model.Location{Source: "s", FS: fstest.MapFS{}, Dir: ".", File: "SKILL.md"},
	}
	e := &Entry{ID: id, Candidate: formats.Candidate{Format: s.Format, Path: name}, Source: "s", Base: s.Location}
	e.loaded = s
	e.setSkill(s)
	return e
}

// Skills arrive in batches in no particular order; the first row must stay
// selected (and shown) until the user moves, then the selection is theirs.
func TestStreamingKeepsTopRowSelectedUntilTheUserMoves(t *testing.T) {
	m := New(Options{Theme: "dark"})
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	m.ld.sources = []*source{{spec: "s", label: "s", reading: true}}
	deliver := func(es ...*Entry) {
		m.onBatchLoaded(batchLoadedMsg{src: 0, entries: es})
	}
	deliver(streamEntry(1, "zebra"))
	deliver(streamEntry(2, "apple"), streamEntry(3, "mango"))
	if got := m.lib.Selected().Skill.Name; got != "apple" {
		t.Fatalf("selected %q while loading, want the top row apple", got)
	}
	if got := m.skill.entry.Skill.Name; got != "apple" {
		t.Fatalf("skill pane shows %q, want apple", got)
	}
	m.Update(keyPress("down"))
	deliver(streamEntry(4, "aardvark"))
	if got := m.lib.Selected().Skill.Name; got != "mango" {
		t.Fatalf("selected %q after the user moved to mango and more skills arrived", got)
	}
}

// o with a single source changes nothing on screen, so it says why.
func TestGroupKeyWithOneSourceSaysWhy(t *testing.T) {
	m := studio(t, Options{Sources: []string{fixtureLibrary(t)}}, 120, 30)
	press(t, m, "o")
	if bar := m.statusBar(); !strings.Contains(bar, "Only one source") {
		t.Fatalf("status bar after o with one source: %q", bar)
	}
}

// D with a single source says there is nothing to remove (it used to ask
// to group by source, which shows no groups with one source).
func TestRemoveKeyWithOneSourceSaysWhy(t *testing.T) {
	m := studio(t, Options{Sources: []string{fixtureLibrary(t)}}, 120, 30)
	press(t, m, "D")
	if bar := m.statusBar(); !strings.Contains(bar, "is the only source") || m.confirm != nil {
		t.Fatalf("status bar after D with one source: %q", bar)
	}
}
