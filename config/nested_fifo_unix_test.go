//go:build unix

package config

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A nested file that is a FIFO is an error naming it, not a hang.
func TestNestedConfigFIFOIsAnError(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "pipe"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(root, "pipe", ProjectFileName), 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	c, err := Load("", root, testRules)
	if err != nil {
		t.Fatal(err)
	}
	c.Formats().Nested(filepath.Join(root, "pipe", "x"))
	if _, _, err := c.NestedFiles(); err == nil || !strings.Contains(err.Error(), "FIFO") {
		t.Errorf("a FIFO: %v", err)
	}
}
