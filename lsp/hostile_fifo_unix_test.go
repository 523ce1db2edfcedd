//go:build unix

package lsp

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// A workspace is a checkout someone else wrote: a FIFO named SKILL.md or
// a reference, or a link to /dev/zero, must not stop lint (the server
// read the workspace through os.DirFS, which opened a FIFO and waited).
func TestWorkspaceFIFOsAndDevicesDoNotStopLint(t *testing.T) {
	root := t.TempDir()
	good := "---\nname: Bad_Name\ndescription: A skill beside FIFOs for the workspace test.\n---\n\n# Body\n"
	writeFiles(t, root, map[string]string{
		"good/SKILL.md":   good,
		"linked/SKILL.md": "---\nname: linked\ndescription: A skill whose reference is a FIFO in the workspace test.\n---\n\n# Body\n\nSee [the guide](references/guide.md).\n",
	})
	for _, p := range []string{"fifo/SKILL.md", "linked/references/guide.md"} {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := syscall.Mkfifo(full, 0o644); err != nil {
			t.Skipf("mkfifo: %v", err)
		}
	}
	if err := os.MkdirAll(filepath.Join(root, "zero"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(root, "zero", "SKILL.md")); err != nil {
		t.Fatal(err)
	}
	c := newClient(t, root)
	c.open("good/SKILL.md", good)
	c.waitFor("good/SKILL.md", hasCode("skillmd/name"))
}
