package osloop

import (
	"errors"
	"io"
	"io/fs"
	"path"
	"sort"
)

// MaxFileSize caps every read: no real package file comes near it, and a
// hostile or mistaken one must not exhaust memory.
const MaxFileSize = 8 << 20

var errTooLarge = errors.New("file too large")

// readCapped reads a file of the package. exists is false when there is no
// such regular file; err is errTooLarge past MaxFileSize. One open, one
// fstat and the reads: lint opens tens of thousands of these.
func readCapped(fsys fs.FS, p string) (data []byte, exists bool, err error) {
	f, err := fsys.Open(p)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, false, nil
		}
		return nil, true, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, true, err
	}
	if info.IsDir() {
		return nil, false, nil
	}
	if info.Size() > MaxFileSize {
		return nil, true, errTooLarge
	}
	// Size the buffer from the stat, plus one byte so the read that finds
	// the end needs no second allocation, but trust only what is read: the
	// file may change, and some FSes report 0.
	data = make([]byte, 0, max(info.Size(), 0)+1)
	for {
		if len(data) > MaxFileSize {
			return nil, true, errTooLarge
		}
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		n, err := f.Read(data[len(data):min(cap(data), MaxFileSize+1)])
		data = data[:len(data)+n]
		if err == io.EOF {
			return data, true, nil
		}
		if err != nil {
			return nil, true, err
		}
	}
}

// listFiles returns the package's files relative to dir, bounded so a huge
// or looping tree cannot stall a load.
func listFiles(fsys fs.FS, dir string) (files []string, ok bool) {
	const maxFiles, maxDepth = 2000, 8
	var out []string
	ok = true
	var walk func(rel string, depth int)
	walk = func(rel string, depth int) {
		if depth > maxDepth || len(out) >= maxFiles {
			return
		}
		folder := dir
		if rel != "" {
			folder = path.Join(dir, rel)
		}
		entries, err := fs.ReadDir(fsys, folder)
		if err != nil {
			if rel == "" {
				ok = false
			}
			return
		}
		for _, e := range entries {
			name := e.Name()
			p := name
			if rel != "" {
				p = rel + "/" + name
			}
			if e.IsDir() {
				if name == "node_modules" || name == ".git" {
					continue
				}
				walk(p, depth+1)
				continue
			}
			if len(out) >= maxFiles {
				return
			}
			out = append(out, p)
		}
	}
	walk("", 0)
	sort.Strings(out)
	return out, ok
}
