package lsp

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// A workspace pull holding 200,000 previousResultIds keeps the open
// documents' ids and the maxClosedReports first closed files in path
// order, and no more: the selection allocates for what it keeps, not
// for every entry. It built a map of every entry, one of every path and
// a sorted slice of them all (about 8x the message in memory).
func TestKeptHeldAllocatesForWhatItKeeps(t *testing.T) {
	root := filepath.Join(t.TempDir(), "ws")
	s := newServer(Options{Debounce: time.Hour})
	s.folders = []*folder{{root: root}}
	openURI := protocol.DocumentURI(uri.File(filepath.Join(root, "open", "SKILL.md")))
	s.docs[openURI] = &document{uri: openURI, path: filepath.Join(root, "open", "SKILL.md")}

	const n = 200_000
	prev := make([]previousResultID, 0, n+2)
	for _, i := range rand.New(rand.NewPCG(1, 2)).Perm(n) {
		prev = append(prev, previousResultID{
			URI:   protocol.DocumentURI(uri.File(filepath.Join(root, fmt.Sprintf("s%06d", i), "SKILL.md"))),
			Value: fmt.Sprintf("id%d", i),
		})
	}
	prev = append(prev,
		previousResultID{URI: openURI, Value: "open-id"},
		previousResultID{URI: "file:///elsewhere/SKILL.md", Value: "outside"})

	var held map[protocol.DocumentURI]string
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	held = s.keptHeld(prev)
	runtime.ReadMemStats(&after)
	allocs, bytes := after.Mallocs-before.Mallocs, after.TotalAlloc-before.TotalAlloc

	// What is kept is 1,001 entries: a few hundred KB and a few thousand
	// allocations. One allocation per entry is 200,000.
	t.Logf("%d entries: %d allocations, %d KB", n, allocs, bytes>>10)
	if allocs > 20_000 {
		t.Errorf("%d allocations for %d entries: the selection allocates per entry", allocs, n)
	}
	if bytes > 2<<20 {
		t.Errorf("%d KB allocated for %d entries: the selection holds every entry", bytes>>10, n)
	}
	if got, want := len(held), maxClosedReports+1; got != want {
		t.Fatalf("kept %d ids, want %d (the open document's and %d closed files')", got, want, maxClosedReports)
	}
	if held[openURI] != "open-id" {
		t.Errorf("the open document's id was not kept: %q", held[openURI])
	}
	var kept []string
	for u := range held {
		if u != openURI {
			kept = append(kept, string(u))
		}
	}
	slices.Sort(kept)
	for i, u := range kept {
		if want := fmt.Sprintf("/s%06d/SKILL.md", i); !strings.HasSuffix(u, want) {
			t.Fatalf("kept[%d] = %s, want the %d-th path in order (…%s)", i, u, i, want)
		}
	}
}

// smallestPaths keeps the n smallest paths, whatever the order offered,
// a path once; a later entry for a kept path replaces it when asked.
func TestSmallestPathsKeepsTheFirstInOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 200 {
		n, total := r.IntN(8), r.IntN(40)
		s := newSmallestPaths(n)
		all := map[string]string{}
		for range total {
			p := fmt.Sprintf("/p%02d", r.IntN(30))
			v := fmt.Sprint(r.Int())
			s.offer(pick{path: p, value: v}, true)
			all[p] = v
		}
		want := slices.Sorted(func(yield func(string) bool) {
			for p := range all {
				if !yield(p) {
					return
				}
			}
		})
		want = want[:min(n, len(want))]
		var got []string
		for _, k := range s.sorted() {
			got = append(got, k.path)
			if k.value != all[k.path] {
				t.Fatalf("trial %d: %s kept with %q, want the last value %q", trial, k.path, k.value, all[k.path])
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d (n=%d): kept %v, want %v", trial, n, got, want)
		}
	}
}

// fileOfFast gives fileOf's answer for every URI.
func FuzzFileOfFast(f *testing.F) {
	for _, s := range []string{"file:///a/b/SKILL.md", "file:///a/../b", "file:///C:/x", "file:///a%20b", "file:///a?q#f", "file://host/x", "file:///a b", "untitled:1", "file:///", "file:////x", "file:///a//b/./c/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p1, ok1 := fileOf(uri.URI(s))
		p2, ok2 := fileOfFast(uri.URI(s))
		if p1 != p2 || ok1 != ok2 {
			t.Fatalf("%q: fileOf = %q %v, fileOfFast = %q %v", s, p1, ok1, p2, ok2)
		}
	})
}
