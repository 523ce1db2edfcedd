package mdrender

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	xansi "github.com/charmbracelet/x/ansi"
)

// Lists written for these tests: each item long enough to wrap at the
// narrower widths.
var hangCases = map[string]string{
	"bullets":    "- A bullet item long enough that it has to wrap onto a second and maybe a third line here.\n- Short one.\n",
	"numbered":   "9. The ninth step, written long enough to wrap onto another line at most widths.\n10. The tenth step has a wider marker, and its continuation lines hang under its text too.\n",
	"nested":     "- Outer item that wraps because it goes on and on about nothing in particular at all.\n  - Inner item that also wraps because it carries on for quite a while longer than needed.\n    1. A numbered item at the third level that wraps around as well, for good measure.\n",
	"paragraphs": "- First paragraph of an item, long enough to wrap across the width of the terminal.\n\n  Second paragraph of the same item that also wraps onto a further line or two.\n- Hard\\\n  break then a long enough line of text to wrap onto the line below it here.\n",
	"tasks":      "- [ ] An open task whose description is long enough to wrap onto the next line.\n- [x] A done task, also described at length so that it wraps in narrow panes.\n",
	"inline":     "- Run `scripts/run-all.sh --verbose` then read [the guide](references/guide.md) and **keep the bold words** together, *and emphasis too*.\n",
	"cjk":        "- 这是一个很长的列表项，用来检查中文在换行以后是否对齐到正文的第一个字符下面，而不是列表的边上。\n",
	"quoted":     "> - A list item inside a quote that is long enough to wrap inside the quote's bar.\n",
	"longword":   "- https://example.com/a/really/long/path/that/does/not/fit/on/one/line/at/forty/columns/at/all\n",
	"headings":   "1. Configure it, as the heading below says:\n\n   ### Options for the first run\n\n   Pick one before going on.\n\n10. Then this:\n\n    #### A heading at the end of the item\n",
	"html":       "1. Open the section:\n\n   <details>\n   <summary>What it does</summary>\n\n   It reads the config and prints a summary of it.\n\n   </details>\n\n   <!-- a note for editors -->\n\n   Carry on after the section.\n- <div>raw on the marker line</div>\n\n  kept after it\n",
	"tables":     "- Ports to open:\n\n  | port | service | why it is open |\n  |---|---|---|\n  | 443 | tls | every client connects here first |\n\n  Then restart.\n\n  10. Nested, with a table of wide cells:\n\n      | 键 | 说明 |\n      |---|---|\n      | 端口 | 每个客户端首先连接这里，然后再转到别处 |\n",
	"fullblocks": "10. Read the note below before starting, then carry on:\n\n    > A quoted note inside the step that is long enough to fill every line of the terminal at all the widths tried.\n    >\n    > A second paragraph of the note.\n\n    ## A heading inside the step, long enough to fill the line at every width\n\n    Back to the step.\n",
	"blocks":     "1. Install it, as the next block shows, before anything else is run:\n\n   ```sh\n   npm install\n   ```\n\n   > A quote inside the item.\n",
}

var hangWidths = []int{30, 40, 60, 80}

// TestListHangGolden (go test -run TestListHangGolden -update rewrites them).
func TestListHangGolden(t *testing.T) {
	goldenRenders(t, hangCases, []string{"dark", "light", "notty"}, hangWidths)
}

// TestListHangUnderText: a wrapped item's second line starts under its
// first text character, whatever the marker's width and the nesting.
func TestListHangUnderText(t *testing.T) {
	cases := []string{
		"- alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu\n",
		"10. alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu\n",
		"- [ ] alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu\n",
		"- x\n  - alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu\n",
		"> 1. alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu\n",
		"- alpha\n\n  beta\n",
		"- alpha\\\n  beta\n",
	}
	for _, style := range []string{"dark", "notty"} {
		r, _ := New(style, 40)
		for _, md := range cases {
			out, err := r.Render(md)
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(xansi.Strip(out), "\n")
			first, next := -1, -1
			for k, l := range lines {
				if i := strings.Index(l, "alpha"); i >= 0 {
					first = xansi.StringWidth(l[:i])
					for _, l2 := range lines[k+1:] {
						if j := strings.IndexFunc(l2, func(r rune) bool { return !strings.ContainsRune(" |│", r) }); j >= 0 {
							next = xansi.StringWidth(l2[:j])
							break
						}
					}
					break
				}
			}
			if first < 0 || first != next {
				t.Errorf("%s %q: text at column %d, its next line at %d:\n%s", style, md, first, next, strings.Join(lines, "\n"))
			}
		}
	}
}

// TestListHangFits: for random lists and widths no line is wider than the
// width, no word is lost or split, and no mark is left in the output.
func TestListHangFits(t *testing.T) {
	words := []string{"a", "list", "item", "wraps", "under", "its", "text", "`code`", "**bold**", "*it*",
		"[link](x.md)", "path/to/file.sh", "v1.2.3", "中文字符", "emoji🙂", "très", "x-y"}
	markers := []string{"- ", "1. ", "10. ", "- [ ] ", "* "}
	rng := rand.New(rand.NewPCG(1, 17))
	styles := []string{"dark", "notty", "light"}
	for i := 0; i < 300; i++ {
		var b strings.Builder
		indent := ""
		for range 1 + rng.IntN(4) {
			marker := markers[rng.IntN(len(markers))]
			b.WriteString(indent + marker)
			indent = strings.Repeat(" ", len(indent)+len(marker)) // the next item nests
			if rng.IntN(2) == 0 {
				indent = ""
			}
			for range 1 + rng.IntN(30) {
				b.WriteString(words[rng.IntN(len(words))] + " ")
			}
			b.WriteString("\n")
		}
		md := b.String()
		width := 20 + rng.IntN(80)
		r, err := New(styles[i%len(styles)], width)
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
		for _, l := range strings.Split(out, "\n") {
			if w := xansi.StringWidth(l); w > width {
				t.Fatalf("width %d, %s: line of %d cells %q\nfrom %q", width, styles[i%len(styles)], w, xansi.Strip(l), md)
			}
		}
		if !utf8.ValidString(out) {
			t.Fatalf("invalid UTF-8 from %q", md)
		}
	}
}

// FuzzListHang: any Markdown renders at any width without a panic, a mark
// left behind, or a line wider than the width that glamour kept within it.
func FuzzListHang(f *testing.F) {
	for _, md := range hangCases {
		f.Add(md, 40)
	}
	f.Add("- a\n\n  b\\\n  c\n> - [ ] d e f\n", 12)
	f.Add("10. a\n\n    - b\n\n          code\n\n    > q\n\n    after the list\n\n    ```\n    x\n    ```\n", 14)
	f.Add("1. a\n\n   | x | y |\n   |---|---|\n   | 1 | 2 |\n   - b\n\n     | z |\n     |---|\n     | 中文 |\n", 16)
	f.Add("100. a\n\n     > q r s t u v w x y z\n     >\n     > t\n\n     # h i j k l m n o p\n", 12)
	f.Fuzz(func(t *testing.T, md string, width int) {
		if width < 10 || width > 200 || len(md) > 4000 {
			return
		}
		for _, style := range []string{"dark", "notty"} {
			r, err := New(style, width)
			if err != nil {
				t.Fatal(err)
			}
			out, err := r.Render(md)
			if err != nil {
				return
			}
			if !strings.Contains(md, hangPrefix) && strings.Contains(out, hangPrefix) {
				t.Fatalf("a mark left in the output")
			}
		}
	})
}

// TestNestedListUnderParentText: a nested list's bullet sits under its
// parent item's first text character, whatever the parent's marker width
// ("-", "1.", "10.", "100)") and the style, not at glamour's fixed level
// indent; and its lines stay within the width.
func TestNestedListUnderParentText(t *testing.T) {
	parents := []string{"- ", "1. ", "10. ", "100) "}
	for _, style := range []string{"dark", "light", "notty", "ascii"} {
		for _, width := range []int{30, 50, 80} {
			r, err := New(style, width)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range parents {
				pad := strings.Repeat(" ", len(p))
				md := p + "parent\n" + pad + "- child alpha beta gamma delta epsilon zeta eta theta\n" + pad + "  - grandchild omega\n"
				out, err := r.Render(md)
				if err != nil {
					t.Fatal(err)
				}
				col := func(word string) (int, string) {
					for _, l := range strings.Split(xansi.Strip(out), "\n") {
						if i := strings.Index(l, word); i >= 0 {
							return xansi.StringWidth(l[:i]), l
						}
					}
					t.Fatalf("%s %d %q: no %q in\n%s", style, width, p, word, xansi.Strip(out))
					return 0, ""
				}
				parentText, _ := col("parent")
				childText, childLine := col("child")
				grandText, grandLine := col("grandchild")
				childBullet := strings.LastIndexFunc(childLine[:strings.Index(childLine, "child")-1], func(r rune) bool { return r != ' ' })
				grandBullet := strings.LastIndexFunc(grandLine[:strings.Index(grandLine, "grandchild")-1], func(r rune) bool { return r != ' ' })
				if got := xansi.StringWidth(childLine[:childBullet]); got != parentText {
					t.Errorf("%s %d %q: child bullet at column %d, parent's text at %d:\n%s", style, width, p, got, parentText, xansi.Strip(out))
				}
				if got := xansi.StringWidth(grandLine[:grandBullet]); got != childText {
					t.Errorf("%s %d %q: grandchild bullet at column %d, child's text at %d:\n%s", style, width, p, got, childText, xansi.Strip(out))
				}
				_ = grandText
				for _, l := range strings.Split(out, "\n") {
					if w := xansi.StringWidth(l); w > width {
						t.Errorf("%s %d %q: line %d cells wide: %q", style, width, p, w, xansi.Strip(l))
					}
				}
			}
		}
	}
}

// TestBlocksInItemsUnderText: a code block (fenced or indented) and a
// quote inside a list item start at or right of the item's first text
// character, never at the list's margin, for every marker width, nesting
// level and style; every line stays within the width, a long code line
// wrapping with the continuation mark in the coloured styles.
func TestBlocksInItemsUnderText(t *testing.T) {
	items := []string{"- ", "1. ", "10. ", "100) "}
	for _, style := range []string{"dark", "light", "notty", "ascii"} {
		for _, width := range []int{30, 50, 80} {
			r, err := New(style, width)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range items {
				pad := strings.Repeat(" ", len(p))
				md := p + "item\n\n" + pad + "```sh\n" + pad + "fencedcode --with a-long-line-that-wraps somewhere-past-the-width at-thirty\n" + pad + "```\n\n" +
					pad + "> quoted\n\n" + pad + "- sub\n\n" + pad + "      subcode\n"
				out, err := r.Render(md)
				if err != nil {
					t.Fatal(err)
				}
				plain := strings.Split(xansi.Strip(out), "\n")
				col := func(word string) int {
					for _, l := range plain {
						if i := strings.Index(l, word); i >= 0 {
							return xansi.StringWidth(l[:i])
						}
					}
					t.Fatalf("%s %d %q: no %q in\n%s", style, width, p, word, xansi.Strip(out))
					return 0
				}
				text, sub := col("item"), col("sub")
				if c := col("fencedcode"); c < text {
					t.Errorf("%s %d %q: code at column %d, left of the item's text at %d:\n%s", style, width, p, c, text, xansi.Strip(out))
				}
				if c := col("quoted"); c-2 < text {
					t.Errorf("%s %d %q: quote's bar at column %d, left of the item's text at %d:\n%s", style, width, p, c-2, text, xansi.Strip(out))
				}
				if c := col("subcode"); c < sub {
					t.Errorf("%s %d %q: nested item's code at column %d, left of its text at %d:\n%s", style, width, p, c, sub, xansi.Strip(out))
				}
				for _, l := range strings.Split(out, "\n") {
					if w := xansi.StringWidth(l); w > width && style != "notty" && style != "ascii" {
						t.Errorf("%s %d %q: line %d cells wide: %q", style, width, p, w, xansi.Strip(l))
					}
				}
			}
		}
	}
}

// TestParagraphAfterNestedList: an item's paragraph after its nested list
// hangs under the item's own text, and the nested item keeps its own
// place: each run is matched to its mark in document order, not item by
// item.
func TestParagraphAfterNestedList(t *testing.T) {
	md := "10. alpha beta\n\n    - kappa\n\n    omega after the inner list, long enough to wrap at thirty columns\n"
	for _, style := range []string{"dark", "light", "notty", "ascii"} {
		r, err := New(style, 30)
		if err != nil {
			t.Fatal(err)
		}
		out, err := r.Render(md)
		if err != nil {
			t.Fatal(err)
		}
		cols := map[string]int{}
		var after []int // the first column of each line from omega's on
		for _, l := range strings.Split(xansi.Strip(out), "\n") {
			for _, w := range []string{"alpha", "kappa", "omega"} {
				if i := strings.Index(l, w); i >= 0 {
					cols[w] = xansi.StringWidth(l[:i])
				}
			}
			if _, ok := cols["omega"]; ok && strings.TrimSpace(l) != "" {
				after = append(after, len(l)-len(strings.TrimLeft(l, " ")))
			}
		}
		ok := cols["kappa"] == cols["alpha"]+2 && len(after) > 1
		for _, c := range after {
			ok = ok && c == cols["alpha"]
		}
		if !ok {
			t.Errorf("%s: columns %v, lines from omega's at %v; want them under alpha, kappa 2 right of it:\n%s", style, cols, after, xansi.Strip(out))
		}
	}
}

// TestHTMLBlockInItemKeepsItsText: an HTML block inside a list item (on a
// line of its own, or on the marker's line) loses none of its text nor the
// item's text after it, and one on a line of its own is shown as the
// Markdown it means under the item's text. glamour printed it inline and
// the rewrap cut everything after its first run.
func TestHTMLBlockInItemKeepsItsText(t *testing.T) {
	for _, p := range []string{"- ", "1. ", "10. ", "100. ", "- x\n  - "} {
		pad := strings.Repeat(" ", len(p))
		if strings.Contains(p, "\n") {
			pad = "    "
		}
		md := p + "stepword\n\n" + pad + "<details>\n" + pad + "<summary>summaryword</summary>\n\n" + pad + "hiddenword\n\n" + pad + "</details>\n\n" +
			pad + "<!-- commentword -->\n\n" + pad + "afterword\n\n- <div>markerword</div>\n\n  laterword\n"
		for _, style := range []string{"dark", "light", "notty"} {
			for _, width := range []int{40, 80, 120} {
				r, err := New(style, width)
				if err != nil {
					t.Fatal(err)
				}
				out, err := r.Render(md)
				if err != nil {
					t.Fatal(err)
				}
				plain := xansi.Strip(out)
				col := func(word string) int {
					for _, l := range strings.Split(plain, "\n") {
						if i := strings.Index(l, word); i >= 0 {
							return xansi.StringWidth(l[:i])
						}
					}
					t.Fatalf("%s %d %q: %q lost:\n%s", style, width, p, word, plain)
					return 0
				}
				text := col("stepword")
				for _, w := range []string{"summaryword", "hiddenword", "afterword"} {
					c := col(w)
					if w == "summaryword" && style == "notty" {
						c -= len("**") // notty prints the bold marks
					}
					if c != text {
						t.Errorf("%s %d %q: %s at column %d, the item's text at %d:\n%s", style, width, p, w, c, text, plain)
					}
				}
				col("markerword")
				col("laterword")
				if strings.Contains(plain, "commentword") || strings.Contains(plain, "<") {
					t.Errorf("%s %d %q: a comment or tag shown:\n%s", style, width, p, plain)
				}
			}
		}
	}
}

// TestHeadingInItemUnderText: a heading inside a list item sits under the
// item's text at every marker width and nesting level, with one blank line
// before the item's paragraph after it, not two.
func TestHeadingInItemUnderText(t *testing.T) {
	for _, p := range []string{"- ", "1. ", "10. ", "100. ", "- x\n  - "} {
		pad := strings.Repeat(" ", len(p))
		if strings.Contains(p, "\n") {
			pad = "    "
		}
		md := p + "stepword\n\n" + pad + "### headword\n\n" + pad + "afterword\n"
		for _, style := range []string{"dark", "light", "notty"} {
			for _, width := range []int{40, 80, 120} {
				r, err := New(style, width)
				if err != nil {
					t.Fatal(err)
				}
				out, err := r.Render(md)
				if err != nil {
					t.Fatal(err)
				}
				lines := strings.Split(xansi.Strip(out), "\n")
				at := map[string][2]int{}
				for k, l := range lines {
					for _, w := range []string{"stepword", "headword", "afterword"} {
						if i := strings.Index(l, w); i >= 0 {
							at[w] = [2]int{k, xansi.StringWidth(l[:i])}
						}
					}
				}
				head := at["headword"][1] - len("### ") // every standard style prints the marks
				if head != at["stepword"][1] || at["afterword"][1] != at["stepword"][1] {
					t.Errorf("%s %d %q: heading at column %d, text after it at %d, the item's text at %d:\n%s",
						style, width, p, head, at["afterword"][1], at["stepword"][1], strings.Join(lines, "\n"))
				}
				if gap := at["afterword"][0] - at["headword"][0]; gap != 2 {
					t.Errorf("%s %d %q: the paragraph %d lines below the heading, want 2:\n%s", style, width, p, gap, strings.Join(lines, "\n"))
				}
			}
		}
	}
}
