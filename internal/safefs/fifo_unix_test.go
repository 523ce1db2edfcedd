//go:build unix

package safefs

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestOpenRefusesFIFOAtOnce(t *testing.T) { bothWays(t, openRefusesFIFOAtOnce) }

func openRefusesFIFOAtOnce(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.md"), 0o644); err != nil {
		t.Skip("no FIFOs:", err)
	}
	// A read that opened the FIFO would block here for ever.
	_, err := fs.ReadFile(Dir(dir), "pipe.md")
	if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "FIFO") {
		t.Errorf("err = %v", err)
	}
	if _, err := ReadFile(filepath.Join(dir, "pipe.md"), 1<<20); !errors.Is(err, ErrNotRegular) {
		t.Errorf("ReadFile: err = %v", err)
	}
}

// sameInode says whether a (from Dir) carries b's inode in Sys().
func sameInode(a, b fs.FileInfo) bool {
	st, ok := a.Sys().(*syscall.Stat_t)
	return ok && st.Ino == b.Sys().(*syscall.Stat_t).Ino
}
