package lsp

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestOutsideSkillFolderThatIsATreeIsBounded: a buffer named SKILL.md at
// the top of a big tree outside the workspace (/usr/SKILL.md, ~/SKILL.md)
// is linted without walking the tree whole: its own findings come with a
// library/skipped-folder saying where the look stopped. Before, every
// lint of it listed the whole tree (17,000 folders of /usr).
func TestOutsideSkillFolderThatIsATreeIsBounded(t *testing.T) {
	tmp := t.TempDir()
	for i := range 1200 {
		if err := os.MkdirAll(filepath.Join(tmp, "tree", fmt.Sprintf("d%04d", i), "sub"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	root := filepath.Join(tmp, "workspace")
	if err := os.Mkdir(root, 0o755); err != nil {
		t.Fatal(err)
	}
	c := newClient(t, root)
	rel := "../tree/SKILL.md"
	c.open(rel, brokenSkill)
	ds := c.waitFor(rel, hasCode("skillmd/description-colon"))
	if !hasCode("library/skipped-folder")(ds) {
		t.Errorf("diagnostics %s: want library/skipped-folder saying the look stopped", codes(ds))
	}
}
