package osloop

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/skillstudio/skillstudio/internal/cputime"
	"github.com/skillstudio/skillstudio/internal/libgen"
	"github.com/skillstudio/skillstudio/internal/safefs"
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

// BenchmarkLoadGenerated reads one package of the generated benchmark
// library (internal/libgen: a 34-line manifest, an 8-line module.ts and
// docs.md) from disk through safefs, as lint does (FindingsOnly).
// cpu-ns/op is the process's CPU time per load, the figure that matters on
// a shared machine.
func BenchmarkLoadGenerated(b *testing.B) {
	fsys := generatedRepo(b, 3) // the third skill is an OS Loop package
	opts := model.Options{FindingsOnly: true}
	if s := Load(fsys, "skills/tool-00002", opts); len(s.Diagnostics) != 0 || s.Name != "tool-00002" {
		b.Fatalf("the generated package should load clean: %s %v", s.Name, s.Diagnostics)
	}
	b.ReportAllocs()
	cpu0 := cputime.Process()
	for b.Loop() {
		Load(fsys, "skills/tool-00002", opts)
	}
	b.ReportMetric(float64((cputime.Process()-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
}

// BenchmarkCheckIndexGenerated runs the index checks of one generated
// repository (33 packages, as lint meets them); cpu-ns/pkg is its share
// per package.
func BenchmarkCheckIndexGenerated(b *testing.B) {
	fsys := generatedRepo(b, 99)
	opts := model.Options{FindingsOnly: true}
	entries, err := fs.ReadDir(fsys, "skills")
	if err != nil {
		b.Fatal(err)
	}
	var skills []*model.Skill
	for _, e := range entries {
		if e.IsDir() {
			skills = append(skills, Load(fsys, "skills/"+e.Name(), opts))
		}
	}
	if ds := CheckIndex(fsys, "skills/index.json", skills, opts); len(skills) != 33 || len(ds) != 0 {
		b.Fatalf("%d packages, findings %v", len(skills), ds)
	}
	b.ReportAllocs()
	cpu0 := cputime.Process()
	for b.Loop() {
		CheckIndex(fsys, "skills/index.json", skills, opts)
	}
	b.ReportMetric(float64((cputime.Process()-cpu0).Nanoseconds())/float64(b.N*len(skills)), "cpu-ns/pkg")
}

// generatedRepo writes the first n skills of the generated library and
// returns its first OS Loop repository through safefs.
func generatedRepo(b *testing.B, n int) fs.FS {
	root := b.TempDir()
	if err := libgen.Generate(root, n); err != nil {
		b.Fatal(err)
	}
	return safefs.Dir(filepath.Join(root, "group-000", "osloop"))
}
