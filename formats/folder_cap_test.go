package formats

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/model"
)

// TestNestedLookStopsAtTheFolderCap: a SKILL.md whose folder is a whole
// tree (a buffer named /usr/SKILL.md, a SKILL.md at the top of a home
// folder) is not walked whole for skills nested in it: the look stops
// after maxNestedFolders folders, and a finding says where.
func TestNestedLookStopsAtTheFolderCap(t *testing.T) {
	fsys := fstest.MapFS{"big/SKILL.md": {Data: []byte(skillMD)}}
	for i := range maxNestedFolders + 500 {
		fsys[fmt.Sprintf("big/d%05d/f.txt", i)] = &fstest.MapFile{Data: []byte("x")}
	}
	// A skill nested past the cap is not found, and one before it is.
	fsys["big/d00001/inner/SKILL.md"] = &fstest.MapFile{Data: []byte(skillMD)}
	counted := &countingFS{MapFS: fsys, lists: map[string]int{}}
	f := Find(counted, "big")
	var stop []model.Diagnostic
	for _, p := range f.Problems {
		if p.Rule == "library/skipped-folder" {
			stop = append(stop, p)
		}
	}
	if len(stop) != 1 || !strings.Contains(stop[0].Message, fmt.Sprintf("after %d folders", maxNestedFolders)) || !strings.Contains(stop[0].Message, "big/d0") {
		t.Fatalf("want one finding naming where the look stopped, got %v", stop)
	}
	if listedCount(counted) > maxNestedFolders+10 {
		t.Errorf("listed %d folders; the cap is %d", listedCount(counted), maxNestedFolders)
	}
	if len(f.Candidates) != 2 {
		t.Errorf("candidates %v, want big and its nested inner", f.Candidates)
	}
}

// TestSearchStopsAtTheFolderCap: a search of a tree bigger than any
// library (a home folder, /) lists at most maxSearchFolders folders and
// says where it stopped; the skills found before are kept.
func TestSearchStopsAtTheFolderCap(t *testing.T) {
	defer func(n int) { maxSearchFolders = n }(maxSearchFolders)
	maxSearchFolders = 100
	fsys := fstest.MapFS{"a/skills/first/SKILL.md": {Data: []byte(skillMD)}}
	for i := range 300 {
		fsys[fmt.Sprintf("z/d%03d/f.txt", i)] = &fstest.MapFile{Data: []byte("x")}
	}
	counted := &countingFS{MapFS: fsys, lists: map[string]int{}}
	f := Find(counted, ".")
	var stop []model.Diagnostic
	for _, p := range f.Problems {
		if p.Rule == "library/skipped-folder" {
			stop = append(stop, p)
		}
	}
	if len(stop) != 1 || !strings.Contains(stop[0].Message, "after 100 folders") {
		t.Fatalf("want one finding naming where the search stopped, got %v", stop)
	}
	if listedCount(counted) > 110 {
		t.Errorf("listed %d folders; the cap is 100", listedCount(counted))
	}
	if len(f.Candidates) != 1 {
		t.Errorf("candidates %v, want the skill found before the cap", f.Candidates)
	}
}

func listedCount(c *countingFS) int {
	n := 0
	for _, k := range c.lists {
		n += k
	}
	return n
}
