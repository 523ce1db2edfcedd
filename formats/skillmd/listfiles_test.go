package skillmd

import (
	"fmt"
	"io/fs"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
)

// walkFilesRef is listFiles as it was written with fs.WalkDir.
func walkFilesRef(fsys fs.FS, dir string) ([]string, map[string]bool) {
	var files []string
	set := map[string]bool{}
	_ = fs.WalkDir(fsys, dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == dir {
			return nil
		}
		rel := strings.TrimPrefix(p, dir+"/")
		if dir == "." {
			rel = p
		}
		if d.IsDir() {
			switch d.Name() {
			case ".git", "node_modules", ".hg", ".svn", "__pycache__":
				return fs.SkipDir
			}
			set[rel] = true
			return nil
		}
		if len(files) >= maxFiles {
			return fs.SkipAll
		}
		files = append(files, rel)
		set[rel] = true
		return nil
	})
	return files, set
}

func TestListFilesMatchesWalkDir(t *testing.T) {
	fsys := fstest.MapFS{}
	for _, p := range []string{"SKILL.md", "a/b/c.md", "a/b.txt", ".git/x", "z/node_modules/m.js", "z/y", "b c/d", "a-b/e", "a/.hidden/f"} {
		fsys["s/"+p] = &fstest.MapFile{Data: []byte("x")}
		fsys[p] = &fstest.MapFile{Data: []byte("x")}
	}
	for i := range maxFiles + 50 {
		fsys[fmt.Sprintf("big/d%02d/f%04d", i%7, i)] = &fstest.MapFile{Data: []byte("x")}
	}
	for _, dir := range []string{"s", ".", "big", "missing", "s/SKILL.md"} {
		c := &checker{fsys: fsys, dir: dir}
		c.listFiles()
		files, set := walkFilesRef(fsys, dir)
		if !reflect.DeepEqual(c.files, files) || !reflect.DeepEqual(c.fileSet, set) {
			t.Errorf("%s: listFiles gives %d files %v, fs.WalkDir %d files %v", dir, len(c.files), c.files[:min(len(c.files), 5)], len(files), files[:min(len(files), 5)])
		}
	}
}

// TestListFilesStopsAtTheFolderCap: a skill folder that is a tree of
// folders (a buffer named /usr/SKILL.md) is not listed whole, and a file
// the list did not reach still exists for the link checks.
func TestListFilesStopsAtTheFolderCap(t *testing.T) {
	fsys := fstest.MapFS{"s/SKILL.md": {Data: []byte("x")}}
	for i := range maxFolders + 500 {
		fsys[fmt.Sprintf("s/d%05d/e/f.md", i)] = &fstest.MapFile{Data: []byte("x")}
	}
	c := &checker{fsys: fsys, dir: "s"}
	c.listFiles()
	if c.folders > maxFolders+1 {
		t.Errorf("entered %d folders; the cap is %d", c.folders, maxFolders)
	}
	last := fmt.Sprintf("d%05d/e/f.md", maxFolders+499)
	if c.fileSet[last] {
		t.Fatalf("the list reached %s past the cap", last)
	}
	if !c.exists(last) || c.exists("d99999/nothing.md") {
		t.Errorf("exists past the cap: %v for a file, %v for a missing one", c.exists(last), c.exists("d99999/nothing.md"))
	}
}
