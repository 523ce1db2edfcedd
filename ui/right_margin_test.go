package ui

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestInfoAndFilesKeepARightMargin: like the pane's other lines, the
// Info tab's wrapped values and the Files tab's folder line leave the
// last cell before the border blank; a long folder is cut with an
// ellipsis inside that margin.
func TestInfoAndFilesKeepARightMargin(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a-rather-long-folder-name", "with-another-long-folder-inside-it", "lib")
	writeFile(t, dir, "skills/deep-skill/SKILL.md", "---\nname: deep-skill\ndescription: "+
		strings.Repeat("A description long enough to wrap several times in the Info tab. ", 4)+
		"Use when testing margins.\n---\n\n# Deep\n\nBody.\n")
	writeFile(t, dir, "skills/deep-skill/references/notes.md", "# Notes\n")
	m := studio(t, Options{Sources: []string{dir}, WorkDir: "/"}, 100, 40)
	selectSkill(t, m, "deep-skill")
	for _, tab := range []string{"Info", "Files"} {
		openTab(t, m, tab)
		w := m.skill.width
		for _, l := range strings.Split(ansi.Strip(m.skill.tabs[m.skill.active].View()), "\n") {
			if lw := ansi.StringWidth(strings.TrimRight(l, " ")); lw >= w {
				t.Errorf("%s: a line reaches the pane's border (%d of %d): %q", tab, lw, w, l)
			}
		}
	}
}
