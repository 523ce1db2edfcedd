package mdrender

import (
	"strings"
	"testing"
	"unicode"

	xansi "github.com/charmbracelet/x/ansi"
)

// nestedTables holds the same table at the top, in a list item, in a
// nested list item and in a quote; its cells are single words, so a row
// that does not fit can only be cut.
const nestedTable = "| step | command | owner |\n|---|---|---|\n| build | compile-everything | release-team |\n| page | notify-on-call | someone-awake |\n"

func indentLines(s, by string) string {
	lines := strings.SplitAfter(strings.TrimSuffix(s, "\n"), "\n")
	return by + strings.Join(lines, by) + "\n"
}

// A table inside a list item or a quote is fitted to the width left after
// the indent, as a top-level one is: every row ends in its last cell's
// text or in "…", never cut silently, and no line is wider than the width.
func TestNestedTablesKeepTheirEnds(t *testing.T) {
	docs := map[string]string{
		"list":   "- Item with a table:\n\n" + indentLines(nestedTable, "  "),
		"nested": "1. Outer\n\n   - Inner:\n\n" + indentLines(nestedTable, "     "),
		"quote":  indentLines(nestedTable, "> "),
	}
	for name, md := range docs {
		for width := 30; width <= 100; width++ {
			style := []string{"notty", "dark"}[width%2]
			plain := renderPlain(t, style, width, md)
			for _, line := range strings.Split(plain, "\n") {
				if w := xansi.StringWidth(line); w > width {
					t.Errorf("%s %s at %d: line %d cells wide: %q", style, name, width, w, line)
				}
			}
			if !strings.Contains(plain, "…") && alnum(plain) != alnum(md) {
				t.Errorf("%s %s at %d: text lost with no \"…\" (%d of %d letters):\n%s", style, name, width, alnum(plain), alnum(md), plain)
			}
		}
	}
}

// alnum counts letters and digits: what a row cut silently loses, and what
// lipgloss's wrapping inside a cell keeps.
func alnum(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			n++
		}
	}
	return n
}
