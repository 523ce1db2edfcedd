package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestStudioEndToEnd runs the real binary in tmux: find a skill, open it,
// read it, break its file on disk and see the new finding appear — live,
// without touching the studio.
func TestStudioEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	tmux, err := exec.LookPath("tmux")
	if err != nil {
		t.Skip("tmux is not installed: the end-to-end studio test needs it (apt-get install tmux)")
	}
	dir := t.TempDir()
	bin := buildBinary(t)
	// The studio's fixtures are copied to a temp folder, so breaking a
	// file there leaves the repository alone.
	lib := copyTree(t, filepath.Join("ui", "testdata", "library"))

	session := fmt.Sprintf("skillstudio-e2e-%d", os.Getpid())
	sh := func(args ...string) string {
		t.Helper()
		out, err := exec.Command(tmux, args...).CombinedOutput()
		if err != nil {
			t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	// A private server socket keeps the test away from the user's tmux.
	socket := filepath.Join(dir, "tmux.sock")
	tm := func(args ...string) string { return sh(append([]string{"-S", socket}, args...)...) }
	tm("new-session", "-d", "-s", session, "-x", "120", "-y", "40", "-c", filepath.Dir(lib),
		"env", "SKILLSTUDIO_THEME=dark", "EDITOR=", "VISUAL=", "TERM=xterm-256color", bin, filepath.Base(lib))
	t.Cleanup(func() { exec.Command(tmux, "-S", socket, "kill-server").Run() })

	screen := func() string { return tm("capture-pane", "-p", "-t", session) }
	// waitFor polls the screen until it holds want, or fails after limit.
	waitFor := func(want string, limit time.Duration) time.Duration {
		t.Helper()
		start := time.Now()
		for {
			if s := screen(); strings.Contains(s, want) {
				return time.Since(start)
			}
			if time.Since(start) > limit {
				t.Fatalf("after %s the screen does not show %q:\n%s", limit, want, screen())
			}
			time.Sleep(25 * time.Millisecond)
		}
	}
	keys := func(k ...string) { tm(append([]string{"send-keys", "-t", session}, k...)...) }

	waitFor("4 skills", 20*time.Second)

	// Find: filter to one skill.
	keys("/")
	keys("-l", "hello")
	waitFor("1/4", 20*time.Second)
	keys("Enter")
	// Open and read it.
	keys("Enter")
	waitFor("Say hello back in the language", 20*time.Second)
	keys("]")
	keys("}") // select the first link
	waitFor("references/phrases.md", 20*time.Second)
	keys("Enter")
	waitFor("Bonjour", 20*time.Second)
	keys("BSpace")
	waitFor("Say hello back in the language", 20*time.Second)

	// Its Lint tab has no errors…
	keys("3")
	keyTook := waitFor("0 errors", 20*time.Second)

	// …until its file is broken on disk.
	skill := filepath.Join(lib, "skills", "hello-world", "SKILL.md")
	data, err := os.ReadFile(skill)
	if err != nil {
		t.Fatal(err)
	}
	broken := strings.Replace(string(data), "name: hello-world", "name: Hello_World", 1)
	if err := os.WriteFile(skill, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	took := waitFor("skillmd/name", 30*time.Second)
	t.Logf("the new finding appeared %s after the file was written (a key took %s)", took.Round(time.Millisecond), keyTook.Round(time.Millisecond))
	// Live means about as fast as a key: under a second on a quiet
	// machine. A loaded one slows the key's round trip through tmux, the
	// studio and the lint as much, so the bound follows it.
	if limit := max(time.Second, 5*keyTook); took > limit {
		t.Errorf("the new finding took %s to appear; want under %s (a second, or five times a key's %s)", took, limit, keyTook)
	}
	if s := screen(); !strings.Contains(s, "Hello_World") || !strings.Contains(s, "✗1") {
		t.Errorf("the library row did not update:\n%s", s)
	}

	keys("q")
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if exec.Command(tmux, "-S", socket, "has-session", "-t", session).Run() != nil {
			return // the studio quit and the session closed
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Error("q did not quit the studio")
}

// copyTree copies the fixture folder src to a new temp folder.
func copyTree(t *testing.T, src string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), filepath.Base(src))
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	return dst
}
