package xgs

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/skillstudio/skillstudio/internal/libgen"
)

// BenchmarkDepthGuard is the depth guard lint runs before every parse,
// over the generated library's skill and a 2,000-line one.
func BenchmarkDepthGuard(b *testing.B) {
	dir := b.TempDir()
	if err := libgen.Generate(dir, 1); err != nil {
		b.Fatal(err)
	}
	lib, err := os.ReadFile(filepath.Join(dir, "group-000", "xgs", "site-00000.xgs.js"))
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		src  []byte
	}{
		{"generated", lib},
		{"2000lines", []byte(generatedSkill(2000))},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.src)))
			b.ReportAllocs()
			for b.Loop() {
				guardBody(c.src)
			}
		})
	}
}
