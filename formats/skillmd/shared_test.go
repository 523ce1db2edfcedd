package skillmd

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/skillstudio/skillstudio/internal/racebuild"
)

// pureCPUUnderRace skips, under -race only, a test that is CPU load on one
// goroutine: this package starts no goroutine, so the detector has nothing to find
// there, and the plain go test run still does the whole test. A test whose
// goroutines share a memo, a pool or a table is never skipped.
func pureCPUUnderRace(t testing.TB) {
	t.Helper()
	if racebuild.Enabled {
		t.Skip("pure CPU on one goroutine: nothing for the race detector; the plain run does it")
	}
}

// sharedDir is ../shared beside the repository: third-party specs and the
// corpus, read at test time and never copied into the repo.
func sharedDir(t testing.TB, sub string) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "..", "shared", sub))
	if err == nil {
		if info, statErr := os.Stat(dir); statErr == nil && info.IsDir() {
			return dir
		}
	}
	t.Skipf("../shared/%s is absent (a plain clone): skipping the test over third-party text", sub)
	return ""
}

func corpusDir(t testing.TB) string { return sharedDir(t, "corpus") }
func specsDir(t testing.TB) string  { return sharedDir(t, "specs") }
