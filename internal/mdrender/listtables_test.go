package mdrender

import (
	"math/rand/v2"
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

// TestItemTablesFit: random tables inside random items, in and out of
// quotes, at narrow and wide widths, render within the width, keep their
// text or an "…", and leave no mark behind.
func TestItemTablesFit(t *testing.T) {
	cells := []string{"a", "word", "longer-cell-text", "中文单元格", "`code`", "**bold**", "x y z w v"}
	rng := rand.New(rand.NewPCG(3, 19))
	for i := 0; i < 200; i++ {
		cols := 1 + rng.IntN(8)
		var tb strings.Builder
		for row := 0; row < 3; row++ {
			tb.WriteString("|")
			for range cols {
				tb.WriteString(" " + cells[rng.IntN(len(cells))] + " |")
			}
			tb.WriteString("\n")
			if row == 0 {
				tb.WriteString(strings.Repeat("|---", cols) + "|\n")
			}
		}
		md := inItem(itemMarkers[rng.IntN(len(itemMarkers))], 1+rng.IntN(3), tb.String())
		if rng.IntN(4) == 0 {
			md = indentLines(md, "> ")
		}
		width := 12 + rng.IntN(110)
		style := []string{"notty", "dark", "light"}[i%3]
		r, err := New(style, width)
		if err != nil {
			t.Fatal(err)
		}
		out, err := r.Render(md)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(out, hangPrefix) {
			t.Fatalf("a mark left in the output of %q", md)
		}
		plain := xansi.Strip(out)
		for _, l := range strings.Split(out, "\n") {
			if w := xansi.StringWidth(l); w > width && width >= 30 {
				t.Fatalf("%s %d: line of %d cells %q\nfrom %q", style, width, w, xansi.Strip(l), md)
			}
		}
		if width >= 30 && !strings.Contains(plain, "stepword") {
			t.Fatalf("%s %d: the item's text lost from %q:\n%s", style, width, md, plain)
		}
	}
}

// TestRewrappedQuoteKeepsURLs: a quote wrapped again under an item's text
// breaks at spaces only, so a URL or a code span glamour kept whole on a
// line stays whole.
func TestRewrappedQuoteKeepsURLs(t *testing.T) {
	md := "10. Step with a note:\n\n    > Read **the bold part that runs on** and [the linked guide](https://example.com/guide) before the `--flag-value` option, then carry on reading here.\n"
	for _, style := range []string{"notty", "dark", "light"} {
		plain := renderPlain(t, style, 40, md)
		for _, whole := range []string{"https://example.com/guide", "--flag-value"} {
			if !strings.Contains(plain, whole) {
				t.Errorf("%s: %q broken:\n%s", style, whole, plain)
			}
		}
		if _, c := column(plain, "Read"); c != len("  10. ")+2 {
			t.Errorf("%s: quote's text at column %d, want %d:\n%s", style, c, len("  10. ")+2, plain)
		}
	}
}
