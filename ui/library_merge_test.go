package ui

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestMergeSortedIsAStableSort: merging batch after batch gives the list a
// stable sort of everything would, equal names included.
func TestMergeSortedIsAStableSort(t *testing.T) {
	order := func(a, b *Entry) int { return cmp.Compare(a.row.sortKey, b.row.sortKey) }
	r := rand.New(rand.NewPCG(1, 2))
	var all, merged []*Entry
	for batch := range 40 {
		var es []*Entry
		for i := range r.IntN(20) {
			es = append(es, &Entry{ID: batch*100 + i, row: row{sortKey: fmt.Sprintf("s%02d", r.IntN(30))}})
		}
		all = append(all, es...)
		merged = mergeSorted(merged, es, order)
	}
	want := slices.Clone(all)
	slices.SortStableFunc(want, order)
	if !slices.Equal(merged, want) {
		t.Fatal("merged batches differ from a stable sort of all entries")
	}
}
