package mdrender

import (
	"strconv"
	"strings"
	"testing"

	xansi "github.com/charmbracelet/x/ansi"
)

func TestStripMarkersCutShort(t *testing.T) {
	if got := stripMarkers("[1]: x skre…"); got != "[1]: x …" {
		t.Errorf("got %q", got)
	}
	if got := stripMarkers("a skrel:b.md c"); got != "a b.md c" {
		t.Errorf("got %q", got)
	}
}

// A link written as its own target prints once; any other link keeps its
// text and its target.
func TestSelfLinksPrintOnce(t *testing.T) {
	r, err := New("notty", 200)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		md, target string
		want       int
	}{
		{"see [https://x.io/a](https://x.io/a) now", "https://x.io/a", 1},
		{"mail [a@b.co](mailto:a@b.co) now", "a@b.co", 1},
		{"read [reference.md](reference.md) now", "reference.md", 1},
		{"read [../up.md](../up.md) now", "../up.md", 1},
		{"see [the docs](https://x.io/a) now", "https://x.io/a", 1},
		{"see [https://x.io/a](https://x.io/b) now", "https://x.io/", 2},
		{`see [https://x.io/a](https://x.io/a "Title") now`, "https://x.io/a", 2},
		{"see [*https://x.io/a*](https://x.io/a) now", "https://x.io/a", 2},
	} {
		out, err := r.Render(c.md)
		if err != nil {
			t.Fatal(err)
		}
		out = xansi.Strip(out) // the OSC 8 hyperlinks carry the target too
		if got := strings.Count(out, c.target); got != c.want {
			t.Errorf("%s: %q printed %d times, want %d:\n%s", c.md, c.target, got, c.want, out)
		}
		if strings.Contains(out, "/reference.md") || strings.Contains(out, relMarker) {
			t.Errorf("%s: relative target resolved or marked:\n%s", c.md, out)
		}
	}
}

// A link target with spaces or non-ASCII (allowed between < and >) is
// percent-encoded inside the OSC 8 hyperlink, where a terminal reads a URI;
// the target printed as text stays as written.
func TestHyperlinkURIsArePrintableASCII(t *testing.T) {
	r, err := New("dark", 200)
	if err != nil {
		t.Fatal(err)
	}
	out, err := r.Render("see [guide](<references/my guide ü.md>) and <https://x.io/a%20b>\n")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for rest := out; ; {
		i := strings.Index(rest, "\x1b]8;")
		if i < 0 {
			break
		}
		rest = rest[i+4:]
		end := strings.Index(rest, "\x1b\\")
		if end < 0 {
			end = strings.IndexByte(rest, '\a')
		}
		seq := rest[:end]
		_, uri, _ := strings.Cut(seq, ";")
		for _, c := range []byte(uri) {
			if c < 0x21 || c > 0x7e {
				t.Errorf("OSC 8 URI %q holds byte %#x", uri, c)
				break
			}
		}
		if uri != "" {
			n++
		}
	}
	if n == 0 {
		t.Fatalf("no hyperlink in %q", out)
	}
	if !strings.Contains(out, "references/my guide ü.md") && !strings.Contains(xansi.Strip(out), "references/my guide ü.md") {
		t.Errorf("the target as written is gone: %q", xansi.Strip(out))
	}
	if strings.Contains(out, "a%2520b") {
		t.Errorf("an encoded URI was encoded again: %q", out)
	}
}

// wideTable is a table of cols columns with one body row, each header
// "colN" and each value "vN".
func wideTable(cols int) string {
	var b strings.Builder
	for i := range cols {
		b.WriteString("| col" + strconv.Itoa(i) + " ")
	}
	b.WriteString("|\n" + strings.Repeat("|---", cols) + "|\n")
	for i := range cols {
		b.WriteString("| v" + strconv.Itoa(i) + " ")
	}
	return b.String() + "|\n"
}

// Huge tables: every header shows (cut with "…" at worst), no line is
// wider than the width, and a 10 KB cell does not make a row hundreds of
// lines tall. lipgloss shrank a column to its narrowest cell, so the
// headers of 200 columns (or one over short values) came out empty.
func TestHugeTablesKeepTheirHeaders(t *testing.T) {
	const width = 80
	r, err := New("notty", width)
	if err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]struct {
		md      string
		headers []string
		lines   int
	}{
		"200 columns":   {wideTable(200), []string{"col0", "col1", "col9", "…"}, 8},
		"10 KB cell":    {"| name | kind |\n|---|---|\n| " + strings.Repeat("x", 10000) + " | y |\n", []string{"name", "kind"}, 12},
		"10 KB of text": {"| head one | head two | three |\n|---|---|---:|\n| " + strings.Repeat("word ", 2000) + " | " + strings.Repeat("x", 10000) + " | z |\n", []string{"head one", "head two", "three"}, 20},
	} {
		out, err := r.Render(c.md)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.Trim(out, "\n"), "\n")
		var head string
		for _, l := range lines {
			if w := xansi.StringWidth(l); w > width {
				t.Errorf("%s: a line %d cells wide: %q", name, w, l)
			}
			if head == "" && strings.TrimSpace(l) != "" {
				head = l
			}
		}
		for _, h := range c.headers {
			if !strings.Contains(head, h) {
				t.Errorf("%s: header %q missing from %q", name, h, head)
			}
		}
		if len(lines) > c.lines {
			t.Errorf("%s: %d lines, want at most %d:\n%s", name, len(lines), c.lines, out)
		}
	}
}

// A table that fits is rendered as glamour renders it, the padding
// aside: no "…", no cut.
func TestSmallTableUncut(t *testing.T) {
	r, _ := New("notty", 80)
	out, _ := r.Render("| key | meaning of it |\n|---|---|\n| a | the first letter |\n")
	if strings.Contains(out, "…") || !strings.Contains(out, "meaning of it") || !strings.Contains(out, "the first letter") {
		t.Errorf("%s", out)
	}
}

// A code block indented with tabs ran past its right edge: glamour padded
// each line as if a tab were one cell and the terminal moved it to the
// next stop of 8. Every rendered line now has the width of the others.
// The block's edge is the renderer's, not 60: the style's margins count.
func TestTabsInCodeKeepTheBlockWidth(t *testing.T) {
	md := "Before:\n\n```c\nnode {\n\treg = <0x10 0x4>;\t/* 改成 16K */\n\t\tstatus = \"okay\";\n};\n```\n\n- item\n\tcontinued\n"
	for _, style := range []string{"notty", "dark"} {
		r, err := New(style, 60)
		if err != nil {
			t.Fatal(err)
		}
		out, err := r.Render(md)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(out, "\t") {
			t.Errorf("%s: a tab is left:\n%s", style, out)
		}
		want := -1
		for _, line := range strings.Split(strings.Trim(out, "\n"), "\n") {
			if w := xansi.StringWidth(line); want < 0 {
				want = w
			} else if w != want {
				t.Errorf("%s: line %q is %d cells wide, the first %d", style, xansi.Strip(line), w, want)
			}
		}
		if !strings.Contains(xansi.Strip(out), "    reg = <0x10 0x4>;   /* 改成 16K */") {
			t.Errorf("%s: tab stops of 4 not kept:\n%s", style, xansi.Strip(out))
		}
	}
	if got := expandTabs("a\tb\n\tc\n缩\td"); got != "a   b\n    c\n缩  d" {
		t.Errorf("expandTabs: %q", got)
	}
}

// lipgloss takes a table as fitting when its widest cells and their
// margins fit, forgetting the separators between columns; within that
// gap it neither shrinks nor wraps, and the end of each row is cut off
// with no "…" ("page someone" printed "page someon", or the whole "…"
// column of a cut table gone). Every cell's last word now shows, or a
// "…" says something was cut, at every width across the gap.
func TestTableRowsNotCutSilently(t *testing.T) {
	tables := []string{
		"| ρ (load) | mean wait (× service time) | note q1 |\n|---:|:---:|---|\n| 0.5 | 1 | fine q2 |\n| 0.99 | 99 | page someone q3 |\n",
		"| k | v | c3 | c4 | c5 | c6 q1 |\n|---|---|---|---|---|---|\n| `code span` | two three four | 5 | six | seven | eight nine q2 |\n",
		"| a | b q1 |\n|---|---|\n| alpha beta gamma | delta epsilon zeta eta q2 |\n",
	}
	for _, style := range []string{"notty", "dark"} {
		for i, md := range tables {
			for w := 30; w <= 90; w++ {
				r, _ := New(style, w)
				out, _ := r.Render(md)
				out = xansi.Strip(out)
				if strings.Contains(out, "…") {
					continue
				}
				for _, mk := range []string{"q1", "q2", "q3"} {
					if strings.Contains(md, mk) && !strings.Contains(strings.ReplaceAll(out, "\u00a0", " "), mk+" ") && !strings.Contains(out, mk+"\n") {
						t.Errorf("%s, table %d, width %d: %s cut off with no …:\n%s", style, i, w, mk, out)
					}
				}
			}
		}
	}
}

// A style without a code theme (notty: show's default when piped or with
// NO_COLOR) rendered a code block as Markdown text, taking its backslash
// escapes out: a regex's \. became ".", a UNC path's \\ one backslash.
// Code is printed as written in every style.
func TestCodeBlocksKeepBackslashes(t *testing.T) {
	md := "```bash\nawk '/^## (0|3|5)\\./' conv.md\ncopy \\\\server\\share\\a.txt C:\\Temp\\\n```\n\n    indented \\* \\[x\\]\n"
	for _, style := range []string{"notty", "dark", "light"} {
		r, err := New(style, 80)
		if err != nil {
			t.Fatal(err)
		}
		out, err := r.Render(md)
		if err != nil {
			t.Fatal(err)
		}
		out = xansi.Strip(out)
		for _, want := range []string{`awk '/^## (0|3|5)\./' conv.md`, `copy \\server\share\a.txt C:\Temp\`, `indented \* \[x\]`} {
			if !strings.Contains(out, want) {
				t.Errorf("%s: %q not kept:\n%s", style, want, out)
			}
		}
	}
}

// A quoted paragraph was wrapped a cell too wide for its "│ " bar, so at
// about a third of widths a word was left alone on a line without the bar
// (GitHub alerts, "> **Note**" lines). Every quoted line keeps its bar.
func TestQuotedLinesKeepTheirBar(t *testing.T) {
	md := "> [!NOTE]\n> Utilisation above about eighty percent is where the wait curve bends upward and keeps going.\n>\n> > A nested quote with enough words in it to wrap around the edge more than once or twice.\n\n- item\n  > a quote in a list item with words enough to wrap at most widths of a pane\n"
	for _, style := range []string{"notty", "dark"} {
		for w := 30; w <= 90; w++ {
			r, _ := New(style, w)
			out, _ := r.Render(md)
			for _, line := range strings.Split(xansi.Strip(out), "\n") {
				l := strings.TrimSpace(line)
				if l != "" && !strings.HasPrefix(l, "│") && !strings.HasPrefix(l, "|") && !strings.HasPrefix(l, "•") {
					t.Errorf("%s, width %d: %q has no bar:\n%s", style, w, l, xansi.Strip(out))
					break
				}
			}
		}
	}
}

// renderPlain renders md in style at width and strips the escapes.
func renderPlain(t testing.TB, style string, width int, md string) string {
	t.Helper()
	r, err := New(style, width)
	if err != nil {
		t.Fatal(err)
	}
	out, err := r.Render(md)
	if err != nil {
		t.Fatal(err)
	}
	return xansi.Strip(out)
}
