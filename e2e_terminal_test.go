package main

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestTerminalCommandsSeeTheTerminal runs `show` and `quiz PATH` in a real
// terminal (tmux). Run wraps stdout in a filter that keeps the file's Fd,
// but both commands asked for an *os.File and so never saw a terminal:
// show printed 80 columns without colour in a 150-column terminal, and
// the interactive quiz refused to start ("needs a terminal"). Quitting the
// quiz mid-way says how the run stood.
func TestTerminalCommandsSeeTheTerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	tmux, err := exec.LookPath("tmux")
	if err != nil {
		t.Skip("tmux is not installed: this end-to-end test needs it (apt-get install tmux)")
	}
	bin := buildBinary(t)
	dir := t.TempDir()
	socket := filepath.Join(dir, "tmux.sock")
	t.Cleanup(func() { exec.Command(tmux, "-S", socket, "kill-server").Run() })
	tm := func(args ...string) string {
		t.Helper()
		out, err := exec.Command(tmux, append([]string{"-S", socket}, args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	run := func(session string, args ...string) {
		// The shell stays after the command, so its last screen can be read.
		cmd := fmt.Sprintf("env SKILLSTUDIO_THEME=dark TERM=xterm-256color %s %s; echo EXIT=$?; sleep 60", bin, strings.Join(args, " "))
		tm("new-session", "-d", "-s", session, "-x", "150", "-y", "50", "-c", dir, "sh", "-c", cmd)
	}
	waitFor := func(session, want string, escapes bool) string {
		t.Helper()
		deadline := time.Now().Add(30 * time.Second)
		for {
			// -S -: the scrollback too (80 columns is longer than the pane).
			args := []string{"capture-pane", "-p", "-S", "-", "-t", session}
			if escapes {
				args = append(args, "-e")
			}
			s := tm(args...)
			if strings.Contains(s, want) {
				return s
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: the screen does not show %q:\n%s", session, want, s)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}

	run("show", "show", "webhook-verification")
	screen := waitFor("show", "Webhook Verification", true)
	if !strings.Contains(screen, "\x1b[") {
		t.Errorf("show in a terminal printed no colour:\n%s", screen)
	}
	widest := 0
	for _, l := range strings.Split(waitFor("show", "Webhook Verification", false), "\n") {
		widest = max(widest, len([]rune(strings.TrimRight(l, " "))))
	}
	if widest <= 80 {
		t.Errorf("show in a 150-column terminal wrapped at %d columns, not the terminal's width", widest)
	}

	run("quiz", "quiz", "webhook-verification")
	waitFor("quiz", "begin the exam", false)
	tm("send-keys", "-t", "quiz", "Enter")
	waitFor("quiz", "Q 1/", false)
	// Quitting mid-way left nothing behind (the full screen is gone) and
	// exited 0 with the gate closed; the run's end is now printed, with
	// --answers' exit status.
	tm("send-keys", "-t", "quiz", "3")
	waitFor("quiz", "Incorrect", false)
	tm("send-keys", "-t", "quiz", "q")
	end := waitFor("quiz", "EXIT=", false)
	for _, want := range []string{"Quiz: webhook-verification", "stopped after 1 of 2 questions, gate closed", "EXIT=1"} {
		if !strings.Contains(end, want) {
			t.Errorf("after q mid-way the terminal does not show %q:\n%s", want, end)
		}
	}
}
