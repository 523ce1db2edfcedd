package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// The frames screenshots/make.sh turns into the README's PNGs, one per
// screen. They run only when SKILLSTUDIO_SHOTS_DIR names a folder. Frames
// come straight from View (no terminal in between), so the PNGs show
// exactly what the studio draws; every frame also passes checkFrame.

// shotWidth and shotHeight are the size every screenshot is drawn at.
const shotWidth, shotHeight = 120, 36

// shotsDir is the folder frames go to, or skips the test.
func shotsDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("SKILLSTUDIO_SHOTS_DIR")
	if dir == "" {
		t.Skip("set SKILLSTUDIO_SHOTS_DIR to write screenshot frames (screenshots/make.sh does)")
	}
	return dir
}

// writeShot checks the frame m draws now — a sound frame that shows each
// of want, so a picture of the wrong state fails the run instead of
// landing in the README — and writes it as dir/name.ansi.
func writeShot(t *testing.T, m *Model, dir, name string, want ...string) {
	t.Helper()
	checkFrame(t, m)
	frame := ansi.Strip(content(m))
	for _, w := range want {
		if !strings.Contains(frame, w) {
			t.Fatalf("%s: the frame does not show %q:\n%s", name, w, frame)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, name+".ansi"), []byte(content(m)), 0o644); err != nil {
		t.Fatal(err)
	}
}

// filterOpen types query into the library filter from a fresh start,
// opens the first match and, when tab is set, that tab.
func filterOpen(t *testing.T, m *Model, query, tab string) {
	t.Helper()
	for i := 0; i < 4 && (m.focus != focusLibrary || m.lib.query != ""); i++ {
		press(t, m, "esc")
	}
	press(t, m, "/")
	typeText(t, m, query)
	press(t, m, "enter", "enter")
	if tab != "" {
		openTab(t, m, tab)
	}
}

// TestWriteScreenshotFrames draws the studio on the embedded example
// library, as a first run in an empty folder shows it.
func TestWriteScreenshotFrames(t *testing.T) {
	dir := shotsDir(t)
	empty := filepath.Join(t.TempDir(), "my-skills") // the new-skill form's folder too
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	m := studio(t, Options{DefaultSource: empty, Theme: "dark"}, shotWidth, shotHeight)
	m.notice = "No skills in this folder: showing the example library built into skillstudio."

	// The library narrowed by a fact: only skills with a quiz gate.
	press(t, m, "/")
	typeText(t, m, "has:quiz")
	press(t, m, "enter", "down")
	writeShot(t, m, dir, "library", "has:quiz", "3/13", "webhook-verifi")

	filterOpen(t, m, "ledger", "")
	writeShot(t, m, dir, "read", "Ledger API Onboarding")
	// Search inside the document: matches highlighted, a count shown.
	press(t, m, "/")
	typeText(t, m, "idempotency")
	press(t, m, "enter")
	writeShot(t, m, dir, "read-search", "/idempotency", "match 1 of")

	filterOpen(t, m, "ledger", "Info")
	writeShot(t, m, dir, "info", "argument-hint", "passing-score")
	filterOpen(t, m, "release-notes", "Files")
	writeShot(t, m, dir, "files", "collect-commits.sh", "release-template.md")

	filterOpen(t, m, "forgejo-api", "Functions")
	writeShot(t, m, dir, "functions", "★ listIssues", "input")
	filterOpen(t, m, "weather", "Lint")
	writeShot(t, m, dir, "lint", "ERRORS", "xgs/match-required")
	// The Agent tab's library listing: what an agent's skill list shows
	// of this skill within its character budget.
	filterOpen(t, m, "ledger", "Agent")
	press(t, m, "G")
	writeShot(t, m, dir, "agent", "Library listing", "This skill: full")

	// The exam: a wrong answer whose reaction loads a reference file.
	filterOpen(t, m, "ledger", "Quiz")
	press(t, m, "enter", "2")
	writeShot(t, m, dir, "quiz", "✗ Incorrect", "load-reference → references/auth-guide.md")
	// enter follows the reaction: the reference opens in the reader.
	press(t, m, "enter")
	writeShot(t, m, dir, "quiz-reference", "› references/auth-guide.md", "Ledger API authentication")
	// A right answer's goto: the Read tab shows the section it unlocks,
	// the rest of the body still behind the gate.
	filterOpen(t, m, "webhook", "Quiz")
	press(t, m, "enter", "2", "x", "enter", "1", "enter")
	writeShot(t, m, dir, "gated", "Body locked by the quiz run", "## Verification Steps")

	// The new-skill form (`n`) for the quiz template (the sixth), its
	// preview filled in as you type.
	press(t, m, "esc", "esc", "n")
	press(t, m, "down", "down", "down", "down", "down", "enter")
	typeText(t, m, "deploy-quiz")
	press(t, m, "enter")
	typeText(t, m, "Quizzes an agent on the deploy steps before it ships.")
	writeShot(t, m, dir, "new", "New skill · SKILL.md · quiz", "Will write", "deploy-quiz/SKILL.md")
}

// TestWriteReviewScreenshotFrame draws the Review tab on a skill hiding
// characters and an instruction (a fixture library: the examples hide
// nothing).
func TestWriteReviewScreenshotFrame(t *testing.T) {
	dir := shotsDir(t)
	lib := shotsReviewLibrary(t)
	t.Chdir(filepath.Dir(lib))
	m := studio(t, Options{Sources: []string{filepath.Base(lib)}}, shotWidth, shotHeight)
	selectSkill(t, m, "invoice-formatter")
	openTab(t, m, "Review")
	writeShot(t, m, dir, "review", "review/hidden-instruction", "⟨U+200B⟩", "⟨U+202E⟩")
}

// TestWriteRemoteScreenshotFrame draws a remote source whose index
// publishes digests: verified, unverified and withheld skills side by
// side.
func TestWriteRemoteScreenshotFrame(t *testing.T) {
	dir := shotsDir(t)
	srv := shotsDigestHost(t)
	m := studio(t, Options{Sources: []string{srv.URL}, Remote: remoteOpts(t)}, shotWidth, shotHeight)
	pump(t, m, nil, func() bool { return !m.streaming() })
	selectSkill(t, m, "pdf-tools")
	writeShot(t, m, dir, "remote", "verified · Writes", "unverified · Normal", "withheld · Merges", "does not match the digest")
}
