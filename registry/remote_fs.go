package registry

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"path"
	"sort"
	"sync"
	"time"
)

// memFS is the tree of a remote source: files fetched so far, plus files
// known from a listing whose bytes are fetched on first read (a skill's
// references and assets, which most views never open). It is safe for
// concurrent use: the background fetch fills it while the studio reads.
type memFS struct {
	mu    sync.RWMutex
	files map[string]*memFile
	dirs  map[string]map[string]bool // folder → child names
	mod   time.Time
}

// memFile is one file. A lazy file has load set and data nil until read.
type memFile struct {
	mu   sync.Mutex
	data []byte
	size int64
	load func(context.Context) ([]byte, error)
	ctx  context.Context
}

func newMemFS() *memFS {
	return &memFS{files: map[string]*memFile{}, dirs: map[string]map[string]bool{".": {}}, mod: time.Now()}
}

// add stores a fetched file, creating its folders. p must be a valid,
// already-checked slash path.
func (m *memFS) add(p string, data []byte) {
	m.put(p, &memFile{data: data, size: int64(len(data))})
}

// addLazy registers a file whose bytes are fetched by load on first read;
// size is what the listing said (used by Stat before the read). A read
// may come long after the source was opened, so it keeps ctx's values
// but not its cancellation; each request still has its own timeout.
func (m *memFS) addLazy(ctx context.Context, p string, size int64, load func(context.Context) ([]byte, error)) {
	m.put(p, &memFile{size: size, load: load, ctx: context.WithoutCancel(ctx)})
}

func (m *memFS) put(p string, f *memFile) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, isDir := m.dirs[p]; isDir || !fs.ValidPath(p) || p == "." {
		return
	}
	m.files[p] = f
	for child := p; child != "."; {
		parent := path.Dir(child)
		kids := m.dirs[parent]
		if kids == nil {
			kids = map[string]bool{}
			m.dirs[parent] = kids
		}
		kids[path.Base(child)] = true
		child = parent
	}
}

// has reports whether p is a file or folder of the tree.
func (m *memFS) has(p string) bool {
	m.mu.RLock()
	defer m.mu.RUnlock()
	_, f := m.files[p]
	_, d := m.dirs[p]
	return f || d
}

func (m *memFS) lookup(name string) (*memFile, bool, error) {
	if !fs.ValidPath(name) {
		return nil, false, fs.ErrInvalid
	}
	m.mu.RLock()
	defer m.mu.RUnlock()
	if f, ok := m.files[name]; ok {
		return f, false, nil
	}
	if _, ok := m.dirs[name]; ok {
		return nil, true, nil
	}
	return nil, false, fs.ErrNotExist
}

// bytes returns a file's content, fetching a lazy file once. A failed
// fetch is not remembered, so a later read tries again.
func (f *memFile) bytes() ([]byte, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.data != nil || f.load == nil {
		return f.data, nil
	}
	ctx := f.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	data, err := f.load(ctx)
	if err != nil {
		return nil, err
	}
	if data == nil {
		data = []byte{}
	}
	f.data, f.size = data, int64(len(data))
	return data, nil
}

func (f *memFile) knownSize() int64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.size
}

// Open implements fs.FS.
func (m *memFS) Open(name string) (fs.File, error) {
	f, isDir, err := m.lookup(name)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	if isDir {
		entries, _ := m.ReadDir(name)
		return &memDir{info: m.dirInfo(name), entries: entries}, nil
	}
	data, err := f.bytes()
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	return &memOpen{info: memInfo{name: path.Base(name), size: int64(len(data)), mod: m.mod}, r: bytes.NewReader(data)}, nil
}

// ReadFile implements fs.ReadFileFS.
func (m *memFS) ReadFile(name string) ([]byte, error) {
	f, isDir, err := m.lookup(name)
	if err != nil {
		return nil, &fs.PathError{Op: "read", Path: name, Err: err}
	}
	if isDir {
		return nil, &fs.PathError{Op: "read", Path: name, Err: errors.New("is a directory")}
	}
	data, err := f.bytes()
	if err != nil {
		return nil, &fs.PathError{Op: "read", Path: name, Err: err}
	}
	return bytes.Clone(data), nil
}

// Stat implements fs.StatFS without fetching a lazy file.
func (m *memFS) Stat(name string) (fs.FileInfo, error) {
	f, isDir, err := m.lookup(name)
	if err != nil {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: err}
	}
	if isDir {
		return m.dirInfo(name), nil
	}
	return memInfo{name: path.Base(name), size: f.knownSize(), mod: m.mod}, nil
}

// ReadDir implements fs.ReadDirFS.
func (m *memFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrInvalid}
	}
	m.mu.RLock()
	kids, ok := m.dirs[name]
	if !ok {
		_, isFile := m.files[name]
		m.mu.RUnlock()
		if isFile {
			return nil, &fs.PathError{Op: "readdir", Path: name, Err: errors.New("not a directory")}
		}
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrNotExist}
	}
	names := make([]string, 0, len(kids))
	for k := range kids {
		names = append(names, k)
	}
	m.mu.RUnlock()
	sort.Strings(names)
	out := make([]fs.DirEntry, 0, len(names))
	for _, n := range names {
		info, err := m.Stat(path.Join(name, n))
		if err != nil {
			continue
		}
		out = append(out, fs.FileInfoToDirEntry(info))
	}
	return out, nil
}

func (m *memFS) dirInfo(name string) memInfo {
	return memInfo{name: path.Base(name), dir: true, mod: m.mod}
}

type memInfo struct {
	name string
	size int64
	dir  bool
	mod  time.Time
}

func (i memInfo) Name() string       { return i.name }
func (i memInfo) Size() int64        { return i.size }
func (i memInfo) ModTime() time.Time { return i.mod }
func (i memInfo) IsDir() bool        { return i.dir }
func (i memInfo) Sys() any           { return nil }
func (i memInfo) Mode() fs.FileMode {
	if i.dir {
		return fs.ModeDir | 0o555
	}
	return 0o444
}

type memOpen struct {
	info memInfo
	r    *bytes.Reader
}

func (f *memOpen) Stat() (fs.FileInfo, error) { return f.info, nil }
func (f *memOpen) Read(b []byte) (int, error) { return f.r.Read(b) }
func (f *memOpen) Seek(off int64, whence int) (int64, error) {
	return f.r.Seek(off, whence)
}
func (f *memOpen) ReadAt(b []byte, off int64) (int, error) { return f.r.ReadAt(b, off) }
func (f *memOpen) Close() error                            { return nil }

type memDir struct {
	info    memInfo
	entries []fs.DirEntry
	off     int
}

func (d *memDir) Stat() (fs.FileInfo, error) { return d.info, nil }
func (d *memDir) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: d.info.name, Err: errors.New("is a directory")}
}
func (d *memDir) Close() error { return nil }

// ReadDir implements fs.ReadDirFile.
func (d *memDir) ReadDir(n int) ([]fs.DirEntry, error) {
	rest := d.entries[d.off:]
	if n <= 0 {
		d.off = len(d.entries)
		return rest, nil
	}
	if len(rest) == 0 {
		return nil, io.EOF
	}
	if n > len(rest) {
		n = len(rest)
	}
	d.off += n
	return rest[:n], nil
}
