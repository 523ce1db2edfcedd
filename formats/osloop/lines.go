package osloop

import "sort"

// lineIndex turns byte offsets into 1-based line and byte columns, the
// positions every diagnostic carries. The table is built on first use.
type lineIndex struct {
	src   []byte
	lines []int // offsets where each line starts
}

// Pos returns the 1-based line and byte column of offset off.
func (x *lineIndex) Pos(off int) (line, col int) {
	if x.lines == nil {
		x.lines = append(x.lines, 0)
		for i, c := range x.src {
			if c == '\n' {
				x.lines = append(x.lines, i+1)
			}
		}
	}
	off = max(0, min(off, len(x.src)))
	i := sort.Search(len(x.lines), func(i int) bool { return x.lines[i] > off }) - 1
	return i + 1, off - x.lines[i] + 1
}
