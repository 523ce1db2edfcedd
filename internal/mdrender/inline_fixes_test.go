package mdrender

import (
	"strings"
	"testing"
	"unicode/utf8"

	xansi "github.com/charmbracelet/x/ansi"
)

// squash is s with each run of spaces and line ends made one space.
func squash(s string) string { return strings.Join(strings.Fields(s), " ") }

// Any ASCII punctuation escaped with a backslash shows without it, in
// text, tables, links and headings; code keeps its backslashes.
func TestBackslashEscapesShowTheCharacter(t *testing.T) {
	md := "Tom \\& Jerry cost \\$5 at a\\:b, \\\"q\\\" \\\\ \\&amp; `a\\&b`\n\n" +
		"| h \\& i | j |\n|---|---|\n| \\% | \\@ |\n\n# Head \\& tail\n\n- item \\= x\n"
	for _, style := range []string{"notty", "dark"} {
		out := squash(renderPlain(t, style, 80, md))
		for _, want := range []string{`Tom & Jerry cost $5 at a:b, "q" \ &amp; a\&b`, "h & i", "%", "@", "Head & tail", "item = x"} {
			if !strings.Contains(out, want) {
				t.Errorf("%s: no %q in\n%s", style, want, out)
			}
		}
	}
}

// Emphasis split over lines, or holding other emphasis, shows each of its
// marks once where the style prints marks.
func TestEmphasisMarksOnce(t *testing.T) {
	md := "This *spans\ntwo lines* and **strong *inner* too** and **a \\& b**.\n\n- item *em\n  across* x\n\n" +
		"***both*** and **`code`** and ~~gone *em*~~\n"
	out := squash(renderPlain(t, "notty", 80, md))
	for _, want := range []string{"This *spans two lines* and **strong *inner* too** and **a & b**.", "item *em across* x",
		"***both*** and **code** and ~~gone *em*~~"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	if dark := squash(renderPlain(t, "dark", 80, md)); strings.Contains(dark, "*") {
		t.Errorf("dark prints marks:\n%s", dark)
	}
}

// An HTML list keeps its start number and is not run into the Markdown
// list before it or an HTML list after it.
func TestHTMLListNumbering(t *testing.T) {
	md := "1. one\n2. two\n\n<ol start=\"3\">\n<li>three</li>\n<li>four</li>\n</ol>\n<ol><li>again</li></ol>\n\n3. md three\n"
	out := renderPlain(t, "notty", 60, md)
	for _, want := range []string{"1. one", "2. two", "3. three", "4. four", "1. again", "3. md three"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
}

// A list wraps at spaces, not inside a path or version; a word longer
// than the line is still cut to the width.
func TestListWordsKeptWhole(t *testing.T) {
	md := "- Then you should run the helper at scripts/run-all.sh with care, version 1.2.3 ok\n" +
		"- " + strings.Repeat("a-b.", 30) + " end\n"
	for width := 30; width <= 80; width++ {
		for _, style := range []string{"notty", "dark"} {
			out := renderPlain(t, style, width, md)
			for _, want := range []string{"scripts/run-all.sh", "1.2.3", "a-b.a-b."} {
				if !strings.Contains(squash(out), want) {
					t.Errorf("%s %d: %q broken in\n%s", style, width, want, out)
				}
			}
			for _, line := range strings.Split(out, "\n") {
				if w := xansi.StringWidth(line); w > width {
					t.Errorf("%s %d: line of %d cells: %q", style, width, w, line)
				}
			}
			if strings.ContainsRune(out, '\ue001') {
				t.Errorf("%s: stand-in left in output", style)
			}
		}
	}
	// An entity's ';' stays with it.
	if out := renderPlain(t, "notty", 60, "- a&amp;b c&#x41;d\n"); !strings.Contains(out, "a&b cAd") {
		t.Errorf("entity split: %q", out)
	}
	// A text holding a stand-in of its own keeps it.
	if out := renderPlain(t, "notty", 60, "- a\ue001b c.d\n"); !strings.Contains(out, "a\ue001b c.d") {
		t.Errorf("own stand-in changed: %q", out)
	}
}

func TestRestoreBreaks(t *testing.T) {
	for in, want := range map[string]string{
		"": "", "a": "a", "a\ue000b\ue005": "a,b|", "\ue006\ue001\uefff": "\ue006.\uefff", "x\xee\x80": "x\xee\x80",
	} {
		if got := restoreBreaks(in); got != want {
			t.Errorf("restoreBreaks(%q) = %q, want %q", in, got, want)
		}
	}
}

// Blocks inside a list item after a soft-broken line keep their shape.
func TestListItemBlocksUntouched(t *testing.T) {
	md := "- An item soft broken\n  here, then code:\n\n  ```sh\n  echo one-two.sh\n  echo two\n  ```\n\n" +
		"- quote:\n\n  > q-one.x\n\n- parent\n  soft\n  - child\n    soft\n"
	out := renderPlain(t, "notty", 80, md)
	for _, want := range []string{"An item soft broken here, then code:", "    echo one-two.sh  ", "    echo two  ", "q-one.x", "parent soft", "child soft"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
}

// FuzzInlineFixes: any text renders in each style without a panic, a
// stand-in or an invalid UTF-8 sequence it did not hold.
func FuzzInlineFixes(f *testing.F) {
	for _, s := range []string{"a \\& b\n", "*a\nb* **c *d* e**\n", "- x.y-z,w;v+u|t\n", "- \\.a.\\-\n", "<ol start=9><li>x</li></ol>\n", "**\\***\n", "- Files: <affected\nfiles> and </x-y>\n\n<concise outcome>\n"} {
		f.Add(s)
	}
	rs := map[string]*Renderer{}
	for _, st := range []string{"notty", "dark"} {
		r, err := New(st, 30)
		if err != nil {
			f.Fatal(err)
		}
		rs[st] = r
	}
	f.Fuzz(func(t *testing.T, md string) {
		if len(md) > 2048 || !utf8.ValidString(md) {
			return
		}
		for st, r := range rs {
			out, err := r.Render(md)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(out, standInPrefix) && !strings.Contains(md, standInPrefix) {
				t.Fatalf("%s: stand-in left in %q", st, out)
			}
		}
	})
}
