package registry

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"
)

// waitChange returns the next burst, or fails after a generous deadline
// (the debounce is 50 ms; CI machines can be slow).
func waitChange(t *testing.T, w *Watcher) []string {
	t.Helper()
	select {
	case ids, ok := <-w.Changes():
		if !ok {
			t.Fatal("Changes closed")
		}
		return ids
	case <-time.After(5 * time.Second):
		t.Fatal("no change reported within 5s")
	}
	return nil
}

// expectQuiet fails if a burst arrives within d.
func expectQuiet(t *testing.T, w *Watcher, d time.Duration) {
	t.Helper()
	select {
	case ids := <-w.Changes():
		t.Fatalf("unexpected change %v", ids)
	case <-time.After(d):
	}
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func newTestWatcher(t *testing.T) *Watcher {
	t.Helper()
	w, err := NewWatcher(20 * time.Millisecond)
	if err != nil {
		t.Skipf("fsnotify unavailable here: %v", err)
	}
	t.Cleanup(func() { w.Close() })
	return w
}

func TestWatcherReportsOnlyTheChangedSkill(t *testing.T) {
	root := t.TempDir()
	write(t, filepath.Join(root, "alpha", "SKILL.md"), "---\nname: alpha\n---\n")
	write(t, filepath.Join(root, "beta", "SKILL.md"), "---\nname: beta\n---\n")
	write(t, filepath.Join(root, "gamma.xgs.js"), "// gamma\n")
	write(t, filepath.Join(root, "delta.xgs.js"), "// delta\n")
	w := newTestWatcher(t)
	for id, p := range map[string]string{"alpha": "alpha", "beta": "beta", "gamma": "gamma.xgs.js", "delta": "delta.xgs.js"} {
		if err := w.WatchSkill(id, filepath.Join(root, p)); err != nil {
			t.Fatal(err)
		}
	}

	write(t, filepath.Join(root, "beta", "SKILL.md"), "---\nname: beta\ndescription: x\n---\n")
	if got := waitChange(t, w); !reflect.DeepEqual(got, []string{"beta"}) {
		t.Errorf("after editing beta: got %v, want [beta]", got)
	}

	write(t, filepath.Join(root, "gamma.xgs.js"), "// gamma 2\n")
	if got := waitChange(t, w); !reflect.DeepEqual(got, []string{"gamma"}) {
		t.Errorf("after editing gamma: got %v, want [gamma]", got)
	}

	// A file beside the xgs skills that is no skill of ours: no report.
	write(t, filepath.Join(root, "notes.txt"), "hello")
	expectQuiet(t, w, 150*time.Millisecond)
}

func TestWatcherSeesRenameSaves(t *testing.T) {
	root := t.TempDir()
	skill := filepath.Join(root, "alpha", "SKILL.md")
	write(t, skill, "---\nname: alpha\n---\n")
	w := newTestWatcher(t)
	if err := w.WatchSkill("alpha", filepath.Join(root, "alpha")); err != nil {
		t.Fatal(err)
	}
	// The way vim and most editors save: write a temp file, rename it over.
	tmp := filepath.Join(root, "alpha", ".SKILL.md.swp")
	write(t, tmp, "---\nname: alpha\ndescription: new\n---\n")
	if err := os.Rename(tmp, skill); err != nil {
		t.Fatal(err)
	}
	if got := waitChange(t, w); !reflect.DeepEqual(got, []string{"alpha"}) {
		t.Errorf("got %v, want [alpha]", got)
	}
	// And a second save after the rename is still seen (the folder watch
	// survives the file being replaced).
	write(t, skill, "---\nname: alpha\ndescription: newer\n---\n")
	if got := waitChange(t, w); !reflect.DeepEqual(got, []string{"alpha"}) {
		t.Errorf("second save: got %v, want [alpha]", got)
	}
}

func TestWatcherDebouncesABurst(t *testing.T) {
	root := t.TempDir()
	write(t, filepath.Join(root, "alpha", "SKILL.md"), "x")
	// A debounce far above the few microseconds five writes take, so a
	// loaded machine does not split the burst; the spread is checked below.
	const debounce = 250 * time.Millisecond
	w, err := NewWatcher(debounce)
	if err != nil {
		t.Skipf("fsnotify unavailable here: %v", err)
	}
	t.Cleanup(func() { w.Close() })
	if err := w.WatchSkill("alpha", filepath.Join(root, "alpha")); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	for i := range 5 {
		write(t, filepath.Join(root, "alpha", "SKILL.md"), string(rune('a'+i)))
	}
	spread := time.Since(start)
	if got := waitChange(t, w); !reflect.DeepEqual(got, []string{"alpha"}) {
		t.Errorf("got %v, want [alpha]", got)
	}
	if spread >= debounce {
		t.Logf("the writes took %v, more than the debounce: a second report is allowed", spread)
		return
	}
	expectQuiet(t, w, 2*debounce)
}

func TestWatcherFollowsNewSubfolders(t *testing.T) {
	root := t.TempDir()
	write(t, filepath.Join(root, "alpha", "SKILL.md"), "x")
	w := newTestWatcher(t)
	if err := w.WatchSkill("alpha", filepath.Join(root, "alpha")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(root, "alpha", "references"), 0o755); err != nil {
		t.Fatal(err)
	}
	waitChange(t, w) // the folder's creation itself
	// Give the watcher a moment to add the new folder before writing in it:
	// poll by writing until reported, bounded (generously: the bound only
	// stops a hung test, and a loaded machine under -race needs seconds).
	deadline := time.Now().Add(20 * time.Second)
	for {
		write(t, filepath.Join(root, "alpha", "references", "api.md"), time.Now().String())
		select {
		case ids := <-w.Changes():
			if !reflect.DeepEqual(ids, []string{"alpha"}) {
				t.Fatalf("got %v", ids)
			}
			return
		case <-time.After(200 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatal("a file in a new sub-folder was never reported")
		}
	}
}

func TestWatchSkillMissingPathFails(t *testing.T) {
	w := newTestWatcher(t)
	if err := w.WatchSkill("ghost", filepath.Join(t.TempDir(), "nope")); err == nil {
		t.Fatal("want an error for a path that does not exist")
	}
}

func TestWatcherCloseClosesChanges(t *testing.T) {
	w, err := NewWatcher(0)
	if err != nil {
		t.Skip(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if _, ok := <-w.Changes(); ok {
		t.Fatal("Changes still open after Close")
	}
	if err := w.WatchSkill("x", t.TempDir()); err == nil {
		t.Fatal("WatchSkill after Close should fail")
	}
	_ = w.Close() // twice is fine
}

// A config file is watched before it exists: creating it, then editing
// it, each report its id; a sibling file does not.
func TestWatchFileSeesAFileCreatedLater(t *testing.T) {
	root := t.TempDir()
	w := newTestWatcher(t)
	cfg := filepath.Join(root, ".skillstudio.yaml")
	if err := w.WatchFile("config", cfg); err != nil {
		t.Fatal(err)
	}
	if err := w.WatchFile("config", cfg); err != nil { // twice is once
		t.Fatal(err)
	}
	write(t, cfg, "profile: agentskills\n")
	if got := waitChange(t, w); !reflect.DeepEqual(got, []string{"config"}) {
		t.Errorf("created: got %v, want [config]", got)
	}
	write(t, cfg, "profile: all\n")
	if got := waitChange(t, w); !reflect.DeepEqual(got, []string{"config"}) {
		t.Errorf("edited: got %v, want [config]", got)
	}
	write(t, filepath.Join(root, "notes.txt"), "x")
	expectQuiet(t, w, 150*time.Millisecond)
	if err := w.WatchFile("config", filepath.Join(root, "missing", "x.yaml")); err == nil {
		t.Error("a file in a folder that is not there was watched")
	}
}
