//go:build unix

package registry

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The lock file sits beside the skills: a FIFO in its place, or a link to
// a device (/dev/zero, or /dev/tty, which waits for typing), is refused at
// once, and a malformed one is named file:line:col.
func TestReadLockRefusesWhatIsNotAFile(t *testing.T) {
	fifoDir, zeroDir, badDir := t.TempDir(), t.TempDir(), t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(fifoDir, LockFileName), 0o644); err != nil {
		t.Skip("no FIFOs:", err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(zeroDir, LockFileName)); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{fifoDir, zeroDir} {
		done := make(chan error, 1)
		go func() { _, err := ReadLock(dir); done <- err }()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), "not a regular file") {
				t.Errorf("%s: err = %v", dir, err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: ReadLock did not return", dir)
		}
	}
	p := filepath.Join(badDir, LockFileName)
	if err := os.WriteFile(p, []byte("{\n  \"version\": 1,\n  \"skills\": [x]\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadLock(badDir); err == nil || !strings.HasPrefix(err.Error(), p+":3:") {
		t.Errorf("err = %v, want it to start with %s:3:", err, p)
	}
}
