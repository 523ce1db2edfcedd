//go:build unix

package fix

import (
	"errors"
	"os"
	"syscall"
	"testing"
	"time"
)

// The file swapped for a FIFO after the plan read it: the re-read opened
// it with os.Open and waited for a writer that never came.
func TestApplyDoesNotWaitOnAFIFOSwappedIn(t *testing.T) {
	path, p := oneEdit(t)
	os.Remove(path)
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skip("no FIFOs:", err)
	}
	done := make(chan error, 1)
	go func() { done <- applyOne(t, p) }()
	var err error
	select {
	case err = <-done:
	case <-time.After(60 * time.Second): // a guard against a hang, not a measure
		t.Fatal("lint --fix blocked on a FIFO in place of the file")
	}
	if !errors.Is(err, ErrChanged) {
		t.Errorf("err = %v, want ErrChanged", err)
	}
}
