package lsp

import (
	"bytes"
	"io"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"
	"time"
)

// overlay is the workspace as the editor sees it: the files on disk, with
// each open buffer's unsaved text in place of its file. Lint reads it, so
// diagnostics follow keystrokes, not saves.
type overlay struct {
	base fs.FS
	mu   sync.RWMutex
	text map[string][]byte // by slash path relative to the workspace root
}

func newOverlay(base fs.FS) *overlay { return &overlay{base: base, text: map[string][]byte{}} }

func (o *overlay) set(name string, data []byte) {
	o.mu.Lock()
	o.text[name] = data
	o.mu.Unlock()
}

func (o *overlay) drop(name string) {
	o.mu.Lock()
	delete(o.text, name)
	o.mu.Unlock()
}

// clear drops every buffer.
func (o *overlay) clear() {
	o.mu.Lock()
	clear(o.text)
	o.mu.Unlock()
}

func (o *overlay) buffer(name string) ([]byte, bool) {
	o.mu.RLock()
	defer o.mu.RUnlock()
	b, ok := o.text[name]
	return b, ok
}

func (o *overlay) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	if b, ok := o.buffer(name); ok {
		return &memFile{Reader: bytes.NewReader(b), info: memInfo{name: path.Base(name), size: int64(len(b))}}, nil
	}
	return o.base.Open(name)
}

func (o *overlay) ReadFile(name string) ([]byte, error) {
	if b, ok := o.buffer(name); ok {
		return bytes.Clone(b), nil
	}
	return fs.ReadFile(o.base, name)
}

func (o *overlay) Stat(name string) (fs.FileInfo, error) {
	if b, ok := o.buffer(name); ok {
		return memInfo{name: path.Base(name), size: int64(len(b))}, nil
	}
	info, err := fs.Stat(o.base, name)
	if err != nil && len(o.unsaved(name)) > 0 {
		return memInfo{name: path.Base(name), dir: true}, nil
	}
	return info, err
}

// ReadDir lists a folder on disk with the open buffers that are not saved
// yet (`:edit skills/new/SKILL.md`) and the folders leading to them, so a
// new file is linted before its first save.
func (o *overlay) ReadDir(name string) ([]fs.DirEntry, error) {
	entries, err := fs.ReadDir(o.base, name)
	extra := o.unsaved(name)
	if len(extra) == 0 {
		return entries, err
	}
	have := make(map[string]bool, len(entries))
	for _, e := range entries {
		have[e.Name()] = true
	}
	for _, e := range extra {
		if !have[e.Name()] {
			entries = append(entries, e)
		}
	}
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return entries, nil
}

// unsaved are the entries of folder dir that open buffers add: a buffer
// directly in it, or a folder leading to one. Entries that exist on disk
// are listed too; ReadDir keeps the disk's.
func (o *overlay) unsaved(dir string) []fs.DirEntry {
	o.mu.RLock()
	defer o.mu.RUnlock()
	var out []fs.DirEntry
	seen := map[string]bool{}
	for name, b := range o.text {
		rest := name
		if dir != "." {
			var ok bool
			if rest, ok = strings.CutPrefix(name, dir+"/"); !ok {
				continue
			}
		}
		first, more, isDir := strings.Cut(rest, "/")
		if seen[first] || first == "" || isDir && more == "" {
			continue
		}
		seen[first] = true
		out = append(out, fs.FileInfoToDirEntry(memInfo{name: first, size: int64(len(b)), dir: isDir}))
	}
	return out
}

type memFile struct {
	*bytes.Reader
	info memInfo
}

func (f *memFile) Stat() (fs.FileInfo, error) { return f.info, nil }
func (f *memFile) Close() error               { return nil }

var _ io.ReaderAt = (*memFile)(nil)

type memInfo struct {
	name string
	size int64
	dir  bool
}

func (i memInfo) Name() string { return i.name }
func (i memInfo) Size() int64  { return i.size }
func (i memInfo) Mode() fs.FileMode {
	if i.dir {
		return fs.ModeDir | 0o755
	}
	return 0o644
}
func (i memInfo) ModTime() time.Time { return time.Time{} }
func (i memInfo) IsDir() bool        { return i.dir }
func (i memInfo) Sys() any           { return nil }
