package osloop

import (
	"sort"
	"strings"
)

// lineIndex turns byte offsets into 1-based line and byte columns, the
// positions every diagnostic carries. The table is built on first use.
type lineIndex struct {
	src   string
	lines []int // offsets where each line starts
}

// Pos returns the 1-based line and byte column of offset off.
func (x *lineIndex) Pos(off int) (line, col int) {
	if x.lines == nil {
		x.lines = make([]int, 1, strings.Count(x.src, "\n")+1)
		for i := 0; ; {
			j := strings.IndexByte(x.src[i:], '\n')
			if j < 0 {
				break
			}
			i += j + 1
			x.lines = append(x.lines, i)
		}
	}
	off = max(0, min(off, len(x.src)))
	i := sort.Search(len(x.lines), func(i int) bool { return x.lines[i] > off }) - 1
	return i + 1, off - x.lines[i] + 1
}
