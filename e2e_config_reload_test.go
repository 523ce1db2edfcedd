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

// TestStudioConfigReloadEndToEnd runs the real binary in tmux: a project
// config written while the studio runs is applied (a skill excluded, a
// severity raised) and a broken one is reported with its position, the
// library left as it was.
func TestStudioConfigReloadEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	tmux, err := exec.LookPath("tmux")
	if err != nil {
		t.Skip("tmux is not installed: the end-to-end studio test needs it (apt-get install tmux)")
	}
	dir := t.TempDir()
	bin := buildBinary(t)
	lib := copyTree(t, filepath.Join("ui", "testdata", "library"))
	session := fmt.Sprintf("skillstudio-e2e-config-%d", os.Getpid())
	socket := filepath.Join(dir, "tmux.sock")
	tm := func(args ...string) string {
		t.Helper()
		out, err := exec.Command(tmux, append([]string{"-S", socket}, args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	tm("new-session", "-d", "-s", session, "-x", "120", "-y", "40", "-c", filepath.Dir(lib),
		"env", "SKILLSTUDIO_THEME=dark", "EDITOR=", "VISUAL=", "TERM=xterm-256color", "XDG_CONFIG_HOME="+dir, bin, filepath.Base(lib))
	t.Cleanup(func() { exec.Command(tmux, "-S", socket, "kill-server").Run() })
	screen := func() string { return tm("capture-pane", "-p", "-t", session) }
	waitFor := func(want string) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for !strings.Contains(screen(), want) {
			if time.Now().After(deadline) {
				t.Fatalf("the screen does not show %q:\n%s", want, screen())
			}
			time.Sleep(25 * time.Millisecond)
		}
	}
	waitFor("4 skills")
	waitFor("live")

	cfg := filepath.Join(lib, ".skillstudio.yaml")
	if err := os.WriteFile(cfg, []byte("rules:\n  skillmd/link: error\nexclude:\n  - skills/hello-world\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor("Config reloaded: 3 skills linted again, 1 now excluded.")
	if s := screen(); !strings.Contains(s, "3 skills · ✗1") || strings.Contains(s, "hello-world") {
		t.Errorf("the library does not follow the config:\n%s", s)
	}

	if err := os.WriteFile(cfg, []byte("rules:\n  skillmd/link: error\nprofile: nobody\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor("Config not reloaded")
	waitFor(".skillstudio.yaml:3:")
	tm("send-keys", "-t", session, "j") // a key clears a status line, not the config's error
	time.Sleep(100 * time.Millisecond)
	if s := screen(); !strings.Contains(s, "Config not reloaded") || !strings.Contains(s, "3 skills") {
		t.Errorf("after a key the error or the library is gone:\n%s", s)
	}
	tm("send-keys", "-t", session, "q")
}
