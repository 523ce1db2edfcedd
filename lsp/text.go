package lsp

import (
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"go.lsp.dev/protocol"
)

// text is a document's content with its line starts, for turning byte
// offsets (what findings and fixes carry) into LSP positions (0-based
// lines, UTF-16 code units) and back.
type text struct {
	data   string
	starts []int
}

func newText(data string) *text {
	t := &text{data: data, starts: []int{0}}
	for i := 0; i < len(data); i++ {
		if data[i] == '\n' {
			t.starts = append(t.starts, i+1)
		}
	}
	return t
}

// line is line n (0-based) without its line ending; "" past the end.
func (t *text) line(n int) string {
	if n < 0 || n >= len(t.starts) {
		return ""
	}
	end := len(t.data)
	if n+1 < len(t.starts) {
		end = t.starts[n+1]
	}
	return strings.TrimRight(t.data[t.starts[n]:end], "\r\n")
}

// lineCount is how many lines the text has.
func (t *text) lineCount() int { return len(t.starts) }

// pos is the position of byte offset off.
func (t *text) pos(off int) protocol.Position {
	off = max(0, min(off, len(t.data)))
	n := 0
	for lo, hi := 0, len(t.starts)-1; lo <= hi; {
		mid := (lo + hi) / 2
		if t.starts[mid] <= off {
			n, lo = mid, mid+1
		} else {
			hi = mid - 1
		}
	}
	return protocol.Position{Line: uint32(n), Character: uint32(utf16Len(t.data[t.starts[n]:off]))}
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
	units, i := 0, 0
	for i < len(l) && units < int(p.Character) {
		r, size := utf8.DecodeRuneInString(l[i:])
		units += len(utf16.Encode([]rune{r}))
		i += size
	}
	return t.starts[n] + i
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
