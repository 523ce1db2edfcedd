package safefs

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestReadStampSaysWhichFileWasRead(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "SKILL.md")
	if err := os.WriteFile(p, []byte("one"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Dir(dir).ReadFile("SKILL.md"); err != nil {
		t.Fatal(err)
	}
	if _, ok := Dir(dir).ReadStamp("SKILL.md"); ok {
		t.Error("an FS without KeepStamps kept a stamp")
	}
	fsys := Dir(dir).KeepStamps()
	if _, err := fsys.ReadFile("SKILL.md"); err != nil {
		t.Fatal(err)
	}
	info, _ := os.Stat(p)
	if st, ok := fsys.ReadStamp("SKILL.md"); !ok || st != StampOf(info) {
		t.Fatalf("stamp = %+v, %v; want %+v", st, ok, StampOf(info))
	}
	// Read again in another state: which read the findings came from is
	// unknown, so the stamp matches no file.
	if err := os.WriteFile(p, []byte("other"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Chtimes(p, time.Now(), time.Now().Add(time.Hour))
	if _, err := fsys.ReadFile("SKILL.md"); err != nil {
		t.Fatal(err)
	}
	if st, _ := fsys.ReadStamp("SKILL.md"); st.Size != -1 {
		t.Errorf("stamp after a changed second read = %+v, want Size -1", st)
	}
}
