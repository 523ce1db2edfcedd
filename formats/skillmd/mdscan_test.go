package skillmd

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode"

	gmutil "github.com/yuin/goldmark/util"
)

// fastCases are Markdown shapes the fast scanner must read exactly as
// goldmark does (or give up on).
var fastCases = []string{
	"# Title\n\nSee [setup](#setup) and ![logo](assets/logo.png).\n\n## Setup\n",
	"Text with `[not a link](x)` and [a link](references/a.md \"title\").\n",
	"- item [one](a.md)\n- item two references/b.md here\n  continued [c](c.md)\n",
	"1. Run:\n\n   ```bash\n   echo [x](y)\n   ```\n2. Then [z](z.md)\n",
	"> quote [q](q.md)\nlazy line [r](r.md)\n\n    indented [code](no.md)\n",
	"Setext\n======\n\nOther\n---\n\n***\n\n## Closing ##\n\n#NoHeading\n",
	"[outer [inner](i.md)](o.md) and [![img](i.png)](l.md)\n",
	"[a](<with spaces.md>) [b](paren(s).md) [c]() [d]( ) [e](\"t\")\n",
	"references/x.md at start, and (references/y.md) and \"references/z.md\"\n",
	"see references/a_b.md and **bold** text\n",
	"**see references/a.md**\n",
	"~~~\ncode [x](y)\n~~~~\nafter [w](w.md)\n",
	"```\nunclosed [x](y)\n",
	"- a\n\n      code\n- b [l](l.md)\n",
	"[broken](\n[ok](ok.md)\n",
	"# Dup\n# Dup\n## dup\n",
	"1) one\n2) two [t](t.md)\n\n10. ten\n",
	"para\n2. not a list\n* list [x](x.md)\n",
	"-\n  foo [f](f.md)\n",
	"`` code ` with [x](y) ``\n",
	"<div>\n[x](y)\n</div>\n",
	"Text \\[escaped](x)\n",
	"[ref]: https://example.com\n",
	"a\tb [t](t.md)\n",
	"# \n",
	"*emph references/e.md*\n",
	"Two lines\nof heading\n---\n\nThree\n  lines  \nhere\n===\n[x](x.md)\n",
	"A `code`\nand *emph* [l](l.md)\n---\n",
	"hard  \nbreak\\\nend\n---\n",
	"- item\n  two\n  ---\n> quote\nlazy\n---\n",
	"R&D and Q&A [x](x.md) &copy [y](y&z.md) &#12 &#x [z](z.md)\n",
	"&amp; &#35; &#x23; [y](y&amp;z.md)\n",
	"Promise<T> and <b>bold</b> <br/> see [l](l.md) <https://example.com/a?b> references/r.md\n",
	"<a href=\"x\">[l](l.md)</a> and <!-- c --> [m](m.md)\n",
	"x <300ms [a](a.md) map<string, string> [b](b.md) <a,b> <c(d)>\n",
	"<mail@example.com> <1a@b.c> [b](b.md)\n",
	"[`code.md`](code.md) [``a`b``](ab.md) [`x` and more](x.md) [`](y.md)\n",
	"[` spaced `](s.md)\n",
	"[`code.md`](code.md) and [`x` more](x.md)\n[``a`b``](ab.md)\n",
	"<T>references/t.md</T> [t](t.md)\n",
	"<x:y> <ab:c d> <ab:> [t](t.md)\n",
	"```make\nall:\n\t@echo [x](y)\n```\nafter [a](a.md)\n",
	"```\n\t```\nstill code [x](y)\n",
	"```\n   \t```\n \t```\nstill code\n```\n[b](b.md)\n",
	"- item\n  ```\n  \tcode\n  ```\n[c](c.md)\n",
	"> ```\n> \tcode\n> ```\n[d](d.md)\n",
	"[x](x.md) TRACE\\_\\* and \\[not](a.md) \\\\[yes](y.md) \\`not code` [z](z.md)\n",
	"- [ ] No SELECT \\* here [a](a.md)\n- \\![i](i.png) \\<b> \\&amp; \\a\\\n[b](b.md)\n",
	"*a \\* [l](l.md) b*\n_x\\_ [m](m.md)_ `c\\` [n](n.md)\n",
	"[x \\] y](x.md) [p](p.md) references/a\\_b.md\n",
	"- [x]: Can reach it [l](l.md)\n- [y]: /u \"t\"\n- [z]: a (b) [m](m.md)\n\n[w]: <d> e\n\n[v]:   /a  b [n](n.md)\n\n[t]:\n/u\n",
	"  [state_1] → [state_2]: [what] [x](x.md)\n[a] b]: c\n\n[a]: /u\n\n[a\\]: /v\n\n[a[b]: /w\n",
}

// TestScanFastTabInFence: a tab-indented line of a fenced block outside
// containers is code the fast scanner reads on its own; inside a list item
// or a quote, where a tab's width depends on the markers, it still gives
// up.
func TestScanFastTabInFence(t *testing.T) {
	for _, c := range []struct {
		text string
		fast bool
	}{
		{"```make\nall:\n\t@echo [x](y)\n```\nafter [a](a.md)\n", true},
		{"```\n\t```\nstill code [x](y)\n", true},
		{"```\n   \t```\nstill code\n```\n", true},
		{"- item\n  ```\n  \tcode\n  ```\n", false},
		{"> ```\n> \tcode\n> ```\n", false},
	} {
		if _, ok := scanFast([]byte(c.text)); ok != c.fast {
			t.Errorf("%q: fast path %v, want %v", c.text, ok, c.fast)
		}
		compareScans(t, c.text, []byte(c.text))
	}
}

// TestASCIIPunctIsGoldmarks: the fast path escapes what goldmark does.
func TestASCIIPunctIsGoldmarks(t *testing.T) {
	for c := range 256 {
		if asciiPunct[c] != gmutil.IsPunct(byte(c)) {
			t.Errorf("byte %#x: asciiPunct %v, goldmark %v", c, asciiPunct[c], !asciiPunct[c])
		}
	}
}

func TestScanFastMatchesGoldmark(t *testing.T) {
	for _, c := range fastCases {
		compareScans(t, c, []byte(c))
	}
}

// TestScanFastCorpus compares the two scanners on every Markdown file of
// the corpus, and says how many the fast path reads on its own.
func TestScanFastCorpus(t *testing.T) {
	pureCPUUnderRace(t) // two scanners over the corpus, one file at a time
	root := corpusDir(t)
	files, fast := 0, 0
	_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return nil
		}
		files++
		if compareScans(t, p, data) {
			fast++
		}
		return nil
	})
	t.Logf("the fast scanner read %d of %d Markdown files itself", fast, files)
}

func compareScans(t *testing.T, name string, body []byte) bool {
	t.Helper()
	got, ok := scanFast(body)
	if !ok {
		return false
	}
	want := scanGoldmark(body)
	if !reflect.DeepEqual(nilIfEmpty(got), nilIfEmpty(want)) {
		t.Errorf("%s: fast scanner and goldmark differ\nfast:     %s\ngoldmark: %s", name, describeFacts(got), describeFacts(want))
	}
	return true
}

func nilIfEmpty(f Outline) Outline {
	if len(f.Headings) == 0 {
		f.Headings = nil
	}
	if len(f.Links) == 0 {
		f.Links = nil
	}
	return f
}

func describeFacts(f Outline) string {
	var b strings.Builder
	for _, h := range f.Headings {
		fmt.Fprintf(&b, "\n  h%d %q line %d off %d text at %d slug %s", h.Level, h.Text, h.Line, h.Offset, h.TextOffset, h.Slug)
	}
	for _, l := range f.Links {
		fmt.Fprintf(&b, "\n  link %q text %q off %d image %v mention %v", l.Dest, l.Text, l.Offset, l.Image, l.Mention)
	}
	if f.Unclosed {
		fmt.Fprintf(&b, "\n  unclosed fence at %d", f.UnclosedAt)
	}
	return b.String()
}

func FuzzScanFast(f *testing.F) {
	for _, c := range fastCases {
		f.Add(c)
	}
	f.Fuzz(func(t *testing.T, s string) {
		compareScans(t, "fuzz", []byte(s))
	})
}

func TestSimpleHeadingTextMatchesGoldmark(t *testing.T) {
	for _, c := range []string{"The `foo` command", "snake_case name", "`a` and `b`", "`x`", "a `b` c_d"} {
		compareScans(t, c, []byte("# "+c+"\n"))
		if _, ok := simpleHeadingText([]byte(c)); !ok {
			t.Errorf("%q: not read by the simple path", c)
		}
	}
	for _, c := range []string{"**bold**", "_emph_", "`` double ``", "` spaced `", "[link](x)", "a\\_b", "`open"} {
		if _, ok := simpleHeadingText([]byte(c)); ok {
			t.Errorf("%q: the simple path should leave it to goldmark", c)
		}
	}
}

// slugByRunes is Slug without its ASCII fast path.
func slugByRunes(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.Is(unicode.M, r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

func FuzzASCIISlug(f *testing.F) {
	for _, s := range []string{"Setup Steps", "C# & Go: 1.2_x-y", "Ünïcode ok", "\x7f\x00 !~"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := Slug(s), slugByRunes(s); got != want {
			t.Errorf("Slug(%q) = %q, want %q", s, got, want)
		}
	})
}

// compareLinkScans: scanLinks gives scanMarkdown's links and fence.
func compareLinkScans(t *testing.T, name string, body []byte) {
	t.Helper()
	got, want := scanLinks(body), scanMarkdown(body)
	if !reflect.DeepEqual(nilIfEmpty(Outline{Links: got.Links}), nilIfEmpty(Outline{Links: want.Links})) || got.Unclosed != want.Unclosed || got.UnclosedAt != want.UnclosedAt {
		t.Errorf("%s: scanLinks and scanMarkdown differ\nlinks only: %s\nfull:       %s", name, describeFacts(Outline{Links: got.Links, Unclosed: got.Unclosed, UnclosedAt: got.UnclosedAt}), describeFacts(Outline{Links: want.Links, Unclosed: want.Unclosed, UnclosedAt: want.UnclosedAt}))
	}
}

func TestScanLinksCorpus(t *testing.T) {
	pureCPUUnderRace(t) // two link scanners over the corpus, one file at a time
	for _, c := range fastCases {
		compareLinkScans(t, c, []byte(c))
	}
	root := corpusDir(t)
	_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
			return nil
		}
		if data, err := os.ReadFile(p); err == nil {
			compareLinkScans(t, p, data)
		}
		return nil
	})
}

func FuzzScanLinks(f *testing.F) {
	for _, c := range fastCases {
		f.Add(c)
	}
	f.Fuzz(func(t *testing.T, s string) {
		compareLinkScans(t, "fuzz", []byte(s))
	})
}

// deepeningLists is n list items, each nested one level under the one
// before, a link in the innermost ones; hostile input for container
// matching.
func deepeningLists(n int) []byte {
	var b bytes.Buffer
	for i := range n {
		fmt.Fprintf(&b, "%s- item [x](references/r%d.md)\n", strings.Repeat(" ", 2*i), i%3)
	}
	return b.Bytes()
}

func TestScanFastDeepLists(t *testing.T) {
	pureCPUUnderRace(t) // two scanners over 100 KB, once
	if !compareScans(t, "deep lists", deepeningLists(300)) {
		t.Error("the fast scanner gave up on plain nested lists")
	}
}

// BenchmarkScanFastDeepLists is the fast scan of about 2 MB of deepening
// list items: linear in the text (counting a line's indentation again for
// every enclosing item made it quadratic: seconds at 8 MB).
func BenchmarkScanFastDeepLists(b *testing.B) {
	body := deepeningLists(1400)
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		scanFast(body)
	}
}

// emphasisNearByScan is emphasisNear as it was, scanning the paragraph for
// each mention: the reference the per-paragraph spans must agree with.
func emphasisNearByScan(v []byte, a, b int) bool {
	if a > 0 && (v[a-1] == '*' || v[a-1] == '_') {
		return true
	}
	if b < len(v) && v[b] == '*' {
		return true
	}
	for _, c := range []byte{'*', '_'} {
		firstOpen := -1
		for i := 0; i < len(v); {
			if v[i] != c {
				i++
				continue
			}
			j := i
			for j < len(v) && v[j] == c {
				j++
			}
			canOpen, canClose := flanking(v, i, j)
			if canClose && firstOpen >= 0 && j > a {
				return true
			}
			if canOpen && firstOpen < 0 && i < b {
				firstOpen = i
			}
			i = j
		}
	}
	return false
}

func FuzzEmphasisNear(f *testing.F) {
	for _, s := range []string{"*a* references/x.md", "references/x.md *b*", "_x references/y.md_", "a**b references/c.md c**d", "* references/z.md *"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 64 {
			return
		}
		v := []byte(s)
		spans := emphasisSpans(v)
		for a := 0; a <= len(v); a++ {
			for b := a; b <= len(v); b++ {
				if got, want := emphasisNear(v, spans, a, b), emphasisNearByScan(v, a, b); got != want {
					t.Fatalf("%q [%d,%d): spans say %v, a scan says %v", s, a, b, got, want)
				}
			}
		}
	})
}

// BenchmarkScanFastManyMentions is a paragraph of 20,000 references/
// mentions: linear (each mention used to rescan the paragraph for
// emphasis).
func BenchmarkScanFastManyMentions(b *testing.B) {
	body := bytes.Repeat([]byte("references/a.md "), 20000)
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		scanFast(body)
	}
}

// FuzzScanBudgeted: counting the markup budget in the scan's own line
// loop gives what cutting the text first and scanning the cut gives,
// under the real budget and under tiny ones that cut most texts.
func FuzzScanBudgeted(f *testing.F) {
	for _, c := range fastCases {
		f.Add(c)
	}
	f.Add("> > - [a](b.md)\n>   * x\n\t- [c](d)\n")
	f.Fuzz(func(t *testing.T, s string) {
		body := []byte(s)
		saved := markdownBudget
		defer func() { markdownBudget = saved }()
		for _, b := range []markupBudget{saved, {marks: 6, depth: 40}, {marks: 1, depth: 3}} {
			markdownBudget = b
			for _, linksOnly := range []bool{false, true} {
				cut := b.prefix(body)
				want, wantOK := scanFastMode(body[:cut], linksOnly)
				got, gotOK, gotCut := scanBudgeted(body, linksOnly)
				if gotCut != cut || gotOK != wantOK || wantOK && !reflect.DeepEqual(nilIfEmpty(got), nilIfEmpty(want)) {
					t.Fatalf("budget %+v links only %v: cut %d ok %v%s\nwant cut %d ok %v%s", b, linksOnly, gotCut, gotOK, describeFacts(got), cut, wantOK, describeFacts(want))
				}
			}
		}
	})
}

// FuzzControlsIn: the eight-bytes-at-a-time controlsIn is the plain loop.
func FuzzControlsIn(f *testing.F) {
	for _, s := range []string{"", "plain text\n\twith tabs", "a\rb", "0123456\x7f", "\x1f", "0123456789\t", "\t"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		control, tabs := controlsIn(b)
		if want := isControlByteIn(b); control != want {
			t.Fatalf("controlsIn(%q) control %v, the plain loop says %v", b, control, want)
		}
		if !control && tabs != bytes.Contains(b, []byte{'\t'}) {
			t.Fatalf("controlsIn(%q) tabs %v", b, tabs)
		}
	})
}

// TestControlMarksEveryByte: controlMarks marks exactly the control
// bytes, for every byte value in every position next to every other byte
// value (its per-byte sums must never carry into a neighbour).
func TestControlMarksEveryByte(t *testing.T) {
	isBad := func(c byte) bool { return c < 0x20 && c != '\n' && c != '\t' || c == 0x7f }
	for c := range 256 {
		for d := range 256 {
			for pos := range 7 {
				var w [8]byte
				for k := range w {
					w[k] = 'a'
				}
				w[pos], w[pos+1] = byte(c), byte(d)
				marks := controlMarks(binary.LittleEndian.Uint64(w[:]))
				for k, b := range w {
					if got := marks&(uint64(0x80)<<(8*k)) != 0; got != isBad(b) {
						t.Fatalf("controlMarks(%q): byte %d (%#x) marked %v", w, k, b, got)
					}
				}
			}
		}
	}
}

// BenchmarkControlsIn: the pass every Markdown text of a skill gets
// before its scan, over a 33 KB real SKILL.md.
func BenchmarkControlsIn(b *testing.B) {
	data, err := os.ReadFile(corpusDir(b) + "/anthropics__skills/skills/skill-creator/SKILL.md")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		controlsIn(data)
	}
}
