package skillmd

import (
	"strings"
	"testing"
	"time"
)

// Link floods: 512 KB of link openings in one paragraph, read by the fast
// scanner and (after a backslash it does not model) by goldmark. Both
// used to retry the rest of the paragraph at every "](" (21–29 s); the
// bound only a quadratic scan can break.
func TestLinkFloodsAreLinear(t *testing.T) {
	for _, pat := range []string{"[a](", "[a](<", "[a](x (", "[a](x \"", "[a](()", "![a](b(("} {
		for _, prefix := range []string{"", "\\x "} {
			body := []byte(prefix + strings.Repeat(pat, 512<<10/len(pat)))
			start := time.Now()
			OutlineOf(body)
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("%q×%d (prefix %q): %v", pat, len(body)/len(pat), prefix, d)
			}
		}
	}
}

// Floods the fast scanner itself met in quadratic time (a link-in-link
// check over every earlier link, a walk back over every line per link)
// or that goldmark reads so (link reference definitions): 200,000 of
// each took from 14 s to minutes.
func TestLinkAndDefinitionFloodsAreLinear(t *testing.T) {
	for name, body := range map[string]string{
		"anchor links on one line": "## h\n\n" + strings.Repeat("[a](#h) ", 200_000),
		"a link per line":          "## h\n\n" + strings.Repeat("[a](#h)\n", 200_000),
		"definitions":              strings.Repeat("[r]: http://e/x\n", 200_000) + "[x][r]\n",
	} {
		start := time.Now()
		o := OutlineOf([]byte(body))
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("%s: %v", name, d)
		}
		if name != "definitions" && len(o.Links) != 200_000 {
			t.Errorf("%s: %d links read", name, len(o.Links))
		}
	}
}

// Real links next to a flood still read the same: the defused paragraph
// is the only one that loses its links.
func TestDefuseLinkFloodsKeepsOtherParagraphs(t *testing.T) {
	body := "# Title\n\nSee [ref](references/a.md) \\x.\n\n" + strings.Repeat("[a](", 200_000) + "\n\n## After\n"
	o := OutlineOf([]byte(body))
	if len(o.Headings) != 2 || o.Headings[1].Text != "After" {
		t.Errorf("headings %+v", o.Headings)
	}
	if len(o.Links) == 0 || o.Links[0].Dest != "references/a.md" {
		t.Errorf("links %+v", o.Links[:min(3, len(o.Links))])
	}
}

// FuzzDestEnd: reading a destination's end directly gives what the
// tables built for long paragraphs give.
func FuzzDestEnd(f *testing.F) {
	f.Add([]byte("see [a](b.md) and [c](d(e)f) g"), 8)
	f.Add([]byte("(()))x y\\z"), 0)
	f.Fuzz(func(t *testing.T, v []byte, i int) {
		if i < 0 || i > len(v) {
			return
		}
		var direct, tables tailScan
		direct.reset(v)
		tables.reset(v)
		tables.build()
		if got, want := direct.destEnd(i), tables.destEnd(i); got != want {
			t.Fatalf("destEnd(%q, %d) = %d read directly, %d from the tables", v, i, got, want)
		}
	})
}
