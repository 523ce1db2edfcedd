package ui

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"

	tea "charm.land/bubbletea/v2"
	"github.com/sahilm/fuzzy"
	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/model"
)

// longStudio is a studio of n skills whose names, descriptions and
// findings are each long: combining marks, wide runes, RTL and
// zero-width joiners.
func longStudio(tb testing.TB, n int, long string) *Model {
	tb.Helper()
	m := New(Options{Theme: "dark"})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	entries := make([]*Entry, n)
	for i := range n {
		f := model.Formats[i%3]
		s := &model.Skill{
			Format: f, Name: fmt.Sprintf("n%06d-%s", i, long), Version: "1",
			Description: long + long, Body: "# h\n\n" + long + "\n",
			Location: model.Location{Source: "bench", FS: fstest.MapFS{}, Dir: ".", File: "SKILL.md"},
		}
		e := &Entry{ID: i + 1, Candidate: formats.Candidate{Format: f, Path: s.Name}, Source: "bench", Base: s.Location}
		e.loaded = s
		e.setSkill(s)
		entries[i] = e
		m.entries[e.ID] = e
	}
	m.lib.add(entries...)
	m.loaded = true
	m.skill.setEntry(m.lib.Selected(), false)
	return m
}

func allocated(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

const longText = "e\u0301\u0302\u0303e\u0301\u0302\u0303e\u0301\u0302\u0303e\u0301\u0302\u0303漢字漢字\u202e\u200bשלום\u200d\u200d"

// Typing into the filter of a library whose skills have 6 KB names and
// descriptions: a key copied each name (300 MB per key at 100,000 skills)
// and each search read all of every string (49 s of matching per key),
// and a search a newer key replaced still ran to its end. Now a key
// costs bytes per skill, not per character of its text, matching reads a
// bounded prefix, and a replaced search stops at its next chunk.
func TestFilterKeyIsBoundedByLibraryNotText(t *testing.T) {
	const n = 1000
	m := longStudio(t, n, strings.Repeat(longText, 100))
	m.Update(keyPress("/"))
	var cmd tea.Cmd
	got := allocated(func() { cmd = m.lib.Update(keyPress("e")) })
	if per := got / n; per > 200 {
		t.Errorf("a key allocated %d bytes per skill (%d in all)", per, got)
	}
	var msg tea.Msg
	got = allocated(func() { msg = cmd() })
	res, ok := msg.(filterResultMsg)
	if !ok || len(res.lines) != n {
		t.Fatalf("search answered %T with %d lines", msg, len(res.lines))
	}
	// Matching reads at most maxMatchName+maxMatchDesc bytes a skill;
	// its allocations are the matches, not the text.
	if per := got / n; per > 2048 {
		t.Errorf("a search allocated %d bytes per skill (%d in all)", per, got)
	}

	// A search replaced before it ran answers nothing and reads no chunk.
	old := m.lib.filterCmd()
	m.lib.Update(keyPress("x"))
	if msg := old(); msg != nil {
		t.Errorf("a replaced search answered %T", msg)
	}
}

func TestFindChunkedIsFuzzyFind(t *testing.T) {
	data := make([]string, 3*matchChunk+17)
	for i := range data {
		data[i] = fmt.Sprintf("skill %d %s", i*7919%1000, strings.Repeat("ab", i%5))
	}
	want := fuzzy.Find("s9a", data)
	checks := 0
	got, ok := findChunked("s9a", data, func() bool { checks++; return false })
	if !ok || len(got) != len(want) {
		t.Fatalf("got %d matches (ok %v), want %d", len(got), ok, len(want))
	}
	for i := range want {
		if got[i].Index != want[i].Index || got[i].Score != want[i].Score {
			t.Fatalf("match %d: got %d/%d, want %d/%d", i, got[i].Index, got[i].Score, want[i].Index, want[i].Score)
		}
	}
	if checks != 4 {
		t.Errorf("stale checked %d times for 4 chunks", checks)
	}
	if _, ok := findChunked("s", data, func() bool { return true }); ok {
		t.Error("a stale search went on")
	}
	if got := matchPrefix("漢字", 4); got != "漢" {
		t.Errorf("matchPrefix cut a character: %q", got)
	}
}
