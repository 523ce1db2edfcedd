package formats

import (
	"bytes"
	"io/fs"
	"unicode/utf8"

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
	if fsys == nil {
		return
	}
	lines := map[string][][]byte{} // nil entry: unreadable or all ASCII
	for i := range ds {
		d := &ds[i]
		if d.File == "" || (d.Column <= 1 && d.EndColumn <= 1) {
			continue
		}
		ls, seen := lines[d.File]
		if !seen {
			ls = readLines(fsys, d.File)
			lines[d.File] = ls
		}
		if ls == nil {
			continue
		}
		d.Column = utf16Column(ls, d.Line, d.Column)
		if d.EndColumn > 0 {
			end := d.EndLine
			if end == 0 {
				end = d.Line
			}
			d.EndColumn = utf16Column(ls, end, d.EndColumn)
		}
	}
}

// readLines splits a file into lines, or returns nil when it cannot be
// read, is too large, or is ASCII (where bytes are characters).
func readLines(fsys fs.FS, name string) [][]byte {
	if info, err := fs.Stat(fsys, name); err != nil || info.IsDir() || info.Size() > maxColumnFile {
		return nil
	}
	b, err := fs.ReadFile(fsys, name)
	if err != nil || isASCII(b) {
		return nil
	}
	return bytes.Split(b, []byte{'\n'})
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// utf16Column converts a 1-based byte column on a 1-based line into a
// 1-based UTF-16 code unit column. A column past the line's end keeps its
// distance past the end; an invalid byte counts as one unit, as a
// replacement character would.
func utf16Column(lines [][]byte, line, col int) int {
	if line < 1 || line > len(lines) || col <= 1 {
		return col
	}
	text := lines[line-1]
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
