package skillmd

import (
	"path"
	"testing"
)

// TestInDirIsPathJoin: inDir's shortcut gives what path.Join gives, for
// clean and unclean relative paths alike, under a clean folder and ".".
func TestInDirIsPathJoin(t *testing.T) {
	rels := []string{"", ".", "..", "a", "a/b.md", "a//b", "a/./b", "a/../b", "../a", "./a", "a/", "/a",
		"references/guide.md", "...", "a/...", "..a/b", "a/b..", ".hidden/x", "a/.", "a/.."}
	for _, dir := range []string{".", "/", "..", "skills/demo", "a"} {
		c := &checker{dir: dir}
		for _, rel := range rels {
			if got, want := c.inDir(rel), path.Join(dir, rel); got != want {
				t.Errorf("inDir(%q, %q) = %q, want %q", dir, rel, got, want)
			}
		}
	}
}

func FuzzInDir(f *testing.F) {
	f.Add("skills/demo", "references/a.md")
	f.Add(".", "a/../b")
	f.Fuzz(func(t *testing.T, dir, rel string) {
		dir = path.Clean(dir) // Load cleans the folder it is given
		c := &checker{dir: dir}
		if got, want := c.inDir(rel), path.Join(dir, rel); got != want {
			t.Fatalf("inDir(%q, %q) = %q, want %q", dir, rel, got, want)
		}
	})
}
