package osloop

import (
	"os"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

// BenchmarkLoad reads a typical package: manifest (with three schemas to
// compile), a 40-line module.ts and docs.md, from memory.
func BenchmarkLoad(b *testing.B) {
	fsys := fixtureFS(b)
	for b.Loop() {
		Load(fsys, fixtureDir, model.Options{})
	}
}

// BenchmarkLoadUniqueSchemas is BenchmarkLoad when no schema repeats
// (the worst case for a library of distinct skills).
func BenchmarkLoadUniqueSchemas(b *testing.B) {
	rememberSchemas = false
	defer func() { rememberSchemas = true }()
	fsys := fixtureFS(b)
	for b.Loop() {
		Load(fsys, fixtureDir, model.Options{})
	}
}

// BenchmarkLoadCorpus reads real packages from disk: a small one and the
// largest (a 5,800-line module.ts).
func BenchmarkLoadCorpus(b *testing.B) {
	fsys := os.DirFS(corpusRoot(b))
	for _, dir := range []string{"skills/web-summary", "skills/startup-product-studio"} {
		b.Run(dir, func(b *testing.B) {
			for b.Loop() {
				Load(fsys, dir, model.Options{})
			}
		})
	}
}

func BenchmarkReadModule(b *testing.B) {
	src, err := os.ReadFile(corpusRoot(b) + "/skills/startup-product-studio/module.ts")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		ReadModule(string(src))
	}
}

func BenchmarkCheckIndex(b *testing.B) {
	fsys := fixtureFS(b)
	s := Load(fsys, fixtureDir, model.Options{})
	for b.Loop() {
		s.Diagnostics = nil
		CheckIndex(fsys, "skills/index.json", []*model.Skill{s}, model.Options{})
	}
}
