package skillmd

import (
	"bytes"
	"strings"
	"testing"
)

// headingSummary is "level text slug line" per heading, for short wants.
func headingSummary(o Outline) []string {
	var out []string
	for _, h := range o.Headings {
		out = append(out, strings.Join([]string{strings.Repeat("#", h.Level), h.Text, h.Slug}, " "))
	}
	return out
}

func sameStrings(a, b []string) bool {
	return strings.Join(a, "\n") == strings.Join(b, "\n")
}

func TestOutlineGotoPicksTheNamedHeadingNotASuffix(t *testing.T) {
	body := "# Guide\n\n## Advanced setup\n\nTweak.\n\n## Setup\n\nInstall.\n"
	o := OutlineOf([]byte(body))
	for _, target := range []string{"## Setup", "Setup", "#setup"} {
		i, ok := o.FindHeading(target)
		if !ok || o.Headings[i].Text != "Setup" {
			t.Errorf("FindHeading(%q) = %d, %v; want the heading \"Setup\"", target, i, ok)
		}
	}
	if i, ok := o.HeadingWithSlug("#setup"); !ok || o.Headings[i].Text != "Setup" {
		t.Errorf("HeadingWithSlug(#setup) = %d, %v", i, ok)
	}
	h := o.Headings[2]
	if !strings.HasPrefix(body[h.Offset:], "## Setup\n") || !strings.HasPrefix(body[h.TextOffset:], "Setup\n") || h.Line != 7 {
		t.Errorf("Setup at offset %d, text at %d, line %d", h.Offset, h.TextOffset, h.Line)
	}
}

func TestOutlineDuplicateHeadingsGetGitHubSuffixes(t *testing.T) {
	o := OutlineOf([]byte("# Dup\n## Dup\n### dup\n# a\n# a\n# a-1\n"))
	want := []string{"# Dup dup", "## Dup dup-1", "### dup dup-2", "# a a", "# a a-1", "# a-1 a-1-1"}
	if got := headingSummary(o); !sameStrings(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
	if i, _ := o.HeadingWithSlug("dup-2"); i != 2 {
		t.Errorf("dup-2 is heading %d, want 2", i)
	}
}

func TestOutlineSetextHeadings(t *testing.T) {
	body := "Title\n=====\n\nText.\n\nSub *part*\n---\n"
	o := OutlineOf([]byte(body))
	if got, want := headingSummary(o), []string{"# Title title", "## Sub part sub-part"}; !sameStrings(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if h := o.Headings[1]; h.Line != 6 || h.Offset != strings.Index(body, "Sub") || h.TextOffset != h.Offset {
		t.Errorf("setext heading at line %d offset %d text %d", h.Line, h.Offset, h.TextOffset)
	}
}

func TestOutlineIgnoresHeadingsInCode(t *testing.T) {
	body := "```md\n# not a heading\n```\n\n    # indented code\n\n~~~\n## nor this\n~~~\n# Real\n"
	if got := headingSummary(OutlineOf([]byte(body))); !sameStrings(got, []string{"# Real real"}) {
		t.Errorf("got %q", got)
	}
}

func TestOutlineNonASCIISlugs(t *testing.T) {
	o := OutlineOf([]byte("# Été à Paris\n## 日本語の見出し\n## Ünïcödé!\n"))
	want := []string{"# Été à Paris été-à-paris", "## 日本語の見出し 日本語の見出し", "## Ünïcödé! ünïcödé"}
	if got := headingSummary(o); !sameStrings(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	// Links write non-ASCII anchors percent-encoded.
	if i, ok := o.HeadingWithSlug("#%C3%A9t%C3%A9-%C3%A0-paris"); !ok || i != 0 {
		t.Errorf("percent-encoded anchor: %d, %v", i, ok)
	}
}

func TestOutlineLinksHaveTargetTextAndPosition(t *testing.T) {
	body := "# T\n\nSee [Setup](#setup), [the *ref*](references/a.md#x) and ![alt `a`](i.png).\n\n`[no](link)`\n"
	for _, o := range []Outline{OutlineOf([]byte(body)), scanGoldmark([]byte(body))} {
		var got []string
		for _, l := range o.Links {
			got = append(got, l.Dest+"|"+l.Text+"|"+body[l.Offset:l.Offset+2])
		}
		want := []string{"#setup|Setup|[S", "references/a.md#x|the ref|[t", "i.png|alt a|!["}
		if !sameStrings(got, want) {
			t.Errorf("links %q, want %q", got, want)
		}
	}
}

// FuzzOutline: any text has an outline (no panic), its positions point
// into the text in order, its anchors are unique, and the fast scanner
// reads it as goldmark does whenever it reads it at all.
func FuzzOutline(f *testing.F) {
	for _, c := range append(fastCases,
		"## Advanced setup\n\n## Setup\n",
		"Été\n===\n\n- ## In a list\n> ### Quoted\n",
		"# a\n# a\n# a-1\n[x](#a-1) [y *z*](b.md#c)\n") {
		f.Add(c)
	}
	f.Fuzz(func(t *testing.T, s string) {
		body := []byte(s)
		o := OutlineOf(body)
		slugs := map[string]bool{}
		prev := 0
		for _, h := range o.Headings {
			if h.Offset < prev || h.Offset > len(body) || h.Offset > 0 && body[h.Offset-1] != '\n' {
				t.Fatalf("heading %q at offset %d (previous %d)", h.Text, h.Offset, prev)
			}
			if h.TextOffset >= 0 && (h.TextOffset < h.Offset || h.TextOffset > len(body)) {
				t.Fatalf("heading %q text at %d, line at %d", h.Text, h.TextOffset, h.Offset)
			}
			if want := bytes.Count(body[:h.Offset], []byte{'\n'}) + 1; h.Line != want {
				t.Fatalf("heading %q on line %d, want %d", h.Text, h.Line, want)
			}
			if slugs[h.Slug] {
				t.Fatalf("anchor %q twice", h.Slug)
			}
			slugs[h.Slug] = true
			prev = h.Offset
		}
		for _, l := range o.Links {
			if l.Offset < 0 || l.Offset > len(body) {
				t.Fatalf("link %q at %d", l.Dest, l.Offset)
			}
		}
		compareScans(t, "fuzz", body)
	})
}
