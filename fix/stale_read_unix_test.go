//go:build unix

package fix_test

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/skillstudio/skillstudio/fix"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/registry"
)

// SKILL.md swapped for a FIFO after lint read it and before the fix plan
// re-read it: the plan's os.ReadFile waited for a writer forever.
func TestFixPlanDoesNotWaitOnAFIFOSwappedInAfterLint(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "SKILL.md")
	if err := os.WriteFile(path, []byte("---\nname: a\ndescription: Use when: things happen\n---\n# A\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	lib, err := registry.LoadSources(context.Background(), []string{filepath.Dir(dir)}, model.Options{KeepReadStamps: true}, nil, registry.RemoteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	os.Remove(path)
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skip("no FIFOs:", err)
	}
	done := make(chan fix.Plan, 1)
	go func() { done <- fix.NewPlan(fix.Collect(lib), fix.Disk) }()
	select {
	case p := <-done:
		if len(p.Files) != 0 || len(p.Skipped) != 1 {
			t.Errorf("plan = %+v, want the fix skipped", p)
		}
	case <-time.After(60 * time.Second): // a guard against a hang, not a measure
		t.Fatal("the fix plan blocked on a FIFO in place of the file")
	}
}
