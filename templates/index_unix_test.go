//go:build unix

package templates

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/skillstudio/skillstudio/model"
)

// index.json swapped for a FIFO between Prepare (the form) and Write: the
// check before the rename read it with os.ReadFile and waited for a
// writer that never came, with the new package half-made.
func TestIndexSwappedForAFIFOBeforeTheWrite(t *testing.T) {
	tm, _ := Lookup(model.FormatOSLoop, "declarative", t.TempDir())
	repo := osloopRepo(t, handIndex)
	dir := filepath.Join(repo, "skills", "late-tool")
	p, err := Prepare(tm, Values{Name: "late-tool", Description: "Late", Author: "A"}, dir)
	if err != nil {
		t.Fatal(err)
	}
	index := filepath.Join(repo, "skills", "index.json")
	os.Remove(index)
	if err := syscall.Mkfifo(index, 0o644); err != nil {
		t.Skip("no FIFOs:", err)
	}
	done := make(chan error, 1)
	go func() { done <- p.Write() }()
	select {
	case err = <-done:
	case <-time.After(60 * time.Second): // a guard against a hang, not a measure
		t.Fatal("Write blocked on a FIFO in place of index.json")
	}
	if err == nil || !strings.Contains(err.Error(), "named pipe") {
		t.Errorf("err = %v", err)
	}
	if _, err := os.Stat(dir); err == nil {
		t.Error("the package stayed although the index could not list it")
	}
}

// A target that is a link to a folder, a dangling link or a FIFO is
// refused, and the message says which (a link to a folder read as "a
// file", which it does not look like in a listing).
func TestTargetThatIsNotAFolderIsNamedByKind(t *testing.T) {
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "real"), 0o755)
	os.Symlink(filepath.Join(dir, "real"), filepath.Join(dir, "linked"))
	os.Symlink(filepath.Join(dir, "nowhere"), filepath.Join(dir, "dangling"))
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe"), 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	for target, want := range map[string]string{
		"linked":          "linked is a symbolic link (nothing is written through one), not a folder",
		"dangling":        "dangling is a symbolic link",
		"pipe":            "pipe is a named pipe (FIFO), not a folder",
		"linked/inside/x": "is a symbolic link (nothing is written through one), so",
		"pipe/inside":     "is a named pipe (FIFO), so",
	} {
		_, err := missingFolder(filepath.Join(dir, target))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want it to say %q", target, err, want)
		}
	}
	if entries, _ := os.ReadDir(filepath.Join(dir, "real")); len(entries) != 0 {
		t.Errorf("something was written through the link: %v", entries)
	}
}
