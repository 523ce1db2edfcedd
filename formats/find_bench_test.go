package formats

import (
	"testing"

	"github.com/skillstudio/skillstudio/internal/exclude"
	"github.com/skillstudio/skillstudio/internal/safefs"
	"github.com/skillstudio/skillstudio/model"
)

// BenchmarkFind is the search alone over a generated 10,000-skill library,
// without exclude patterns (the hot path) and with a few that match
// nothing (the cost of checking each entry).
func BenchmarkFind(b *testing.B) {
	dir := benchLibrary(b, 10000)
	fsys := safefs.Dir(dir)
	run := func(b *testing.B, ex model.PathFilter) {
		src := Source{Base: model.Location{Source: dir, Root: dir, Local: true, FS: fsys}, Root: ".", Exclude: ex}
		for b.Loop() {
			if s := Search(src, nil); len(s.Found.Candidates) == 0 {
				b.Fatal("nothing found")
			}
		}
	}
	b.Run("none", func(b *testing.B) { run(b, nil) })
	b.Run("patterns", func(b *testing.B) {
		set, err := exclude.New([]exclude.Pattern{{Glob: "fixtures/", Dir: dir}, {Glob: "**/testdata/**", Dir: dir}, {Glob: "*.draft.xgs.js", Dir: dir}})
		if err != nil {
			b.Fatal(err)
		}
		run(b, set)
	})
}
