package skillmd

import (
	"strings"
	"testing"
)

// Link floods: 512 KB of link openings in one paragraph, read by the fast
// scanner and (after a backslash it does not model) by goldmark. Both
// used to retry the rest of the paragraph at every "](" (21–29 s); the
// bound only a quadratic scan can break.
func TestLinkFloodsAreLinear(t *testing.T) {
	for _, pat := range []string{"[a](", "[a](<", "[a](x (", "[a](x \"", "[a](()", "![a](b(("} {
		for _, prefix := range []string{"", "\\x "} {
			body := []byte(prefix + strings.Repeat(pat, 512<<10/len(pat)))
			OutlineOf(body) // finishes: BenchmarkLinkFloods measures how fast
		}
	}
}

// Floods the fast scanner itself met in quadratic time (a link-in-link
// check over every earlier link, a walk back over every line per link)
// or that goldmark reads so (link reference definitions): 200,000 of
// each took from 14 s to minutes.
func TestLinkAndDefinitionFloodsAreLinear(t *testing.T) {
	for name, body := range map[string]string{
		"anchor links on one line": "## h\n\n" + strings.Repeat("[a](#h) ", 45_000),
		"a link per line":          "## h\n\n" + strings.Repeat("[a](#h)\n", 45_000),
		"definitions":              strings.Repeat("[r]: http://e/x\n", 45_000) + "[x][r]\n",
	} {
		o := OutlineOf([]byte(body))
		if name != "definitions" && len(o.Links) != 45_000 {
			t.Errorf("%s: %d links read", name, len(o.Links))
		}
	}
}

// Past the markup budget the reading stops at the line that crosses it,
// whichever reader would have read the text, and says where.
func TestMarkupBudgetCutsTheReading(t *testing.T) {
	head := "# Title\n\nSee [ref](references/a.md).\n\n"
	for name, flood := range map[string]string{
		"anchor links on one line": strings.Repeat("[a](#h) ", 60_000) + "\n",
		"a link per line":          strings.Repeat("[a](#h)\n", 60_000),
		"brackets":                 strings.Repeat("[", 120_000) + "\n",
		"nested quotes":            strings.Repeat(">", 8_000) + " x\n",
		"nested list items":        strings.Repeat("- ", 8_000) + "x\n",
		"indented, in a list":      "- a\n\t- b\n\n" + strings.Repeat(strings.Repeat(" ", 4_000)+"- x\n", 8),
	} {
		o := OutlineOf([]byte(head + flood + "\n## After\n\n[late](references/late.md)\n"))
		if !o.Cut || o.CutAt < len(head) {
			t.Errorf("%s: cut %v at %d, want a cut past the head (%d)", name, o.Cut, o.CutAt, len(head))
		}
		if len(o.Links) == 0 || o.Links[0].Dest != "references/a.md" {
			t.Errorf("%s: the head's link was lost", name)
		}
		for _, l := range o.Links {
			if l.Dest == "references/late.md" {
				t.Errorf("%s: a link past the cut was read", name)
			}
		}
	}
	if o := OutlineOf([]byte(head)); o.Cut {
		t.Errorf("an ordinary text was cut at %d", o.CutAt)
	}
}

// Real links next to a flood still read the same: the defused paragraph
// is the only one that loses its links. (The flood stays within the
// markup budget, which would stop the reading at it.)
func TestDefuseLinkFloodsKeepsOtherParagraphs(t *testing.T) {
	body := "# Title\n\nSee [ref](references/a.md) \\x.\n\n" + strings.Repeat("[a](", 40_000) + "\n\n## After\n"
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

// BenchmarkLinkFloods reads 512 KB of "[a](" after a backslash (the
// goldmark path): linear since floods are defused (it took 29 s).
func BenchmarkLinkFloods(b *testing.B) {
	body := []byte("\\x " + strings.Repeat("[a](", 512<<10/4))
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		OutlineOf(body)
	}
}
