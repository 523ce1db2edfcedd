package fix_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/skillstudio/skillstudio/fix"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/registry"
)

// The fixes' offsets are into the bytes lint read. A file an editor
// changed after lint read it and before the fix plan re-read it got those
// offsets spliced into its new text: the quotes meant for the old
// description landed inside the editor's lines. A file that is no longer
// what lint read is now left alone.
func TestFixLeavesAFileChangedSinceLintReadIt(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "a")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "SKILL.md")
	write := func(s string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("---\nname: a\ndescription: Use when: things happen\n---\n# A\n")
	lib, err := registry.LoadSources(context.Background(), []string{root}, model.Options{KeepReadStamps: true}, nil, registry.RemoteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(fix.Collect(lib)) == 0 {
		t.Fatal("no fix offered for the unquoted colon")
	}
	// The editor's save, same size class but other bytes at the offsets.
	const theirs = "---\nname: a\n# an editor's note here\ndescription: 'Use when things happen'\n---\n# A\n"
	write(theirs)
	var skipped []string
	fix.Repeat(lib, func() (*model.Library, error) { return lib, nil }, nil, func(p fix.Plan, _ fix.Result) {
		for _, s := range p.Skipped {
			skipped = append(skipped, s.Reason)
		}
	})
	if b, _ := os.ReadFile(path); string(b) != theirs {
		t.Errorf("the editor's text was changed by a fix planned on the old text:\n%s", b)
	}
	if len(skipped) != 1 || skipped[0] != fix.ErrChanged.Error() {
		t.Errorf("skipped = %q, want the fix skipped as changed on disk", skipped)
	}
}

// Between the plan's read and the write, SKILL.md is swapped for a link to
// a file outside the source holding the same bytes (another copy of the
// skill, say the user's installed one). The write resolved the link again
// and edited that file. It now writes only over the file the plan read.
func TestFixNeverFollowsALinkSwappedInAfterThePlan(t *testing.T) {
	root, outside := t.TempDir(), t.TempDir()
	dir := filepath.Join(root, "a")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	const text = "---\nname: a\ndescription: Use when: things happen\n---\n# A\n"
	path, victim := filepath.Join(dir, "SKILL.md"), filepath.Join(outside, "SKILL.md")
	for _, p := range []string{path, victim} {
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	lib, err := registry.LoadSources(context.Background(), []string{root}, model.Options{KeepReadStamps: true}, nil, registry.RemoteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	plan := fix.NewPlan(fix.Collect(lib), fix.Disk)
	if len(plan.Files) != 1 {
		t.Fatalf("plan files = %d", len(plan.Files))
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(victim, path); err != nil {
		t.Skip("no symlinks:", err)
	}
	res := fix.Apply(plan)
	if b, _ := os.ReadFile(victim); string(b) != text {
		t.Errorf("the file outside the source was rewritten:\n%s", b)
	}
	if len(res.Failed) != 1 || res.Failed[0].Err != fix.ErrChanged {
		t.Errorf("failed = %+v, want ErrChanged", res.Failed)
	}
}
