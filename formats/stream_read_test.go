package formats

import (
	"context"
	"os"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

// A stream reads every candidate once and sends one Searched whose
// candidates are exactly what it read, whatever order batches came in.
func TestStreamReadsWhileSearching(t *testing.T) {
	dir := t.TempDir()
	if err := generateMixed(dir, 150); err != nil {
		t.Fatal(err)
	}
	base := model.Location{Source: dir, Root: dir, Local: true, FS: os.DirFS(dir)}
	open := func() (Source, error) { return Source{Base: base, Root: "."}, nil }
	var searched *Searched
	read := map[string]int{}
	for ev := range Stream(t.Context(), open, Settings{BatchSize: 7}) {
		if ev.Searched != nil {
			if searched != nil {
				t.Fatal("two Searched events")
			}
			searched = ev.Searched
		}
		for _, l := range ev.Batch {
			read[l.Candidate.Path]++
			if l.Skill == nil {
				t.Errorf("%s: no skill", l.Candidate.Path)
			}
		}
	}
	if searched == nil {
		t.Fatal("no Searched event")
	}
	if len(searched.Found.Candidates) != 150 || len(read) != 150 {
		t.Fatalf("searched %d, read %d, want 150 each", len(searched.Found.Candidates), len(read))
	}
	for _, c := range searched.Found.Candidates {
		if read[c.Path] != 1 {
			t.Errorf("%s read %d times", c.Path, read[c.Path])
		}
	}
}

// FindFunc hands candidates over as found and stops when told to.
func TestFindFuncStops(t *testing.T) {
	dir := t.TempDir()
	if err := generateMixed(dir, 60); err != nil {
		t.Fatal(err)
	}
	seen := 0
	f := FindFunc(os.DirFS(dir), ".", func(Candidate) bool { seen++; return seen < 5 })
	if seen != 5 || len(f.Candidates) != 5 {
		t.Errorf("emitted %d, found %d; want the search to stop at 5", seen, len(f.Candidates))
	}
	if all := Find(os.DirFS(dir), "."); len(all.Candidates) != 60 {
		t.Errorf("Find: %d candidates, want 60", len(all.Candidates))
	}
}

// Cancelling a stream mid-search ends it without draining.
func TestStreamCancelMidSearch(t *testing.T) {
	dir := t.TempDir()
	if err := generateMixed(dir, 300); err != nil {
		t.Fatal(err)
	}
	base := model.Location{Source: dir, Root: dir, Local: true, FS: os.DirFS(dir)}
	ctx, cancel := context.WithCancel(t.Context())
	ch := Stream(ctx, func() (Source, error) { return Source{Base: base, Root: "."}, nil }, Settings{BatchSize: 1})
	<-ch
	cancel()
	for range ch {
	}
}
