package lsp

import (
	"strings"
	"unicode/utf8"

	"go.lsp.dev/protocol"
)

// text is a document's content with its line starts, for turning byte
// offsets (what findings and fixes carry) into LSP positions (0-based
// lines, UTF-16 code units) and back.
//
// starts are int32 (a message is at most maxMessage bytes) and sized by a
// count first: a 40 MB change of blank lines grew a []int by doubling,
// 1.8 GB allocated for one keystroke's index.
type text struct {
	data   string
	starts []int32
}

func newText(data string) *text {
	starts := make([]int32, 1, strings.Count(data, "\n")+1)
	for i := 0; ; {
		j := strings.IndexByte(data[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		starts = append(starts, int32(i))
	}
	return &text{data: data, starts: starts}
}

// start is the byte offset where line n (0-based, in range) starts.
func (t *text) start(n int) int { return int(t.starts[n]) }

// line is line n (0-based) without its line ending; "" past the end.
func (t *text) line(n int) string {
	if n < 0 || n >= len(t.starts) {
		return ""
	}
	end := len(t.data)
	if n+1 < len(t.starts) {
		end = t.start(n + 1)
	}
	return strings.TrimRight(t.data[t.start(n):end], "\r\n")
}

// lineCount is how many lines the text has.
func (t *text) lineCount() int { return len(t.starts) }

// lineOf is the 0-based line holding byte offset off (clamped to t).
func (t *text) lineOf(off int) int {
	off = max(0, min(off, len(t.data)))
	n := 0
	for lo, hi := 0, len(t.starts)-1; lo <= hi; {
		mid := (lo + hi) / 2
		if t.start(mid) <= off {
			n, lo = mid, mid+1
		} else {
			hi = mid - 1
		}
	}
	return n
}

// pos is the position of byte offset off.
func (t *text) pos(off int) protocol.Position {
	off = max(0, min(off, len(t.data)))
	n := t.lineOf(off)
	return protocol.Position{Line: uint32(n), Character: uint32(utf16Len(t.data[t.start(n):off]))}
}

// at is the position of a finding's 1-based line and column, clamped to
// the line. The pipeline has already turned readers' byte columns into
// UTF-16 code units (model.ColumnKind), which is what LSP positions count,
// so the column is taken as it is: measuring it again as bytes would move
// every finding after a non-ASCII character to the left.
func (t *text) at(line, col int) protocol.Position {
	if line < 1 {
		return protocol.Position{}
	}
	col = max(0, min(col-1, utf16Len(t.line(line-1))))
	return protocol.Position{Line: uint32(line - 1), Character: uint32(col)}
}

// offset is the byte offset of p.
func (t *text) offset(p protocol.Position) int {
	n := int(p.Line)
	if n >= len(t.starts) {
		return len(t.data)
	}
	l := t.line(n)
	return t.start(n) + unitsIn(l, int(p.Character))
}

// unitsIn is the byte length of the longest head of l holding at most
// units UTF-16 code units, except that a position inside a surrogate pair
// takes the whole character (the text is never split inside one). It
// allocated a slice per character: 2 MB for a position on a 1 MB line.
func unitsIn(l string, units int) int {
	n, i := 0, 0
	for i < len(l) && n < units {
		r, size := utf8.DecodeRuneInString(l[i:])
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
		i += size
	}
	return i
}

func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// frontmatterEnd is the 0-based line of a Markdown file's closing ---,
// or -1 when the file has no frontmatter.
func (t *text) frontmatterEnd() int {
	if strings.TrimSpace(t.line(0)) != "---" {
		return -1
	}
	for i := 1; i < t.lineCount(); i++ {
		if strings.TrimSpace(t.line(i)) == "---" {
			return i
		}
	}
	return -1
}
