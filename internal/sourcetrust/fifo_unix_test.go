//go:build unix

package sourcetrust

import (
	"path/filepath"
	"syscall"
	"testing"
)

func TestStateFileFIFODoesNotHang(t *testing.T) {
	st := filepath.Join(t.TempDir(), "trusted-sources.json")
	if err := syscall.Mkfifo(st, 0o600); err != nil {
		t.Skip(err)
	}
	if _, err := Trusted(st, "/a", Digest(nil)); err == nil {
		t.Fatal("a FIFO was read as the state file")
	}
}
