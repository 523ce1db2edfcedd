package build

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/skillstudio/skillstudio/formats/xgs/bundle"
	"github.com/skillstudio/skillstudio/internal/display"
)

// copyTree copies the fixture folder src to a new temp folder.
func copyTree(t testing.TB, src string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), filepath.Base(src))
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	return dst
}

func readRegistry(t *testing.T, dir string) bundle.Registry {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, bundle.RegistryFile))
	if err != nil {
		t.Fatal(err)
	}
	var reg bundle.Registry
	if err := json.Unmarshal(b, &reg); err != nil {
		t.Fatal(err)
	}
	return reg
}

// syncBuffer is a bytes.Buffer safe for the watch goroutine and the test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// waitFor polls until the output holds want (an event-driven wait, not a
// timing assertion: the deadline only stops a hung test).
func waitFor(t *testing.T, buf *syncBuffer, want string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(buf.String(), want) {
		if time.Now().After(deadline) {
			t.Fatalf("never printed %q; output so far:\n%s", want, buf.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// waitCount waits until substr appears at least n times.
func waitCount(t *testing.T, buf *syncBuffer, substr string, n int) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for strings.Count(buf.String(), substr) < n {
		if time.Now().After(deadline) {
			t.Fatalf("%q printed fewer than %d times:\n%s", substr, n, buf.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestBuildWatchRebuildsAndSurvivesBrokenFiles(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	src := copyTree(t, filepath.Join("..", "formats", "xgs", "bundle", "testdata", "skills"))
	out := filepath.Join(t.TempDir(), "dist")
	w := startWatch(t, src, out)
	if !strings.Contains(w.stdout.String(), "watching 6 skills in 1 folder") {
		t.Errorf("stdout:\n%s", w.stdout.String())
	}
	file := filepath.Join(src, "base-kit.xgs.js")
	orig, _ := os.ReadFile(file)

	// An editor-style save: write a temp file, rename it over the skill.
	save := func(text []byte) {
		tmp := filepath.Join(src, ".base-kit.xgs.js.tmp")
		os.WriteFile(tmp, text, 0o644)
		if err := os.Rename(tmp, file); err != nil {
			t.Fatal(err)
		}
	}
	save(bytes.Replace(orig, []byte("Hello, "), []byte("Howdy, "), 1))
	waitCount(t, &w.stdout, "base-kit  ", 2) // the first build's line, then the rebuild's
	if !strings.Contains(w.stdout.String(), "lint: 0 errors, 0 warnings, 0 infos") {
		t.Errorf("the rebuild line has no lint counts:\n%s", w.stdout.String())
	}
	// No "built N into DIR" line follows a rebuild: its own line says
	// where the bundle went.
	if want := "→ " + display.Path(mustGetwd(t), filepath.Join(out, "base-kit.xgs.js")); !strings.Contains(w.stdout.String(), want) {
		t.Errorf("the rebuild line does not name the file it wrote (%q):\n%s", want, w.stdout.String())
	}
	built, _ := os.ReadFile(filepath.Join(out, "base-kit.xgs.js"))
	if !bytes.Contains(built, []byte("Howdy, ")) {
		t.Error("the rebuilt bundle was not written")
	}
	if strings.Count(w.stdout.String(), "text-kit  ") != 1 {
		t.Errorf("a save of base-kit rebuilt other skills:\n%s", w.stdout.String())
	}

	save(append(append([]byte(nil), orig...), "\nconst = ;\n"...))
	waitCount(t, &w.stdout, "base-kit  ", 3)
	waitFor(t, &w.stdout, "base-kit  failed")
	waitFor(t, &w.stderr, "base-kit.xgs.js:22:7: error xgs/build-error")
	if built2, _ := os.ReadFile(filepath.Join(out, "base-kit.xgs.js")); !bytes.Equal(built, built2) {
		t.Error("a broken save replaced the last good bundle")
	}

	save(orig)
	waitCount(t, &w.stdout, "base-kit  ", 4)
	if fixed, _ := os.ReadFile(filepath.Join(out, "base-kit.xgs.js")); !bytes.Contains(fixed, []byte("Hello, ")) {
		t.Error("the fixed skill's bundle was not written")
	}

	// A new skill dropped into the folder is picked up.
	tk, _ := os.ReadFile(filepath.Join(src, "text-kit.xgs.js"))
	os.WriteFile(filepath.Join(src, "text-kit-copy.xgs.js"), bytes.Replace(tk, []byte("@name text-kit"), []byte("@name text-kit-copy"), 1), 0o644)
	waitFor(t, &w.stdout, "text-kit-copy  ")
	deadline := time.Now().Add(20 * time.Second)
	for len(readRegistry(t, out).Skills) != 7 {
		if time.Now().After(deadline) {
			t.Fatalf("registry.json does not list the new skill")
		}
		time.Sleep(10 * time.Millisecond)
	}

	// Deleting it takes it out of registry.json.
	os.Remove(filepath.Join(src, "text-kit-copy.xgs.js"))
	waitFor(t, &w.stdout, "text-kit-copy.xgs.js  removed")
	deadline = time.Now().Add(20 * time.Second)
	for len(readRegistry(t, out).Skills) != 6 {
		if time.Now().After(deadline) {
			t.Fatalf("registry.json still lists the deleted skill")
		}
		time.Sleep(10 * time.Millisecond)
	}
	// ... and its bundle out of the output folder.
	if _, err := os.Stat(filepath.Join(out, "text-kit-copy.xgs.js")); err == nil {
		t.Error("the deleted skill's bundle is still in the output folder")
	}

	if err := w.stop(); err != nil {
		t.Errorf("watch returned %v", err)
	}
	if !strings.Contains(w.stdout.String(), "stopped") {
		t.Error("no clean stop")
	}
}

// watching is a build --watch running in the background of a test.
type watching struct {
	stdout, stderr syncBuffer
	cancel         context.CancelFunc
	done           chan error
}

// startWatch runs build --watch on src into out and returns once the
// first build is written and the watch is on.
func startWatch(t *testing.T, src, out string) *watching {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	w := &watching{cancel: cancel, done: make(chan error, 1)}
	ready := make(chan struct{})
	go func() {
		w.done <- Run(ctx, Request{
			Paths: []string{src}, Out: out, Watch: true, Debounce: 20 * time.Millisecond,
			Stdout: &w.stdout, Stderr: &w.stderr, Ready: func() { close(ready) },
		})
	}()
	select {
	case <-ready:
	case err := <-w.done:
		t.Fatalf("watch ended early: %v\n%s%s", err, w.stdout.String(), w.stderr.String())
	}
	return w
}

// stop ends the watch and returns what it returned.
func (w *watching) stop() error {
	w.cancel()
	return <-w.done
}

func mustGetwd(t *testing.T) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return wd
}
