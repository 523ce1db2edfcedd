package formats

import (
	"bytes"
	"encoding/binary"
	"io/fs"
	"unicode/utf8"

	"github.com/skillstudio/skillstudio/internal/safefs"
	"github.com/skillstudio/skillstudio/model"
)

// maxColumnFile bounds the files charColumns reads back: a file larger
// than any real skill file keeps its byte columns rather than cost memory.
const maxColumnFile = 8 << 20

// charColumns turns the byte columns readers report into the UTF-16 code
// unit columns model.Diagnostic promises (what SARIF's default columnKind,
// editors and code hosts count). It reads each file a finding points into
// at most once, and only when a finding has a column past the first.
func charColumns(fsys fs.FS, ds []model.Diagnostic) {
	charColumnsKnown(fsys, ds, "", nil)
}

// charColumnsKnown is charColumns with the bytes of one file, known (the
// file its reader has just read whole), taken as they are rather than
// read again.
func charColumnsKnown(fsys fs.FS, ds []model.Diagnostic, known string, text []byte) {
	if fsys == nil {
		return
	}
	texts := map[string]*columnText{} // nil entry: unreadable or all ASCII
	if known != "" {
		texts[known] = columnTextOf(text)
	}
	for i := range ds {
		d := &ds[i]
		if d.File == "" || (d.Column <= 1 && d.EndColumn <= 1) {
			continue
		}
		t, seen := texts[d.File]
		if !seen {
			t = readColumnText(fsys, d.File)
			texts[d.File] = t
		}
		if t == nil {
			continue
		}
		d.Column = t.column(d.Line, d.Column)
		if d.EndColumn > 0 {
			end := d.EndLine
			if end == 0 {
				end = d.Line
			}
			d.EndColumn = t.column(end, d.EndColumn)
		}
	}
}

// columnText is a file read back for its columns: its bytes and, found
// on first use, where its lines start (not a slice per line: most files
// have a finding or two).
type columnText struct {
	text   []byte
	starts []int
}

// readColumnText reads a file in one open, or returns nil when it cannot
// be read, is too large, or is ASCII (where bytes are characters).
func readColumnText(fsys fs.FS, name string) *columnText {
	f, err := fsys.Open(name)
	if err != nil {
		return nil
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil || info.IsDir() || info.Size() > maxColumnFile {
		return nil
	}
	b, err := safefs.ReadSized(f, name, info.Size(), maxColumnFile)
	if err != nil {
		return nil
	}
	return columnTextOf(b)
}

// columnTextOf is the columnText of a file's bytes b, nil when they are
// all ASCII (byte and UTF-16 columns agree).
func columnTextOf(b []byte) *columnText {
	if isASCII(b) {
		return nil
	}
	return &columnText{text: b}
}

// line is the text of 1-based line n without its line break.
func (t *columnText) line(n int) ([]byte, bool) {
	if t.starts == nil {
		t.starts = make([]int, 1, bytes.Count(t.text, []byte{'\n'})+1)
		for i := 0; ; {
			j := bytes.IndexByte(t.text[i:], '\n')
			if j < 0 {
				break
			}
			i += j + 1
			t.starts = append(t.starts, i)
		}
	}
	if n < 1 || n > len(t.starts) {
		return nil, false
	}
	end := len(t.text)
	if n < len(t.starts) {
		end = t.starts[n] - 1
	}
	return t.text[t.starts[n-1]:end], true
}

// column converts a 1-based byte column on 1-based line n (see
// utf16Column; a line the file does not have keeps its column).
func (t *columnText) column(n, col int) int {
	text, ok := t.line(n)
	if !ok {
		return col
	}
	return utf16Column(text, col)
}

// isASCII: no byte of b is 0x80 or above, eight at a time.
func isASCII(b []byte) bool {
	var or uint64
	for ; len(b) >= 8; b = b[8:] {
		or |= binary.LittleEndian.Uint64(b)
	}
	for _, c := range b {
		or |= uint64(c)
	}
	return or&0x8080808080808080 == 0
}

// utf16Column converts a 1-based byte column on a line of text into a
// 1-based UTF-16 code unit column. A column past the line's end keeps its
// distance past the end; an invalid byte counts as one unit, as a
// replacement character would.
func utf16Column(text []byte, col int) int {
	if col <= 1 {
		return col
	}
	prefix := min(col-1, len(text))
	units := 0
	for i := 0; i < prefix; {
		r, size := utf8.DecodeRune(text[i:])
		if i+size > prefix {
			size = prefix - i // a column inside a character: count its bytes so far as one
		}
		units++
		if r >= 0x10000 {
			units++
		}
		i += size
	}
	return units + 1 + (col - 1 - prefix)
}
