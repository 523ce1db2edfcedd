//go:build unix

package baseline

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/skillstudio/skillstudio/model"
)

// A baseline is read from the repository under review, which a pull
// request controls: a link to /dev/zero or a FIFO in its place must be
// refused at once, not read for ever (memory) or waited on (a hang).
func TestReadRefusesWhatIsNotAFile(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	zero := "zero.json"
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	fifo := "fifo.json"
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

// A library-level finding names a file the search did not follow: a link
// out of the source (library/symlink-skipped), perhaps to /dev/zero or a
// FIFO. Fingerprinting it must not read through the link: before,
// lint --write-baseline over a folder holding "x/SKILL.md -> /dev/zero"
// read until memory ran out.
func TestFindingsNeverReadThroughALinkOrAFIFO(t *testing.T) {
	dir := t.TempDir()
	zero := filepath.Join(dir, "SKILL.md")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "pipe.md")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs:", err)
	}
	outside := filepath.Join(t.TempDir(), "secret.md")
	if err := os.WriteFile(outside, []byte("secret line\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "secret.md")
	if err := os.Symlink(outside, link); err != nil {
		t.Fatal(err)
	}
	var lib model.Library
	for _, p := range []string{zero, fifo, link} {
		for _, line := range []int{0, 1} {
			lib.Diagnostics = append(lib.Diagnostics, model.Diagnostic{Rule: "library/symlink-skipped", Severity: model.SeverityInfo, File: p, Line: line, Message: "m"})
		}
	}
	done := make(chan []Finding, 1)
	go func() { done <- Findings(&lib, dir) }()
	select {
	case fs := <-done:
		for _, f := range fs {
			if f.LineText != "" {
				t.Errorf("%s: read through to %q", f.File, f.LineText)
			}
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Findings did not return (reading /dev/zero or waiting on a FIFO)")
	}
}

// An absolute path is the user's own: a pipe they name
// (--baseline <(git show main:b.json) names /dev/fd/63) is read, and a
// device is read no further than the cap.
func TestReadAbsolutePipeAndDeviceAreBounded(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs:", err)
	}
	go func() {
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err == nil {
			f.WriteString(`{"version": 1, "findings": []}`)
			f.Close()
		}
	}()
	if b, err := Read(fifo); err != nil || b.Version != 1 {
		t.Errorf("pipe: %+v, %v", b, err)
	}
	done := make(chan error, 1)
	go func() { _, err := Read("/dev/zero"); done <- err }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "too large") {
			t.Errorf("/dev/zero: err = %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("/dev/zero was read without end")
	}
}
