package lsp

import (
	"slices"
	"strings"
	"unicode/utf8"

	"go.lsp.dev/protocol"
)

// text is a document's content with its line starts, for turning byte
// offsets (what fixes carry) and findings' lines and columns into LSP
// positions (0-based lines, characters counted in enc, the encoding the
// server and client settled on) and back.
//
// Its lines are the LSP's: "\n", "\r\n" and a lone "\r" each end one.
// The readers, and so the CLI's line numbers, end a line at "\n" alone
// (a lone "\r" is a character of its line there): a finding's line and
// column are found in those lines (readerStarts) and the place they name
// is given in the LSP's, so CLI and editor point at the same character.
// Splitting at "\n" alone put every position after a lone "\r" on the
// wrong line in a client that follows the spec.
//
// starts are int32 (a message is at most maxMessage bytes) and sized by a
// count first: a 40 MB change of blank lines grew a []int by doubling,
// 1.8 GB allocated for one keystroke's index.
type text struct {
	data   string
	starts []int32
	// readerStarts are the starts of the lines the readers count: nil
	// when the text has no lone "\r" (they are starts then).
	readerStarts []int32
	// enc is what positions' characters count (UTF-16 unless the client
	// offered another, encoding.go).
	enc posEncoding
}

// newText is data indexed for UTF-16 positions.
func newText(data string) *text { return newTextIn(data, encUTF16) }

// newTextIn is data indexed for positions in enc.
func newTextIn(data string, enc posEncoding) *text {
	t := &text{data: data, enc: enc}
	lf := strings.Count(data, "\n")
	ends := lineEnds(data)
	if ends == lf { // no lone "\r": the readers' lines are the LSP's
		t.starts = lineStarts(data, lf)
		return t
	}
	t.readerStarts = lineStarts(data, lf)
	t.starts = make([]int32, 1, ends+1)
	for i := 0; ; {
		j := strings.IndexAny(data[i:], "\r\n")
		if j < 0 {
			break
		}
		i += j + 1
		if data[i-1] == '\r' && i < len(data) && data[i] == '\n' {
			i++
		}
		t.starts = append(t.starts, int32(i))
	}
	return t
}

// lineStarts are the starts of data's lines ended by "\n" alone (lf of them).
func lineStarts(data string, lf int) []int32 {
	starts := make([]int32, 1, lf+1)
	for i := 0; ; {
		j := strings.IndexByte(data[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		starts = append(starts, int32(i))
	}
	return starts
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
	return trimLineEnd(t.data[t.start(n):end])
}

// trimLineEnd cuts one line ending ("\r\n", "\n" or "\r") off l.
func trimLineEnd(l string) string {
	return strings.TrimSuffix(strings.TrimSuffix(l, "\n"), "\r")
}

// lineCount is how many lines the text has.
func (t *text) lineCount() int { return len(t.starts) }

// lineOf is the 0-based line holding byte offset off (clamped to t).
func (t *text) lineOf(off int) int {
	off = max(0, min(off, len(t.data)))
	n, _ := slices.BinarySearch(t.starts, int32(off)+1)
	return n - 1
}

// pos is the position of byte offset off.
func (t *text) pos(off int) protocol.Position {
	off = max(0, min(off, len(t.data)))
	n := t.lineOf(off)
	return protocol.Position{Line: uint32(n), Character: uint32(t.enc.len(t.data[t.start(n):off]))}
}

// at is the position of a finding's 1-based line and column, in the
// readers' lines (see text), clamped to the line. The pipeline has already
// turned readers' byte columns into UTF-16 code units (model.ColumnKind),
// so the column is found as UTF-16 in the line, then given in t's
// encoding: measuring it as bytes would move every finding after a
// non-ASCII character to the left.
func (t *text) at(line, col int) protocol.Position {
	if line < 1 {
		return protocol.Position{}
	}
	begin, l, ok := t.readerLine(line)
	if !ok {
		return protocol.Position{Line: uint32(line - 1)} // past the end, as before any lone "\r"
	}
	return t.pos(begin + unitsIn(l, max(0, col-1), encUTF16))
}

// readerLine is the start and text (without its line end) of 1-based
// line n as the readers count lines (see text); ok is false past the end.
func (t *text) readerLine(n int) (begin int, l string, ok bool) {
	starts := t.readerStarts
	if starts == nil {
		starts = t.starts
	}
	if n < 1 || n > len(starts) {
		return 0, "", false
	}
	begin, end := int(starts[n-1]), len(t.data)
	if n < len(starts) {
		end = int(starts[n])
	}
	l = t.data[begin:end]
	if strings.HasSuffix(l, "\n") {
		l = strings.TrimSuffix(l[:len(l)-1], "\r")
	}
	return begin, l, true
}

// offset is the byte offset of p.
func (t *text) offset(p protocol.Position) int {
	n := int(p.Line)
	if n >= len(t.starts) {
		return len(t.data)
	}
	l := t.line(n)
	return t.start(n) + t.enc.bytesIn(l, int(p.Character))
}

// unitsIn is the byte length of the longest head of l holding at most
// units UTF-16 code units (or characters, for encUTF32), except that a
// position inside a surrogate pair takes the whole character (the text is
// never split inside one). It allocated a slice per character: 2 MB for a
// position on a 1 MB line.
func unitsIn(l string, units int, enc posEncoding) int {
	n, i := 0, 0
	for i < len(l) && n < units {
		r, size := utf8.DecodeRuneInString(l[i:])
		if r >= 0x10000 && enc == encUTF16 {
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
