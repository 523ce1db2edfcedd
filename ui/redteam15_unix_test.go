//go:build unix

package ui

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A skill's files that are not regular files — a FIFO, a link to
// /dev/zero, a link out of the folder — opened from the studio (the Files
// tab, a link in the reader) end at once with a message; they never block
// the command reading them nor fill memory.
func TestOpeningSpecialFilesEndsAtOnce(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "lib")
	writeFile(t, dir, "s/SKILL.md", "---\nname: s\ndescription: Reads special files when the user asks.\n---\n# S\n\n[f](references/fifo.md)\n")
	if err := os.MkdirAll(filepath.Join(dir, "s", "references"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "s", "references", "fifo.md"), 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	os.Symlink("/dev/zero", filepath.Join(dir, "s", "references", "zero.md"))
	os.Symlink("/etc/passwd", filepath.Join(dir, "s", "references", "passwd.md"))
	m := studio(t, Options{Sources: []string{dir}}, 100, 30)
	var e *Entry
	for _, x := range m.lib.entries {
		if x.Skill.Name == "s" {
			e = x
		}
	}
	if e == nil {
		t.Fatal("skill s not loaded")
	}
	for _, name := range []string{"fifo.md", "zero.md", "passwd.md"} {
		fsPath := e.Skill.Location.Join("references/" + name)
		done := make(chan error, 1)
		go func() {
			d, err := fileDoc(e.Skill, e.ID, fsPath)
			if err == nil && d != nil && strings.Contains(d.markdown, "root:") {
				t.Errorf("%s: read a file outside the skill's folder", name)
			}
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil {
				t.Errorf("%s: opened without an error", name)
			}
			t.Logf("%s: %v", name, err)
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: opening it did not end in 5 s", name)
		}
	}
}
