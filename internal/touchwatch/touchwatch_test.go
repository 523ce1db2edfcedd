package touchwatch

import (
	"os"
	"path/filepath"
	"testing"
)

// The detector itself: a listing and a read are seen, a stat is not.
func TestSeesReadsNotStats(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "sub"), 0o755)
	os.WriteFile(filepath.Join(dir, "sub", "f"), []byte("x"), 0o644)
	w, err := Start(dir)
	if err != nil {
		t.Skip(err)
	}
	defer w.Close()
	os.Stat(filepath.Join(dir, "sub", "f"))
	if n := w.Touches(); n != 0 {
		t.Fatalf("a stat counted %d", n)
	}
	os.ReadFile(filepath.Join(dir, "sub", "f"))
	if n := w.Touches(); n == 0 {
		t.Fatal("a read was not seen")
	}
	before := w.Touches()
	os.ReadDir(dir)
	if w.Touches() == before {
		t.Fatal("a listing was not seen")
	}
}
