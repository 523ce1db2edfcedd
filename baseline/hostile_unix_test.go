//go:build unix

package baseline

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A baseline is read from the repository under review, which a pull
// request controls: a link to /dev/zero or a FIFO in its place must be
// refused at once, not read for ever (memory) or waited on (a hang).
func TestReadRefusesWhatIsNotAFile(t *testing.T) {
	dir := t.TempDir()
	zero := filepath.Join(dir, "zero.json")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo.json")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs:", err)
	}
	for _, p := range []string{zero, fifo} {
		done := make(chan error, 1)
		go func() { _, err := Read(p); done <- err }()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), "not a regular file") {
				t.Errorf("%s: err = %v", p, err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: Read did not return (a hang, or reading without end)", p)
		}
	}
}
