package formats

import (
	"io/fs"
	"slices"
)

// listings are the folders the search listed inside one skill, each with
// its own FileInfo, handed to the skill's reader so a folder is listed
// once per run, not once by the search and again by the reader.
type listings map[string]dirListing

type dirListing struct {
	entries []fs.DirEntry
	info    fs.FileInfo
}

// listDir lists a folder and says what it is (its identity for the loop
// check) in one open where the FS can (safefs), else with a Stat and a
// ReadDir.
func listDir(fsys fs.FS, dir string) ([]fs.DirEntry, fs.FileInfo, error) {
	if l, ok := fsys.(interface {
		ReadDirInfo(string) ([]fs.DirEntry, fs.FileInfo, error)
	}); ok {
		return l.ReadDirInfo(dir)
	}
	info, err := fs.Stat(fsys, dir)
	if err != nil {
		return nil, nil, err
	}
	entries, err := fs.ReadDir(fsys, dir)
	return entries, info, err
}

// listedFS answers ReadDir and Stat of the folders in its listings and
// passes everything else to the FS underneath.
type listedFS struct {
	fsys fs.FS
	dirs listings
}

func (l listedFS) Open(name string) (fs.File, error) { return l.fsys.Open(name) }

func (l listedFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if d, ok := l.dirs[name]; ok {
		return slices.Clone(d.entries), nil
	}
	return fs.ReadDir(l.fsys, name)
}

func (l listedFS) Stat(name string) (fs.FileInfo, error) {
	if d, ok := l.dirs[name]; ok && d.info != nil {
		return d.info, nil
	}
	return fs.Stat(l.fsys, name)
}

func (l listedFS) ReadFile(name string) ([]byte, error) { return fs.ReadFile(l.fsys, name) }

func (l listedFS) ReadLink(name string) (string, error) { return fs.ReadLink(l.fsys, name) }

func (l listedFS) Lstat(name string) (fs.FileInfo, error) { return fs.Lstat(l.fsys, name) }
