package ui

import (
	"path/filepath"
	"testing"
)

func TestTruncateLeftKeepsTheEnd(t *testing.T) {
	cases := []struct {
		in    string
		width int
		want  string
	}{
		{"a/b/SKILL.md:3:1", 40, "a/b/SKILL.md:3:1"},
		{"deep/folder/path/index.json:12:5", 16, "…index.json:12:5"},
		{"héllo/wörld.md:1:1", 10, "…ld.md:1:1"},
	}
	for _, c := range cases {
		if got := truncateLeft(c.in, c.width); got != c.want {
			t.Errorf("truncateLeft(%q, %d) = %q, want %q", c.in, c.width, got, c.want)
		}
	}
}

func TestSourceLabelNamesTheWorkingFolder(t *testing.T) {
	wd := t.TempDir()
	t.Chdir(wd)
	if got, want := sourceLabel(wd, ".", false), filepath.Base(wd)+" (this folder)"; got != want {
		t.Errorf("sourceLabel(.) = %q, want %q", got, want)
	}
	if got := sourceLabel(wd, filepath.Join(wd, "skills"), false); got != "skills" {
		t.Errorf("sourceLabel(skills) = %q, want skills", got)
	}
}
