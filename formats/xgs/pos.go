package xgs

import (
	"bytes"
	"sort"
	"sync"

	"github.com/grafana/sobek/file"
)

// lineIndex turns byte offsets of the original file into 1-based line and
// byte column, the positions every diagnostic carries. The line starts
// are found on the first lookup: a skill without findings needs none
// (and Functions may look up from several goroutines, hence the Once).
type lineIndex struct {
	src    []byte
	once   sync.Once
	starts []int // byte offset of each line's first byte
}

func newLineIndex(src []byte) *lineIndex { return &lineIndex{src: src} }

func (li *lineIndex) index() {
	starts := make([]int, 1, bytes.Count(li.src, []byte{'\n'})+1)
	for i, c := range li.src {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	li.starts = starts
}

// pos returns the line and column of byte offset off.
func (li *lineIndex) pos(off int) (line, col int) {
	li.once.Do(li.index)
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
