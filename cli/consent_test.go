package cli

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/skillstudio/skillstudio/internal/sourcetrust"
	"github.com/skillstudio/skillstudio/internal/touchwatch"
)

// hostileCheckout is a checkout whose own .skillstudio.yaml lists a
// loopback "registry" that counts its hits and a folder beside the
// checkout whose opens and reads are counted. The working folder is the
// checkout, so "../sibling" lands beside it.
type hostileCheckout struct {
	dir, cfg string
	hits     *atomic.Int64
	reads    touchwatch.Watch // nil where reads cannot be watched
	seen     int
}

// touched is the requests so far and the reads since the last call.
func (h *hostileCheckout) touched() (hits int64, reads int) {
	if h.reads != nil {
		n := h.reads.Touches()
		reads, h.seen = n-h.seen, n
	}
	return h.hits.Load(), reads
}

func newHostileCheckout(t *testing.T) *hostileCheckout {
	t.Helper()
	isolateConfig(t)
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	root := t.TempDir()
	h := &hostileCheckout{dir: filepath.Join(root, "checkout"), hits: &atomic.Int64{}}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.hits.Add(1)
		fmt.Fprint(w, "---\nname: far-remote\ndescription: A skill served by the test's loopback registry.\n---\n\n# Far\n\nServed.\n")
	}))
	t.Cleanup(srv.Close)
	writeSkill := func(dir, name, extra string) {
		p := filepath.Join(dir, name, "SKILL.md")
		os.MkdirAll(filepath.Dir(p), 0o755)
		body := "---\nname: " + name + "\ndescription: A fixture skill for the consent tests, written for them.\n" + extra + "---\n\n# " + name + "\n\nText.\n"
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	writeSkill(filepath.Join(root, "sibling"), "far-sibling", "")
	writeSkill(filepath.Join(h.dir, "skills"), "asker", `quiz:
  - title: "Gate"
    gate: true
    passing-score: 100
    questions:
      - question: "Pick the first option."
        options:
          - label: "First"
            correct: true
          - label: "Second"
        on-incorrect:
          load-skill: "far-sibling"
`)
	h.cfg = filepath.Join(h.dir, ".skillstudio.yaml")
	cfg := "sources:\n  - " + srv.URL + "/far-remote/SKILL.md\n  - ../sibling\n"
	if err := os.WriteFile(h.cfg, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(h.dir)
	if w, err := touchwatch.Start(filepath.Join(root, "sibling")); err == nil {
		h.reads = w
		t.Cleanup(w.Close)
	} else {
		t.Logf("reads not watched: %v", err)
	}
	return h
}

// Nothing a checkout's config lists is fetched or read by a headless
// command until the user trusts it; quiz says so in one line and keeps
// its documented exit status (2: a branch action cannot resolve).
func TestHeadlessCommandsLeaveACheckoutsSourcesAlone(t *testing.T) {
	h := newHostileCheckout(t)
	for _, args := range [][]string{
		{"quiz", "skills/asker", "--answers", "2"},
		{"quiz", "skills/asker", "--walk"},
		{"lint", "."},
		{"list"},
		{"list", "--json"},
		{"review", "."},
	} {
		code, _, errOut := runCLI(t, args...)
		if hits, reads := h.touched(); hits != 0 || reads != 0 {
			t.Errorf("%v: %d requests, %d reads beside the checkout before consent", args, hits, reads)
		}
		if args[0] == "quiz" {
			if strings.Count(errOut, "note: not opening the 2 sources") != 1 || !strings.Contains(errOut, "skillstudio trust "+h.dir) || !strings.Contains(errOut, "--trust-sources") {
				t.Errorf("%v: stderr %q", args, errOut)
			}
			if want := map[bool]int{false: 2, true: 1}[args[2] == "--walk"]; code != want {
				t.Errorf("%v: exit %d, want %d", args, code, want)
			}
		}
	}
}

// The same quiz after consent — by `trust`, by the flag, by the
// environment — opens both: the detectors see what they are there to see.
func TestTrustedSourcesAreOpened(t *testing.T) {
	h := newHostileCheckout(t)
	code, out, errOut := runCLI(t, "trust")
	if code != 0 || !strings.Contains(out, "Trusted "+h.cfg) || !strings.Contains(out, "../sibling") || !strings.Contains(out, "http://127.0.0.1") {
		t.Fatalf("trust: exit %d\n%s%s", code, out, errOut)
	}
	code, _, errOut = runCLI(t, "quiz", "skills/asker", "--answers", "2")
	hits, reads := h.touched()
	if code != 1 || strings.Contains(errOut, "note:") || hits == 0 || h.reads != nil && reads == 0 {
		t.Fatalf("trusted quiz: exit %d, %d requests, %d reads, stderr %q", code, hits, reads, errOut)
	}

	// A changed file asks again.
	if err := os.WriteFile(h.cfg, []byte("sources:\n  - ../sibling\n  - ../elsewhere\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	h.touched()
	h.hits.Store(0)
	_, _, errOut = runCLI(t, "quiz", "skills/asker", "--answers", "2")
	if _, reads := h.touched(); reads != 0 || !strings.Contains(errOut, "note: not opening") {
		t.Errorf("changed config: %d reads, stderr %q", reads, errOut)
	}
	code, _, errOut = runCLI(t, "quiz", "skills/asker", "--answers", "2", "--trust-sources")
	if _, reads := h.touched(); code != 1 || h.reads != nil && reads == 0 || strings.Contains(errOut, "note:") {
		t.Errorf("--trust-sources: exit %d, %d reads, stderr %q", code, reads, errOut)
	}
	t.Setenv(sourcetrust.EnvVar, "1")
	if code, _, _ = runCLI(t, "quiz", "skills/asker", "--answers", "2"); code != 1 {
		t.Errorf("%s=1: exit %d", sourcetrust.EnvVar, code)
	}
	t.Setenv(sourcetrust.EnvVar, "")
	if code, out, _ = runCLI(t, "trust", "--forget"); code != 0 || !strings.Contains(out, "Forgot") {
		t.Errorf("trust --forget: %d %q", code, out)
	}
}

// A corrupt state file is a message, never a crash, and is not written
// over; the sources stay closed.
func TestCorruptTrustStateIsAMessage(t *testing.T) {
	h := newHostileCheckout(t)
	state := sourcetrust.DefaultPath()
	os.MkdirAll(filepath.Dir(state), 0o700)
	os.WriteFile(state, []byte("{broken"), 0o600)
	code, _, errOut := runCLI(t, "quiz", "skills/asker", "--answers", "2")
	if hits, reads := h.touched(); code != 2 || hits != 0 || reads != 0 || !strings.Contains(errOut, "is not valid") || strings.Count(errOut, "note:") != 1 {
		t.Errorf("quiz: exit %d, %d/%d, stderr %q", code, hits, reads, errOut)
	}
	code, _, errOut = runCLI(t, "trust")
	if code == 0 || !strings.Contains(errOut, "remove it to start over") || strings.Contains(errOut, "panic") {
		t.Errorf("trust: exit %d, stderr %q", code, errOut)
	}
	if got, _ := os.ReadFile(state); string(got) != "{broken" {
		t.Errorf("state file rewritten: %q", got)
	}
}

// A checkout whose path trust cannot keep (an escape in a folder name) is
// told the flag, not a `skillstudio trust` naming a sanitised path that
// is another folder; trust itself says why and what to do.
func TestUnrememberablePathAdvisesTheFlag(t *testing.T) {
	isolateConfig(t)
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	dir := filepath.Join(t.TempDir(), "co\x1b[31mred")
	if err := os.MkdirAll(filepath.Join(dir, "skills"), 0o755); err != nil {
		t.Skip(err)
	}
	os.WriteFile(filepath.Join(dir, ".skillstudio.yaml"), []byte("sources:\n  - ../elsewhere\n"), 0o644)
	os.MkdirAll(filepath.Join(dir, "skills", "plain"), 0o755)
	os.WriteFile(filepath.Join(dir, "skills", "plain", "SKILL.md"), []byte("---\nname: plain\ndescription: A fixture skill with no quiz, written for this test.\n---\n\n# Plain\n"), 0o644)
	t.Chdir(dir)
	_, _, errOut := runCLI(t, "quiz", "skills/plain", "--walk")
	if !strings.Contains(errOut, "cannot be trusted by name") || strings.Contains(errOut, "skillstudio trust") || !strings.Contains(errOut, "--trust-sources") || strings.Contains(errOut, "\x1b") {
		t.Errorf("quiz stderr: %q", errOut)
	}
	code, _, errOut := runCLI(t, "trust")
	if code != 2 || !strings.Contains(errOut, "rename the folder, or pass --trust-sources") || strings.Contains(errOut, "\x1b[31m") {
		t.Errorf("trust: exit %d, stderr %q", code, errOut)
	}
}

// A trusted checkout's relative source is its config file's neighbour,
// wherever the command runs: quiz run from a subfolder opens ../sibling
// beside the checkout (it used to open it beside the working folder, a
// folder that does not exist), and trust names that folder.
func TestRelativeSourceIsTheConfigFilesNeighbour(t *testing.T) {
	h := newHostileCheckout(t)
	sibling := filepath.Join(filepath.Dir(h.dir), "sibling")
	t.Chdir(filepath.Join(h.dir, "skills"))
	code, out, errOut := runCLI(t, "trust", "..")
	if code != 0 || !strings.Contains(out, sibling) {
		t.Fatalf("trust: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut = runCLI(t, "quiz", "asker", "--answers", "2")
	if _, reads := h.touched(); code != 1 || strings.Contains(errOut, "note:") || h.reads != nil && reads == 0 {
		t.Fatalf("quiz from a subfolder: exit %d, %d reads\n%s%s", code, reads, out, errOut)
	}
}
