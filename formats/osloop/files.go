package osloop

import (
	"errors"
	"io/fs"
	"path"
	"sort"

	"github.com/skillstudio/skillstudio/internal/safefs"
)

// MaxFileSize caps every read: no real package file comes near it, and a
// hostile or mistaken one must not exhaust memory.
const MaxFileSize = 8 << 20

// errTooLarge is the safe reader's: a package file past MaxFileSize.
var errTooLarge = safefs.ErrTooLarge

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
	data, err = safefs.ReadSized(f, p, info.Size(), MaxFileSize)
	if err != nil {
		return nil, true, err
	}
	return data, true, nil
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
