package formats

import (
	"io/fs"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/model"
)

// countingFS counts folder listings per folder.
type countingFS struct {
	fstest.MapFS
	mu    sync.Mutex
	lists map[string]int
}

func (c *countingFS) ReadDir(name string) ([]fs.DirEntry, error) {
	c.mu.Lock()
	c.lists[name]++
	c.mu.Unlock()
	return c.MapFS.ReadDir(name)
}

// TestNoFolderListedTwice: the search lists each folder once and hands
// the listings inside a skill to its reader, which does not list them
// again, for every format.
func TestNoFolderListedTwice(t *testing.T) {
	md := &fstest.MapFile{Data: []byte("---\nname: guide\ndescription: Explains one thing.\n---\n# Guide\n\nSee [details](references/details.md).\n")}
	fsys := &countingFS{lists: map[string]int{}, MapFS: fstest.MapFS{
		"lib/skills/guide/SKILL.md":              md,
		"lib/skills/guide/references/details.md": {Data: []byte("# Details\n")},
		"lib/skills/guide/scripts/run.sh":        {Data: []byte("#!/bin/sh\necho hi\n")},
		"lib/pkgs/tool/manifest.json":            {Data: []byte(`{"name":"tool","version":"1.0.0","description":"A tool.","schemaVersion":1}`)},
		"lib/pkgs/tool/module.ts":                {Data: []byte("export default {};\n")},
		"lib/site.xgs.js":                        {Data: []byte("// ==XGooseSkill==\n// @name site\n// ==/XGooseSkill==\nexport default {};\n")},
	}}
	base := model.Location{Source: "lib", Root: "lib", FS: fsys}
	lib := LoadAll(t.Context(), base, "lib", model.Options{FindingsOnly: true}, nil)
	if len(lib.Skills) != 3 {
		t.Fatalf("%d skills, want 3", len(lib.Skills))
	}
	for dir, n := range fsys.lists {
		if n > 1 {
			t.Errorf("%s listed %d times", dir, n)
		}
	}
	if fsys.lists["lib/skills/guide/references"] != 1 {
		t.Errorf("references/ listed %d times, want once (by the search, for the reader)", fsys.lists["lib/skills/guide/references"])
	}
}
