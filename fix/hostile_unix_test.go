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

// lint --fix run as root over another user's checkout (a container on a
// bind mount) gave the fixed file to root: the rename puts a new file in
// place, and its owner could no longer save it. The new file now gets the
// old one's owner and group.
func TestApplyKeepsTheFilesOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to give a file to another user")
	}
	path, p := oneEdit(t)
	if err := os.Chown(path, 4242, 4243); err != nil {
		t.Skip("cannot chown here:", err)
	}
	if err := applyOne(t, p); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	st := info.Sys().(*syscall.Stat_t)
	if st.Uid != 4242 || st.Gid != 4243 {
		t.Errorf("owner after the fix = %d:%d, want 4242:4243", st.Uid, st.Gid)
	}
	if b, _ := os.ReadFile(path); string(b) != "new text\n" {
		t.Errorf("content = %q", b)
	}
}
