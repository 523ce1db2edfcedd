package xgs

import (
	"os"
	"path/filepath"
	"testing"
)

// sharedPath returns a path under ../shared (the specs and the corpus,
// third-party text never copied into the repo) or skips the test when a
// plain clone does not have it.
func sharedPath(t testing.TB, elem ...string) string {
	t.Helper()
	root := os.Getenv("SKILLSTUDIO_SHARED")
	if root == "" {
		root = filepath.Join("..", "..", "..", "shared")
	}
	p := filepath.Join(append([]string{root}, elem...)...)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("third-party test data not found at %s (a plain clone has no ../shared; set SKILLSTUDIO_SHARED): %v", p, err)
	}
	return p
}
