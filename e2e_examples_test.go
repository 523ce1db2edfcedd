package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// tmuxStudio is the real binary running in a private 120x40 tmux session.
type tmuxStudio struct {
	t       *testing.T
	tmux    string
	socket  string
	session string
}

// startStudio builds the binary and starts it in tmux with args, or skips
// the test when tmux is missing (.ci/run installs it).
func startStudio(t *testing.T, workdir string, args ...string) *tmuxStudio {
	t.Helper()
	return startStudioIn(t, studioRun{dir: workdir}, args...)
}

// studioRun is where and how startStudioIn starts the binary.
type studioRun struct {
	dir   string
	width int      // columns; 120 when 0
	env   []string // NAME=value, after the tests' defaults
}

// startStudioIn is startStudio with a width and environment of its own.
func startStudioIn(t *testing.T, run studioRun, args ...string) *tmuxStudio {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	tmux, err := exec.LookPath("tmux")
	if err != nil {
		t.Skip("tmux is not installed: the end-to-end studio test needs it (apt-get install tmux)")
	}
	if run.width == 0 {
		run.width = 120
	}
	dir := t.TempDir()
	bin := buildBinary(t)
	s := &tmuxStudio{t: t, tmux: tmux, socket: filepath.Join(dir, "tmux.sock"),
		session: fmt.Sprintf("skillstudio-e2e-%d", os.Getpid())}
	cmd := []string{"new-session", "-d", "-s", s.session, "-x", fmt.Sprint(run.width), "-y", "40", "-c", run.dir,
		"env", "SKILLSTUDIO_THEME=dark", "EDITOR=", "VISUAL=", "TERM=xterm-256color"}
	cmd = append(append(append(cmd, run.env...), bin), args...)
	s.tm(cmd...)
	t.Cleanup(func() { exec.Command(tmux, "-S", s.socket, "kill-server").Run() })
	return s
}

func (s *tmuxStudio) tm(args ...string) string {
	s.t.Helper()
	out, err := exec.Command(s.tmux, append([]string{"-S", s.socket}, args...)...).CombinedOutput()
	if err != nil {
		s.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

func (s *tmuxStudio) screen() string { return s.tm("capture-pane", "-p", "-t", s.session) }

// keys sends every key in ONE send-keys call, so they reach the studio
// as fast as a quick typist's — the case that used to open the wrong skill.
func (s *tmuxStudio) keys(k ...string) { s.tm(append([]string{"send-keys", "-t", s.session}, k...)...) }

// escape sends a lone Escape and waits until the screen shows its effect:
// an Escape the studio has not yet read would merge with the next key
// (Alt+key), and a fixed pause is too short on a loaded machine.
func (s *tmuxStudio) escape() {
	s.t.Helper()
	before := s.screen()
	s.keys("Escape")
	const limit = 20 * time.Second
	for start := time.Now(); s.screen() == before; time.Sleep(25 * time.Millisecond) {
		if time.Since(start) > limit {
			s.t.Fatalf("after %s Escape has not changed the screen:\n%s", limit, before)
		}
	}
}

// waitFor polls the screen until it holds want, or fails after limit.
func (s *tmuxStudio) waitFor(want string, limit time.Duration) string {
	s.t.Helper()
	return s.waitForAll(limit, want)
}

// waitForAll polls the screen until it holds every one of wants.
func (s *tmuxStudio) waitForAll(limit time.Duration, wants ...string) string {
	s.t.Helper()
	start := time.Now()
	for {
		sc := s.screen()
		missing := slices.IndexFunc(wants, func(w string) bool { return !strings.Contains(sc, w) })
		if missing < 0 {
			return sc
		}
		if time.Since(start) > limit {
			s.t.Fatalf("after %s the screen does not show %q:\n%s", limit, wants[missing], sc)
		}
		time.Sleep(25 * time.Millisecond)
	}
}

// leftPane is the library column of a screen: the text between the first
// pair of borders on each line.
func leftPane(screen string) string {
	var b strings.Builder
	for _, line := range strings.Split(screen, "\n") {
		if i := strings.Index(line, "││"); i > 0 {
			b.WriteString(line[:i])
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// TestStudioExamplesEndToEnd drives the studio on the embedded examples:
// quick keys open the highlighted skill, document search counts matches,
// the outline jumps, and a fact filter narrows the library.
func TestStudioExamplesEndToEnd(t *testing.T) {
	s := startStudio(t, t.TempDir(), "--examples", "--no-watch")
	s.waitFor("13 skills", 20*time.Second)

	// (a) Two downs and enter in one burst open the third row, the one
	// highlighted — not the one highlighted when the first key arrived.
	s.keys("Down", "Down", "Enter")
	sc := s.waitFor("docs.md", 20*time.Second)
	if !strings.Contains(sc, "│ currency-converter  OS Loop") {
		t.Fatalf("down down enter did not open currency-converter (the third row):\n%s", sc)
	}

	// (b) / in the Read tab finds matches and says how many. The document
	// renders in the background: search once its text is on screen, and
	// type once the prompt is open.
	s.waitFor("Converts an amount", 20*time.Second)
	s.keys("/")
	s.waitFor("esc cancel", 20*time.Second) // the prompt is open: its own keys show
	s.keys("-l", "currency")
	s.keys("Enter")
	s.waitFor(`/currency  match 1 of`, 20*time.Second)

	// (c) t lists the headings; down down enter jumps to the third.
	s.keys("t")
	s.waitFor("Outline · 5 headings", 20*time.Second)
	s.keys("Down", "Down", "Enter")
	sc = s.waitFor("## Output", 20*time.Second)
	if strings.Contains(sc, "Outline · ") {
		t.Errorf("the outline stayed open after enter:\n%s", sc)
	}

	// (d) Back in the library, a fact filter lists only skills with a quiz.
	s.escape()
	s.escape()
	s.keys("/")
	s.keys("-l", "has:quiz")
	s.waitFor("/ has:quiz", 20*time.Second)
	sc = s.waitFor(" 3/13", 20*time.Second)
	lib := leftPane(sc)
	for _, want := range []string{"Broken_Onboard", "ledger-api-onb", "webhook-verifi"} {
		if !strings.Contains(lib, want) {
			t.Errorf("has:quiz dropped %s:\n%s", want, lib)
		}
	}
	for _, not := range []string{"Broken Weather", "currency-conve", "release-notes", "open-prices"} {
		if strings.Contains(lib, not) {
			t.Errorf("has:quiz lists %s, which has no quiz:\n%s", not, lib)
		}
	}
}
