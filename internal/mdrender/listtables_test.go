package mdrender

import (
	"strings"
	"testing"

	xansi "github.com/charmbracelet/x/ansi"
)

// inItem puts block inside an item marked p, nested depth lists deep, after
// the item's text "stepword".
func inItem(p string, depth int, block string) string {
	var b strings.Builder
	outer := ""
	for d := 1; d < depth; d++ {
		b.WriteString(outer + "- level\n\n")
		outer += "  "
	}
	pad := outer + strings.Repeat(" ", len(p))
	b.WriteString(outer + p + "stepword\n\n")
	b.WriteString(indentLines(block, pad))
	return b.String()
}

// column is the cell column of word's first line in plain, or -1.
func column(plain, word string) (line, col int) {
	for k, l := range strings.Split(plain, "\n") {
		if i := strings.Index(l, word); i >= 0 {
			return k, xansi.StringWidth(l[:i])
		}
	}
	return -1, -1
}

var itemMarkers = []string{"- ", "1. ", "10. ", "100. "}

// TestTablesInItemsUnderText: a table inside a list item sits under the
// item's text (its first cell one margin right of it) at every marker
// width, nesting depth 1 to 3, style and width; its lines stay within the
// width and keep their text (or end in "…"). Many columns and wide CJK
// cells included. glamour sized it to the whole width, at the margin.
func TestTablesInItemsUnderText(t *testing.T) {
	tables := map[string]string{
		"plain": "| hdw | service | notes |\n|---|---|---|\n| 80 | web | plain traffic on the usual port |\n",
		"many":  "| hdw | b | c | d | e | f | g | h | i | j | k | l | m | n |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n| 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 |\n",
		"cjk":   "| hdw | 说明 |\n|---|---|\n| 配置 | 这是一个很长的单元格，用来检查中文在表格里换行以后是否还在宽度以内。 |\n",
	}
	for name, table := range tables {
		for _, p := range itemMarkers {
			for depth := 1; depth <= 3; depth++ {
				md := inItem(p, depth, table)
				for _, style := range []string{"notty", "dark", "light"} {
					for _, width := range []int{40, 80, 120} {
						plain := renderPlain(t, style, width, md)
						_, text := column(plain, "stepword")
						_, head := column(plain, "hdw")
						// notty indents a nested list more than its parent's
						// bullet: the table stays there, right of the text,
						// as a code block does.
						if head < text+1 || head != text+1 && style != "notty" {
							t.Errorf("%s %q depth %d %s %d: table's first cell at column %d, the item's text at %d:\n%s", name, p, depth, style, width, head, text, plain)
						}
						for _, l := range strings.Split(plain, "\n") {
							if w := xansi.StringWidth(l); w > width {
								t.Errorf("%s %q depth %d %s %d: line %d cells wide: %q", name, p, depth, style, width, w, l)
							}
						}
						if !strings.Contains(plain, "…") && alnum(plain) < alnum(table)+alnum("stepword") {
							t.Errorf("%s %q depth %d %s %d: text lost with no \"…\":\n%s", name, p, depth, style, width, plain)
						}
					}
				}
			}
		}
	}
}

// TestFullBlocksInItemsUnderText: a quote or a heading inside a list item
// whose lines fill the width is wrapped again under the item's text, bar
// and words kept, within the width. moveBlock left them at the margin.
func TestFullBlocksInItemsUnderText(t *testing.T) {
	long := "quoteword and then a sentence that goes on for long enough to fill every line of the widest terminal here, twice over if need be, endword."
	blocks := map[string]string{
		"quote":   "> " + long + "\n>\n> secondpara and a second paragraph, also long enough to be wrapped again at the narrower width, lastword.\n",
		"heading": "### quoteword heading that goes on for long enough to fill the width of forty and eighty columns and more, endword\n",
	}
	for name, block := range blocks {
		for _, p := range itemMarkers {
			for depth := 1; depth <= 3; depth++ {
				md := inItem(p, depth, block)
				for _, style := range []string{"notty", "dark", "light"} {
					for _, width := range []int{40, 80, 120} {
						plain := renderPlain(t, style, width, md)
						_, text := column(plain, "stepword")
						first, at := column(plain, "quoteword")
						want := text + 2 // the bar and its space, or "## " less one
						if name == "heading" {
							want = text + len("### ")
						}
						if at < want || at != want && style != "notty" { // notty: see the table test
							t.Errorf("%s %q depth %d %s %d: block's text at column %d, want %d:\n%s", name, p, depth, style, width, at, want, plain)
						}
						lines := strings.Split(plain, "\n")
						last, _ := column(plain, "endword")
						if name == "quote" {
							last, _ = column(plain, "lastword")
						}
						for k := first; k <= last && first >= 0; k++ {
							l := lines[k]
							if strings.TrimSpace(l) == "" {
								continue // between a quote's paragraphs: its bar only, or nothing
							}
							if lead := len(l) - len(strings.TrimLeft(l, " ")); lead < text || lead != text && style != "notty" {
								t.Errorf("%s %q depth %d %s %d: line %q starts at column %d, the item's text at %d:\n%s", name, p, depth, style, width, l, lead, text, plain)
							}
						}
						for _, l := range lines {
							if w := xansi.StringWidth(l); w > width {
								t.Errorf("%s %q depth %d %s %d: line %d cells wide: %q", name, p, depth, style, width, w, l)
							}
						}
						if alnum(plain) != alnum(block)+alnum(strings.Repeat("level", depth-1)+"stepword"+p) {
							t.Errorf("%s %q depth %d %s %d: words lost (%d letters, want %d):\n%s", name, p, depth, style, width,
								alnum(plain), alnum(block)+alnum(strings.Repeat("level", depth-1)+"stepword"+p), plain)
						}
					}
				}
			}
		}
	}
}
