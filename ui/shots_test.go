package ui

import (
	"os"
	"path/filepath"
	"testing"
)

// TestWriteScreenshotFrames writes the frames screenshots/make.sh turns
// into the README's PNGs: the studio on the embedded example library,
// 132×34, dark. It runs only when SKILLSTUDIO_SHOTS_DIR names a folder.
// Frames come straight from View (no terminal in between), so the PNGs
// show exactly what the studio draws.
func TestWriteScreenshotFrames(t *testing.T) {
	dir := os.Getenv("SKILLSTUDIO_SHOTS_DIR")
	if dir == "" {
		t.Skip("set SKILLSTUDIO_SHOTS_DIR to write screenshot frames (screenshots/make.sh does)")
	}
	empty := filepath.Join(t.TempDir(), "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	m := studio(t, Options{DefaultSource: empty, Theme: "dark"}, 132, 34)
	m.notice = "No skills in this folder: showing the example library built into skillstudio."
	write := func(name string) {
		t.Helper()
		checkFrame(t, m)
		if err := os.WriteFile(filepath.Join(dir, name+".ansi"), []byte(content(m)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	filterOpen := func(query string, tab string) {
		t.Helper()
		press(t, m, "esc", "esc", "/")
		typeText(t, m, query)
		press(t, m, "enter", "enter")
		if tab != "" {
			openTab(t, m, tab)
		}
	}
	filterOpen("ledger", "")
	write("read")
	filterOpen("weather", "Lint")
	write("lint")
	filterOpen("open-prices", "Agent")
	write("agent")
	// The exam: a wrong answer, its verdict and the actions it opens.
	filterOpen("webhook", "Quiz")
	press(t, m, "enter", "2")
	write("quiz")
	// A right answer's goto: the Read tab shows the section it unlocks,
	// the rest of the body still behind the gate.
	press(t, m, "x", "enter", "1", "enter")
	write("gated")
}
