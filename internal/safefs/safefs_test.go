package safefs

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestOpenRefusesFIFOAtOnce(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.md"), 0o644); err != nil {
		t.Skip("no FIFOs:", err)
	}
	start := time.Now()
	_, err := fs.ReadFile(Dir(dir), "pipe.md")
	if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "FIFO") {
		t.Errorf("err = %v", err)
	}
	if _, err := ReadFile(filepath.Join(dir, "pipe.md"), 1<<20); !errors.Is(err, ErrNotRegular) {
		t.Errorf("ReadFile: err = %v", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %v", d)
	}
}

func TestSymlinksStayInside(t *testing.T) {
	root := t.TempDir()
	lib := filepath.Join(root, "lib")
	os.MkdirAll(filepath.Join(lib, "a"), 0o755)
	os.WriteFile(filepath.Join(lib, "a", "x.md"), []byte("inside"), 0o644)
	os.WriteFile(filepath.Join(root, "secret.md"), []byte("outside"), 0o644)
	os.Symlink("a/x.md", filepath.Join(lib, "in.md"))
	os.Symlink("../secret.md", filepath.Join(lib, "out.md"))
	os.Symlink("/", filepath.Join(lib, "root"))
	os.Symlink("loop", filepath.Join(lib, "loop"))
	fsys := Dir(lib)
	if b, err := fs.ReadFile(fsys, "in.md"); err != nil || string(b) != "inside" {
		t.Errorf("in-tree link: %q %v", b, err)
	}
	for _, name := range []string{"out.md", "root/etc/passwd", "loop"} {
		if b, err := fs.ReadFile(fsys, name); err == nil {
			t.Errorf("%s: read %q outside the folder", name, b)
		}
		if _, err := fs.Stat(fsys, name); err == nil {
			t.Errorf("%s: stat succeeded outside the folder", name)
		}
	}
	// Confined: the folder above is readable, links inside the confined
	// folder may not reach it.
	os.Symlink("../../secret.md", filepath.Join(lib, "a", "up.md"))
	c := Confined(root, "lib")
	if _, err := fs.ReadFile(c, "lib/a/up.md"); err == nil {
		t.Error("a link in the confined folder reached the folder above")
	}
	if _, err := fs.ReadFile(c, "lib/a/x.md"); err != nil {
		t.Errorf("confined read: %v", err)
	}
}

func TestReadFileCap(t *testing.T) {
	p := filepath.Join(t.TempDir(), "big")
	os.WriteFile(p, make([]byte, 2048), 0o644)
	if _, err := ReadFile(p, 1024); !errors.Is(err, ErrTooLarge) {
		t.Errorf("err = %v", err)
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		if _, err := ReadFile("/dev/zero", 1024); !errors.Is(err, ErrNotRegular) {
			t.Errorf("/dev/zero: err = %v", err)
		}
	}
}

// A folder whose name is not UTF-8 is still read (fs.ValidPath would
// refuse it, making the skill unreadable).
func TestNonUTF8NamesAreReadable(t *testing.T) {
	dir := t.TempDir()
	name := "a\xffb"
	if err := os.Mkdir(filepath.Join(dir, name), 0o755); err != nil {
		t.Skip("file system refuses non-UTF-8 names")
	}
	os.WriteFile(filepath.Join(dir, name, "SKILL.md"), []byte("x"), 0o644)
	if b, err := fs.ReadFile(Dir(dir), name+"/SKILL.md"); err != nil || string(b) != "x" {
		t.Errorf("%q %v", b, err)
	}
	if _, err := Dir(dir).Open("../x"); err == nil {
		t.Error(".. accepted")
	}
}
