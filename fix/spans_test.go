package fix

import (
	"bytes"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
)

// spans answers as a look at every edit added before would.
func TestSpansAgreeWithALinearLook(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 200 {
		var s spans
		var added []Edit
		for range 60 {
			start := rng.IntN(40)
			e := Edit{Start: start, End: start + rng.IntN(4)}
			want := false
			for _, a := range added {
				want = want || overlaps(a, e)
			}
			if got := s.overlapsAny(e); got != want {
				t.Fatalf("round %d: overlapsAny(%v) = %v, want %v; added %v", round, e, got, want, added)
			}
			if !want {
				s.add(e)
				added = append(added, e)
			}
		}
	}
}

// 100,000 fixes to a one-line file of 4 MB (an index.json written by
// JSON.stringify, a fix per entry): each edit was compared with every one
// accepted before it, and each splice copied the rest of the file, so
// `lint --fix` never ended. Bounded by bytes allocated, not by time.
func TestManyFixesToOneFileAreLinear(t *testing.T) {
	const n = 100_000
	entry := `{"a":1},` + strings.Repeat(" ", 24)
	content := []byte(strings.Repeat(entry, n))
	fixes := make([]Fix, 0, n)
	for i := range n {
		at := i*len(entry) + 6
		fixes = append(fixes, Fix{Edits: []Edit{{Path: "index.json", Start: at, End: at, NewText: ",\"b\":2"}}})
	}
	// A fix overlapping one accepted earlier is skipped, not applied twice.
	fixes = append(fixes, Fix{Edits: []Edit{{Path: "index.json", Start: 5, End: 8, NewText: "x"}}})
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	p := NewPlan(fixes, memSource{"index.json": content})
	out, ok := p.Output("index.json")
	runtime.ReadMemStats(&after)
	if !ok || len(p.Accepted) != n || len(p.Skipped) != 1 {
		t.Fatalf("accepted %d, skipped %d", len(p.Accepted), len(p.Skipped))
	}
	if want := bytes.ReplaceAll(content, []byte(`{"a":1}`), []byte(`{"a":1,"b":2}`)); !bytes.Equal(out, want) {
		t.Fatal("the spliced file is not the content with every edit")
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 256<<20 {
		t.Errorf("planning and splicing allocated %d MB, want well under 256", alloc>>20)
	}
}

type memSource map[string][]byte

func (m memSource) ReadFile(p string) ([]byte, error) { return m[p], nil }
