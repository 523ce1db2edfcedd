package formats

import (
	"cmp"
	"runtime"
	"slices"
	"strings"
	"sync"
)

// sortByPath puts skills read in search order into path order, as Find
// sorts its candidates; two read from one path (a folder that is both a
// SKILL.md skill and an OS Loop package) keep the search's order. It
// runs after the last read with nothing to overlap, so a big library's
// halves are sorted on two cores and merged.
func sortByPath(read []Loaded) {
	byPath := func(a, b Loaded) int {
		return cmp.Or(strings.Compare(a.Candidate.Path, b.Candidate.Path), cmp.Compare(a.Index, b.Index))
	}
	if runtime.GOMAXPROCS(0) < 2 || len(read) < 2048 {
		slices.SortFunc(read, byPath)
		return
	}
	left, right := read[:len(read)/2], read[len(read)/2:]
	var wg sync.WaitGroup
	wg.Go(func() { slices.SortFunc(left, byPath) })
	slices.SortFunc(right, byPath)
	wg.Wait()
	merged := make([]Loaded, 0, len(read))
	for len(left) > 0 && len(right) > 0 {
		if byPath(right[0], left[0]) < 0 {
			merged, right = append(merged, right[0]), right[1:]
		} else {
			merged, left = append(merged, left[0]), left[1:]
		}
	}
	copy(read, append(append(merged, left...), right...))
}
