package formats

import (
	"bytes"
	"io"
	"io/fs"
	"sync"

	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/suppress"
)

// Applying suppression comments (suppress.Skill, in Check) reads the
// skill's commentable files again, most of which its reader has just
// read: a fifth of lint's system calls. markFS watches the bytes a reader
// reads and records each file read whole without suppress.Marker in
// model.Skill.Unmarked, so suppress does not read those again (a file
// without the marker holds no suppression comment). A file read in part,
// or whose marker was seen, is read again as before.

// markFS passes everything to the FS underneath and watches the reads of
// files that can carry a comment.
type markFS struct {
	fsys fs.FS
	mu   sync.Mutex
	seen []string  // read whole, no marker
	held [3]string // seen's first array: most skills have one or two
}

func newMarkFS(fsys fs.FS) *markFS {
	m := &markFS{fsys: fsys}
	m.seen = m.held[:0]
	return m
}

var marker = []byte(suppress.Marker)

// markerAnchor is where the marker's 'k' stands: a byte about one in 150
// of the corpus's Markdown, where bytes.Index starts from the marker's
// common 's' (every file read is searched: 8% of a Load through safefs).
var markerAnchor = bytes.IndexByte(marker, 'k')

// containsMarker is bytes.Contains(b, marker), looking for the anchor
// first; bytes.Contains takes over where the anchor keeps matching
// without the marker.
func containsMarker(b []byte) bool {
	k := markerAnchor
	if k < 0 {
		return bytes.Contains(b, marker)
	}
	limit := len(b) - len(marker) + k + 1 // the anchor's positions are [k, limit)
	fails := 0
	for i := k; i < limit; i++ {
		j := bytes.IndexByte(b[i:limit], 'k')
		if j < 0 {
			return false
		}
		i += j
		if bytes.Equal(b[i-k:i-k+len(marker)], marker) {
			return true
		}
		if fails++; fails > 16 && fails > (i-k)>>4 {
			return bytes.Contains(b[i-k+1:], marker)
		}
	}
	return false
}

// unmarked is Skill.Unmarked for the skill at loc: the files seen, and
// its module.ts when the search found none (in one new array: the markFS
// and the listings it reads through may then go).
func (m *markFS) unmarked(noModule bool, loc model.Location) []string {
	n := len(m.seen)
	if noModule {
		n++
	}
	if n == 0 {
		return nil
	}
	out := make([]string, 0, n)
	out = append(out, m.seen...)
	if noModule {
		out = append(out, loc.Join("module.ts"))
	}
	return out
}

func (m *markFS) note(name string) {
	m.mu.Lock()
	m.seen = append(m.seen, name)
	m.mu.Unlock()
}

func (m *markFS) Open(name string) (fs.File, error) {
	f, err := m.fsys.Open(name)
	if err != nil || suppress.SyntaxOf(name) == suppress.None {
		return f, err
	}
	if _, dir := f.(fs.ReadDirFile); dir {
		return f, nil
	}
	return &markFile{File: f, fsys: m, name: name}, nil
}

func (m *markFS) ReadFile(name string) ([]byte, error) {
	b, err := fs.ReadFile(m.fsys, name)
	if err == nil && suppress.SyntaxOf(name) != suppress.None && !containsMarker(b) {
		m.note(name)
	}
	return b, err
}

func (m *markFS) ReadDir(name string) ([]fs.DirEntry, error) { return fs.ReadDir(m.fsys, name) }
func (m *markFS) Stat(name string) (fs.FileInfo, error)      { return fs.Stat(m.fsys, name) }
func (m *markFS) ReadLink(name string) (string, error)       { return fs.ReadLink(m.fsys, name) }
func (m *markFS) Lstat(name string) (fs.FileInfo, error)     { return fs.Lstat(m.fsys, name) }

// markFile looks for the marker in what is read, across the boundaries
// between reads, and notes the file on Close when it was read to its end
// (to EOF, or to the size its Stat gave, where a reader stops) without one.
type markFile struct {
	fs.File
	fsys   *markFS
	name   string
	off    int64
	eof    bool
	found  bool
	tail   [len(suppress.Marker) - 1]byte
	ntail  int
	joined [2 * (len(suppress.Marker) - 1)]byte
}

func (f *markFile) Read(p []byte) (int, error) {
	n, err := f.File.Read(p)
	if n > 0 && !f.found {
		f.scan(p[:n])
	}
	f.off += int64(n)
	if err == io.EOF {
		f.eof = true
	}
	return n, err
}

func (f *markFile) Close() error {
	if !f.found && !f.eof {
		if info, err := f.File.Stat(); err == nil && f.off == info.Size() {
			f.eof = true
		}
	}
	if !f.found && f.eof {
		f.fsys.note(f.name)
	}
	return f.File.Close()
}

// scan looks for the marker in b and where b meets what came before.
func (f *markFile) scan(b []byte) {
	if f.ntail > 0 {
		j := copy(f.joined[:], f.tail[:f.ntail])
		j += copy(f.joined[j:], b[:min(len(b), len(f.tail))])
		if containsMarker(f.joined[:j]) {
			f.found = true
			return
		}
	}
	if containsMarker(b) {
		f.found = true
		return
	}
	// Keep the last bytes seen: the next read may complete a marker.
	if len(b) >= len(f.tail) {
		f.ntail = copy(f.tail[:], b[len(b)-len(f.tail):])
		return
	}
	keep := min(f.ntail, len(f.tail)-len(b))
	copy(f.tail[:], f.tail[f.ntail-keep:f.ntail])
	f.ntail = keep + copy(f.tail[keep:], b)
}
