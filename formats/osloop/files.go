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
// such regular file; err is errTooLarge past MaxFileSize.
func readCapped(fsys fs.FS, p string) (data []byte, exists bool, err error) {
	info, err := fs.Stat(fsys, p)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, false, nil
		}
		return nil, true, err
	}
	if info.IsDir() {
		return nil, false, nil
	}
	if info.Size() > MaxFileSize {
		return nil, true, errTooLarge
	}
	f, err := fsys.Open(p)
	if err != nil {
		return nil, true, err
	}
	defer f.Close()
	data, err = io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, true, err
	}
	if len(data) > MaxFileSize {
		return nil, true, errTooLarge
	}
	return data, true, nil
}

// listFiles returns the package's files relative to dir, bounded so a huge
// or looping tree cannot stall a load.
func listFiles(fsys fs.FS, dir string) []string {
	const maxFiles, maxDepth = 2000, 8
	var out []string
	var walk func(rel string, depth int)
	walk = func(rel string, depth int) {
		if depth > maxDepth || len(out) >= maxFiles {
			return
		}
		entries, err := fs.ReadDir(fsys, path.Join(dir, rel))
		if err != nil {
			return
		}
		for _, e := range entries {
			name := e.Name()
			p := path.Join(rel, name)
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
	return out
}
