package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// At 80 columns the embedded-library notice beside the counts was cut to
// "showing the example li…" on every screen: the bar now says it in fewer
// words there, and in full again once the window is wide enough.
func TestEmbeddedNoticeFitsNarrowBar(t *testing.T) {
	empty := filepath.Join(t.TempDir(), "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	m := studio(t, Options{DefaultSource: empty}, 80, 24)
	bar := statusBarLine(m)
	if !strings.Contains(bar, "No skills here: showing the examples.") {
		t.Errorf("80x24 status bar = %q, want the short notice whole", bar)
	}
	if strings.Contains(bar, glyphEllip) {
		t.Errorf("80x24 status bar is cut: %q", bar)
	}
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	if bar := statusBarLine(m); !strings.Contains(bar, "showing the example library built into skillstudio.") {
		t.Errorf("120x40 status bar = %q, want the full notice", bar)
	}
}

// statusBarLine is the frame's status bar: the line above the help line.
func statusBarLine(m *Model) string {
	lines := strings.Split(ansi.Strip(content(m)), "\n")
	if len(lines) < 2 {
		return ""
	}
	return lines[len(lines)-2]
}
