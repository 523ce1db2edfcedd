package formats

import (
	"context"
	"testing"

	"github.com/skillstudio/skillstudio/examples"
	"github.com/skillstudio/skillstudio/model"
)

// Linting one package of an OS Loop repository reports that package's own
// index entry, not the rest of the index (the example repository's index
// has a deliberately wrong entry for broken-feed-reader).
func TestSinglePackageLintLeavesTheRestOfTheIndexAlone(t *testing.T) {
	base := model.Location{Source: "embedded", FS: examples.Library()}
	whole := LoadTree(context.Background(), base, "osloop/skills", model.Options{})
	if n := countAll(whole); n == 0 {
		t.Fatal("the whole repository should have findings (broken-feed-reader)")
	}
	one := LoadTree(context.Background(), base, "osloop/skills/currency-converter", model.Options{})
	if len(one.Skills) != 1 {
		t.Fatalf("%d skills, want 1", len(one.Skills))
	}
	if n := countAll(one); n != 0 {
		t.Errorf("one clean package: %d findings, want 0: %v %v", n, one.Diagnostics, one.Skills[0].Diagnostics)
	}
}

func countAll(lib *model.Library) int {
	n := len(lib.Diagnostics)
	for _, s := range lib.Skills {
		n += len(s.Diagnostics)
	}
	return n
}
