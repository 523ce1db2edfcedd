package skillmd

import (
	"os"
	"path/filepath"
	"testing"
)

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
