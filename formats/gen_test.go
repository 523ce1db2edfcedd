package formats

import (
	"os"
	"testing"

	"github.com/skillstudio/skillstudio/internal/libgen"
	"github.com/skillstudio/skillstudio/model"
)

// generateMixed writes n generated skills of the three formats under dir
// (internal/libgen, shared with bench/compare.sh).
func generateMixed(dir string, n int) error { return libgen.Generate(dir, n) }

func TestGeneratedSkillsAreRecognised(t *testing.T) {
	dir := t.TempDir()
	const n = 30
	if err := generateMixed(dir, n); err != nil {
		t.Fatal(err)
	}
	lib := LoadAll(t.Context(), model.Location{Source: dir, Root: dir, Local: true, FS: os.DirFS(dir)}, ".", model.Options{}, nil)
	if len(lib.Skills) != n {
		t.Fatalf("%d skills, want %d", len(lib.Skills), n)
	}
	counts := map[model.Format]int{}
	errs := 0
	for _, s := range lib.Skills {
		counts[s.Format]++
		for _, d := range s.Diagnostics {
			if d.Rule == "library/reader-crash" {
				t.Errorf("%s: %s", s.Location.File, d.Message)
			}
			if d.Severity == model.SeverityError {
				errs++
				t.Logf("%s", d)
			}
		}
	}
	for _, f := range model.Formats {
		if counts[f] != n/3 {
			t.Errorf("%s: %d skills, want %d", f, counts[f], n/3)
		}
	}
	if errs > 0 {
		// The generator is meant to write valid skills, so the benchmark
		// measures the common case; an error here means it drifted from a
		// rule (or a rule is wrong).
		t.Errorf("%d errors in generated skills", errs)
	}
}

// TestWriteGeneratedTree writes the 10,000-skill benchmark tree to
// $SKILLSTUDIO_GEN_DIR, for measuring the binary (peak RSS with
// /usr/bin/time -v skillstudio lint DIR). Skipped unless that is set.
func TestWriteGeneratedTree(t *testing.T) {
	dir := os.Getenv("SKILLSTUDIO_GEN_DIR")
	if dir == "" {
		t.Skip("set SKILLSTUDIO_GEN_DIR to write the 10,000-skill tree there")
	}
	if err := generateMixed(dir, 10_000); err != nil {
		t.Fatal(err)
	}
}
