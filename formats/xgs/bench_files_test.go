package xgs

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/internal/cputime"
	"github.com/skillstudio/skillstudio/internal/libgen"
	"github.com/skillstudio/skillstudio/model"
)

// xgsFiles lists the .xgs.js files under dir (relative to it).
func xgsFiles(tb testing.TB, dir string) []string {
	tb.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == ".git" {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".xgs.js") {
			rel, _ := filepath.Rel(dir, p)
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return files
}

// benchLoadFiles loads every file, one after another on one goroutine, as
// lint does (FindingsOnly), and reports CPU time per file.
func benchLoadFiles(b *testing.B, dir string, files []string) {
	if len(files) == 0 {
		b.Skipf("no .xgs.js files under %s", dir)
	}
	fsys := os.DirFS(dir)
	opts := model.Options{FindingsOnly: true}
	b.ReportAllocs()
	cpu0 := cputime.Process()
	for b.Loop() {
		for _, f := range files {
			Load(fsys, f, opts)
		}
	}
	runs := float64(b.N * len(files))
	b.ReportMetric(float64(len(files)), "files/op")
	b.ReportMetric(float64((cputime.Process()-cpu0).Nanoseconds())/runs, "cpu-ns/file")
}

// BenchmarkLoadXGSCorpus loads the corpus's .xgs.js files (../shared/corpus).
func BenchmarkLoadXGSCorpus(b *testing.B) {
	dir := sharedPath(b, "corpus")
	benchLoadFiles(b, dir, xgsFiles(b, dir))
}

// BenchmarkLoadXGSRepo loads the repository's own .xgs.js files: the
// example library and the test skills, clean and broken.
func BenchmarkLoadXGSRepo(b *testing.B) {
	dir := filepath.Join("..", "..")
	benchLoadFiles(b, dir, xgsFiles(b, dir))
}

// BenchmarkLoadXGSGenerated loads the .xgs.js files of a generated
// library (internal/libgen, what bench/compare.sh and lint's 10k figures use).
func BenchmarkLoadXGSGenerated(b *testing.B) {
	dir := b.TempDir()
	if err := libgen.Generate(dir, 30); err != nil {
		b.Fatal(err)
	}
	benchLoadFiles(b, dir, xgsFiles(b, dir))
}
