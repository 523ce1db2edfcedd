package formats

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// TestSortByPath holds the order skills are checked and reported in: by
// path, and by search order where two share a path, for a library small
// enough to sort on one core and one big enough for two.
func TestSortByPath(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	for _, n := range []int{0, 1, 7, 2047, 2048, 5001} {
		read := make([]Loaded, n)
		for i := range read {
			// Every path three times: the search found each thrice.
			read[i] = Loaded{Index: i, Candidate: Candidate{Path: fmt.Sprintf("group-%03d/skill-%05d", (i/3)%17, i/3)}}
		}
		rand.New(rand.NewPCG(1, uint64(n))).Shuffle(n, func(i, j int) { read[i], read[j] = read[j], read[i] })
		sortByPath(read)
		if !slices.IsSortedFunc(read, func(a, b Loaded) int {
			return cmp.Or(strings.Compare(a.Candidate.Path, b.Candidate.Path), a.Index-b.Index)
		}) {
			t.Errorf("%d skills: not in path, then search, order", n)
		}
		if len(read) != n {
			t.Errorf("%d skills: got %d back", n, len(read))
		}
		seen := map[int]bool{}
		for _, l := range read {
			seen[l.Index] = true
		}
		if len(seen) != n {
			t.Errorf("%d skills: %d distinct after sorting", n, len(seen))
		}
	}
}
