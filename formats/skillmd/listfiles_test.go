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
