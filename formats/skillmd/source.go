package skillmd

import (
	"bytes"
	"io"
	"io/fs"
	"sync"
	"unicode/utf8"
)

// MaxFileBytes caps how much of any one file is read: a 50 MB SKILL.md is
// checked from its start instead of filling memory.
const MaxFileBytes = 8 << 20

// readCapped reads at most limit bytes of name; truncated says the file
// held more.
func readCapped(fsys fs.FS, name string, limit int) (data []byte, truncated bool, err error) {
	return readInto(fsys, name, limit, nil)
}

// readInto is readCapped reading into buf when it is large enough (the
// Markdown files a Load reads and drops reuse their buffers: linkBuffers).
func readInto(fsys fs.FS, name string, limit int, buf []byte) (data []byte, truncated bool, err error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	// Read straight into a buffer of the file's size (plus one byte, to see
	// that the file did not grow past limit): no copies, no regrowth.
	size, known := 4096, int64(-1)
	if info, err := f.Stat(); err == nil && info.Size() > 0 {
		size = int(min(info.Size(), int64(limit))) + 1
		known = info.Size()
	}
	if cap(buf) >= size {
		data = buf[:0]
	} else {
		data = make([]byte, 0, size)
	}
	for len(data) <= limit {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)] // the file grew since Stat
		}
		n, err := f.Read(data[len(data):min(cap(data), limit+1)])
		data = data[:len(data)+n]
		if err == io.EOF || int64(len(data)) == known {
			break // all Stat said there was: no read just to meet the end
		}
		if err != nil {
			return nil, false, err
		}
	}
	if len(data) > limit {
		return data[:limit], true, nil
	}
	return data, false, nil
}

// linkBuffers holds read buffers of the skill's Markdown files between
// Loads: they are dropped when a Load ends, and were a quarter of what it
// allocated.
var linkBuffers = sync.Pool{New: func() any { return new([]byte) }}

// lineIndex maps byte offsets of a text to 1-based lines and byte columns.
// The line starts are found on first use: most files read have no finding
// to place.
type lineIndex struct {
	text   []byte
	starts []int // byte offset where each line begins
	// counted is how many positions were found by counting line breaks
	// rather than from starts: a SKILL.md usually needs two or three
	// (where its body starts, a finding or two), which cost less than
	// indexing the whole file; past countedPositions the index is built.
	counted int
}

const countedPositions = 4

func newLineIndex(text []byte) *lineIndex {
	return &lineIndex{text: text}
}

func (li *lineIndex) index() {
	if li.starts != nil {
		return
	}
	text := li.text
	li.starts = make([]int, 1, bytes.Count(text, []byte{'\n'})+1)
	for i := 0; ; {
		j := bytes.IndexByte(text[i:], '\n')
		if j < 0 {
			return
		}
		i += j + 1
		li.starts = append(li.starts, i)
	}
}

// position turns a byte offset into a 1-based line and byte column.
func (li *lineIndex) position(off int) (line, col int) {
	off = max(0, min(off, len(li.text)))
	if li.starts == nil && li.counted < countedPositions {
		li.counted++
		before := li.text[:off]
		return bytes.Count(before, []byte{'\n'}) + 1, off - bytes.LastIndexByte(before, '\n')
	}
	li.index()
	lo, hi := 0, len(li.starts)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if li.starts[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo + 1, off - li.starts[lo] + 1
}

// offset turns a 1-based line and byte column into a byte offset, or -1.
func (li *lineIndex) offset(line, col int) int {
	li.index()
	if line < 1 || line > len(li.starts) || col < 1 {
		return -1
	}
	return li.starts[line-1] + col - 1
}

// lineText is the text of a 1-based line without its line break. Like
// position, it counts its way to the first few lines asked for (the
// frontmatter's, at the top of the file) rather than index them all.
func (li *lineIndex) lineText(line int) []byte {
	if line < 1 {
		return nil
	}
	var start, end int
	if li.starts == nil && li.counted < countedPositions {
		li.counted++
		for n := 1; n < line; n++ {
			nl := bytes.IndexByte(li.text[start:], '\n')
			if nl < 0 {
				return nil
			}
			start += nl + 1
		}
		end = len(li.text)
		if nl := bytes.IndexByte(li.text[start:], '\n'); nl >= 0 {
			end = start + nl
		}
	} else {
		li.index()
		if line > len(li.starts) {
			return nil
		}
		start, end = li.starts[line-1], len(li.text)
		if line < len(li.starts) {
			end = li.starts[line] - 1
		}
	}
	return bytes.TrimSuffix(li.text[start:end], []byte{'\r'})
}

// byteColumn turns a 1-based column counted in characters (as yaml.v3
// counts) into a 1-based byte column on the given line.
func (li *lineIndex) byteColumn(line, runeCol int) int {
	text := li.lineText(line)
	off := 0
	for i := 1; i < runeCol && off < len(text); i++ {
		_, size := utf8.DecodeRune(text[off:])
		off += size
	}
	if runeCol > 1 && off >= len(text) {
		return len(text) + (runeCol - 1 - utf8.RuneCount(text)) + 1
	}
	return off + 1
}

// sanitizeUTF8 replaces each invalid byte with '?' so offsets stay put, and
// returns the offset of the first invalid byte (-1 when there is none).
func sanitizeUTF8(data []byte) ([]byte, int) {
	if utf8.Valid(data) {
		return data, -1
	}
	out := make([]byte, len(data))
	copy(out, data)
	first := -1
	for i := 0; i < len(out); {
		r, size := utf8.DecodeRune(out[i:])
		if r == utf8.RuneError && size == 1 {
			if first < 0 {
				first = i
			}
			out[i] = '?'
		}
		i += size
	}
	return out, first
}
