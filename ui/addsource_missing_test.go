package ui

import (
	"path/filepath"
	"strings"
	"testing"
)

// A missing folder is named in full, not repeated as typed.
func TestAddSourceMissingFolderNamesItsFullPath(t *testing.T) {
	dir := t.TempDir()
	c := NewCommon(Theme{Dark: true})
	c.WorkDir = dir
	s := newAddSourceScreen(c, ScreenContext{Dir: dir})
	s.input.SetValue("nope-folder")
	_, problem := s.resolve()
	if !strings.Contains(problem, "("+filepath.Join(dir, "nope-folder")+")") {
		t.Errorf("problem %q does not name %s", problem, filepath.Join(dir, "nope-folder"))
	}
}
