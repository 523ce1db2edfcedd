package lsp

import (
	"bytes"
	"io"
	"io/fs"
	"path"
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
	return fs.Stat(o.base, name)
}

func (o *overlay) ReadDir(name string) ([]fs.DirEntry, error) { return fs.ReadDir(o.base, name) }

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
}

func (i memInfo) Name() string       { return i.name }
func (i memInfo) Size() int64        { return i.size }
func (i memInfo) Mode() fs.FileMode  { return 0o644 }
func (i memInfo) ModTime() time.Time { return time.Time{} }
func (i memInfo) IsDir() bool        { return false }
func (i memInfo) Sys() any           { return nil }
