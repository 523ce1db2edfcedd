package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestFilterHeaderKeepsItsCount: applying a filter (enter) leaves the
// match count where it was while typing, at the pane's right edge, and a
// query too long for the pane is cut with an ellipsis.
func TestFilterHeaderKeepsItsCount(t *testing.T) {
	m := embeddedStudio(t, 120, 40)
	press(t, m, "/")
	typeText(t, m, "has:quiz")
	typing := ansi.Strip(m.lib.headerLine())
	press(t, m, "enter")
	applied := ansi.Strip(m.lib.headerLine())
	if strings.Index(typing, "3/13") != strings.Index(applied, "3/13") {
		t.Errorf("the count moved when the filter was applied:\n%q\n%q", typing, applied)
	}
	if !strings.HasSuffix(strings.TrimRight(applied, " "), "3/13") || ansi.StringWidth(applied) != m.lib.width {
		t.Errorf("applied header %q is not %d wide with the count at the right", applied, m.lib.width)
	}

	press(t, m, "/")
	typeText(t, m, " "+strings.Repeat("word", 20))
	press(t, m, "enter")
	long := ansi.Strip(m.lib.headerLine())
	if !strings.Contains(long, glyphEllip) || !strings.HasSuffix(strings.TrimRight(long, " "), "/13") {
		t.Errorf("a long applied query is not cut with an ellipsis before its count: %q", long)
	}
}
