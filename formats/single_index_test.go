package formats

import (
	"context"
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/model"
)

// Linting one package of an OS Loop repository reports that package's own
// index entry, not the rest of the index: here a dangling entry for a
// folder that does not exist.
func TestSinglePackageLintLeavesTheRestOfTheIndexAlone(t *testing.T) {
	fsys := fstest.MapFS{
		"skills/index.json": {Data: []byte(`[
  {"name": "alpha", "folderPath": "skills/alpha", "version": "1.0.0", "description": "A", "author": "x", "tags": []},
  {"name": "ghost", "folderPath": "skills/ghost", "version": "1.0.0", "description": "G", "author": "x", "tags": []}
]`)},
		"skills/alpha/manifest.json": {Data: []byte(`{"name": "alpha", "version": "1.0.0", "description": "A", "author": "x", "schemaVersion": "2.0"}`)},
		"skills/alpha/module.ts":     {Data: []byte("export async function execute() { return {}; }\n")},
	}
	base := model.Location{Source: "test", FS: fsys}
	whole := LoadAll(context.Background(), base, "skills", model.Options{}, nil)
	if len(whole.Diagnostics) == 0 {
		t.Fatal("the whole repository should report the dangling ghost entry")
	}
	one := LoadAll(context.Background(), base, "skills/alpha", model.Options{}, nil)
	if len(one.Skills) != 1 {
		t.Fatalf("%d skills, want 1", len(one.Skills))
	}
	if len(one.Diagnostics) != 0 {
		t.Errorf("linting alpha alone reports the rest of the index: %v", one.Diagnostics)
	}
}
