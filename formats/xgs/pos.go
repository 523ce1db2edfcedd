package xgs

import (
	"sort"

	"github.com/grafana/sobek/file"
)

// lineIndex turns byte offsets of the original file into 1-based line and
// byte column, the positions every diagnostic carries.
type lineIndex struct {
	starts []int // byte offset of each line's first byte
}

func newLineIndex(src []byte) *lineIndex {
	starts := make([]int, 1, 64+len(src)/32)
	for i, c := range src {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return &lineIndex{starts: starts}
}

// pos returns the line and column of byte offset off.
func (li *lineIndex) pos(off int) (line, col int) {
	if off < 0 {
		off = 0
	}
	i := sort.Search(len(li.starts), func(i int) bool { return li.starts[i] > off }) - 1
	if i < 0 {
		i = 0
	}
	return i + 1, off - li.starts[i] + 1
}

// idxOffset converts a sobek index (1-based, base 1 for a lone file) to a
// byte offset of the source.
func idxOffset(i file.Idx) int { return int(i) - 1 }
