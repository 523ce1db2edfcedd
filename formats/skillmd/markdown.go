package skillmd

import (
	"bytes"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/skillstudio/skillstudio/internal/lazyre"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Heading is one Markdown heading of a body.
type Heading struct {
	Text  string // the heading's text, without the #s
	Level int    // 1-6
	Line  int    // 1-based line within the body
	// Offset is the byte offset in the body where the heading line starts;
	// End where its section ends (the next heading of the same or a higher
	// level, or the end of the body).
	Offset, End int
	// TextOffset is where the heading's text starts (after the #s and, in a
	// list item or block quote, its markers); -1 for an empty heading.
	TextOffset int
	Slug       string // GitHub's anchor for it (with -1, -2 for repeats)
}

// Link is one Markdown link or image of a body, or a references/… path
// written in its text. Offset is the byte offset in the body.
type Link struct {
	Dest string
	// Text is the link's plain text (an image's alt text); "" for a
	// mention.
	Text   string
	Offset int
	Image  bool
	// Mention: a path in running text rather than Markdown link syntax.
	Mention bool
}

// Outline is a Markdown text's headings and links, read once: what lint
// checks, what a quiz goto resolves against and what the studio's reader
// jumps between. Headings and links are in document order; code blocks and
// code spans hold neither.
type Outline struct {
	Headings []Heading
	Links    []Link
	// Unclosed says a code fence opened at byte offset UnclosedAt is never
	// closed, so everything after it is code.
	Unclosed   bool
	UnclosedAt int
	// Cut says only the text before byte offset CutAt was read: the rest
	// was too dense with markup, or nested too deep, to parse within
	// markdownBudget.
	Cut   bool
	CutAt int
}

// OutlineOf reads the outline of any Markdown text: a SKILL.md body or a
// reference file.
func OutlineOf(body []byte) Outline {
	return scanMarkdown(body)
}

// markdownParser is built on first use (about 12 µs and 15 KB), not at
// start-up: most bodies never reach goldmark.
var markdownParser = sync.OnceValue(func() parser.Parser { return goldmark.New().Parser() })

// scanMarkdown reads body's headings, links and images, and references/
// paths in text; code blocks and code spans hold no links. The fast
// scanner (mdscan.go) reads most bodies; goldmark reads the rest.
func scanMarkdown(body []byte) Outline {
	f, ok, cut := scanBudgeted(body, false)
	if !ok && cut > 0 {
		f = scanGoldmark(defuseLinkFloods(body[:cut]))
	}
	f.cutAt(cut, len(body))
	setSectionEnds(f.Headings, len(body))
	return f
}

// scanLinks is scanMarkdown without the headings when the fast scanner
// reads body (goldmark's reading has them all the same): the links and
// the unclosed fence.
func scanLinks(body []byte) Outline {
	f, ok, cut := scanBudgeted(body, true)
	if !ok && cut > 0 {
		f = scanGoldmark(defuseLinkFloods(body[:cut]))
		setSectionEnds(f.Headings, len(body))
	}
	f.cutAt(cut, len(body))
	return f
}

// cutAt records that only the first cut of n bytes were read. A fence
// open where the reading stopped is not called unclosed: the rest of the
// text was not read.
func (f *Outline) cutAt(cut, n int) {
	if cut < n {
		f.Cut, f.CutAt, f.Unclosed, f.UnclosedAt = true, cut, false, 0
	}
}

// markupBudget bounds the Markdown read, whatever reads it: goldmark's
// cost on hostile text is far from linear in its length (every [ ! * _ <
// ` becomes a node of a few hundred bytes: 4 MB of "[" took 1 GB and 13 s;
// nested link text is reparsed: 4 MB of "[a" then "]" took 31 s; each
// line walks its open quotes and list items once per level: a 2,000-level
// nest took minutes), and the fast scanner gives goldmark what it cannot
// read. The largest Markdown file of the corpus holds 3,161 marks and a
// Σ depth² of 38,192: the bounds are 30 and 1,300 times that.
type markupBudget struct {
	marks int // [ ] ! * _ < ` in the text read
	depth int // Σ over lines of (columns of leading space, tab, > and list markers)²
}

var markdownBudget = markupBudget{marks: 100_000, depth: 50_000_000}

// prefix is the length of the longest run of whole lines at the start of
// body within b (len(body) when all of it is).
func (b markupBudget) prefix(body []byte) int {
	countMarks := b.marksMatter(body)
	marks, depth := 0, 0
	for off := 0; off < len(body); {
		nl := bytes.IndexByte(body[off:], '\n')
		if nl < 0 {
			nl = len(body)
		} else {
			nl += off
		}
		depth += indentDepth(body[off:nl])
		if countMarks {
			marks += markCount(body[off:nl])
		}
		if marks > b.marks || depth > b.depth {
			return off
		}
		off = nl + 1
	}
	return len(body)
}

// marksMatter: body may pass the mark bound, so its marks are counted line
// by line. A text shorter than the bound cannot pass it, and a longer one
// holding no more marks than it in all (counted a mark at a time, at
// memory speed) cannot either.
func (b markupBudget) marksMatter(body []byte) bool {
	if len(body) <= b.marks {
		return false
	}
	n := 0
	for _, c := range []byte("[]!*_<`") {
		n += bytes.Count(body, []byte{c})
	}
	return n > b.marks
}

// indentDepth is a line's share of the depth budget: the square of the
// columns its leading space, tabs, > and list markers take.
func indentDepth(line []byte) int {
	cols := 0
	for _, c := range line {
		switch {
		case c == '\t':
			cols += 4 - cols%4
		case c == ' ' || c == '>' || c == '-' || c == '*' || c == '+' || c == '.' || c == ')' || c >= '0' && c <= '9':
			cols++
		default:
			return cols * cols
		}
	}
	return cols * cols
}

// markCount counts the markup marks of line.
func markCount(line []byte) int {
	n := 0
	for _, c := range line {
		if markupMark[c] {
			n++
		}
	}
	return n
}

var markupMark = [256]bool{'[': true, ']': true, '!': true, '*': true, '_': true, '<': true, '`': true}

// scanGoldmark is scanMarkdown by goldmark's syntax tree.
func scanGoldmark(body []byte) Outline {
	var f Outline
	doc := markdownParser().Parse(text.NewReader(body))
	slugs := map[string]int{}
	lines := lineCounter{body: body, line: 1}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			h := Heading{Text: inlineText(n, body), Level: n.Level, Offset: -1, TextOffset: -1}
			if n.Lines().Len() > 0 {
				h.TextOffset = n.Lines().At(0).Start
				h.Offset = lineStart(body, h.TextOffset)
			} else if prev := firstSegmentBefore(n); prev >= 0 {
				h.Offset = lineStart(body, prev)
			}
			if h.Offset < 0 {
				return ast.WalkSkipChildren, nil
			}
			h.Line = lines.at(h.Offset)
			h.Slug = uniqueSlug(slugs, Slug(h.Text))
			f.Headings = append(f.Headings, h)
			return ast.WalkSkipChildren, nil
		case *ast.Link:
			f.Links = append(f.Links, Link{Dest: linkDest(n.Destination), Text: inlineText(n, body), Offset: inlineOffset(n, body, 1)})
		case *ast.Image:
			f.Links = append(f.Links, Link{Dest: linkDest(n.Destination), Text: inlineText(n, body), Offset: inlineOffset(n, body, 2), Image: true})
		case *ast.FencedCodeBlock:
			if at, ok := unclosedFence(n, body); ok && !f.Unclosed {
				f.Unclosed, f.UnclosedAt = true, at
			}
			return ast.WalkSkipChildren, nil
		case *ast.CodeSpan, *ast.RawHTML, *ast.AutoLink:
			return ast.WalkSkipChildren, nil
		case *ast.Paragraph, *ast.TextBlock:
			f.Links = append(f.Links, textMentions(n, body)...)
		}
		return ast.WalkContinue, nil
	})
	return f
}

// unclosedFence: a fenced block holding some text with nothing but blank
// text after its content ran to the end of the document unclosed (a
// closed one is followed by its closing fence line). It returns the
// opening line's offset. A fence with nothing after it hides nothing and
// is not reported (the fast scanner agrees).
func unclosedFence(n *ast.FencedCodeBlock, body []byte) (int, bool) {
	l := n.Lines()
	if l.Len() == 0 {
		return 0, false
	}
	first, last := l.At(0), l.At(l.Len()-1)
	// The opening fence is the line before the first content line (whose
	// indentation goldmark may have stripped, so step back from its line's
	// start, not from the segment).
	open := lineStart(body, max(lineStart(body, first.Start)-1, 0))
	if n.Info != nil {
		open = lineStart(body, n.Info.Segment.Start)
	}
	if len(bytes.TrimSpace(body[first.Start:min(last.Stop, len(body))])) == 0 {
		return 0, false
	}
	return open, len(bytes.TrimSpace(body[min(last.Stop, len(body)):])) == 0
}

// setSectionEnds sets where each heading's section ends: at the next
// heading of the same or a higher level, or at the end of the body.
func setSectionEnds(hs []Heading, bodyLen int) {
	for i := range hs {
		hs[i].End = bodyLen
		for j := i + 1; j < len(hs); j++ {
			if hs[j].Level <= hs[i].Level {
				hs[i].End = hs[j].Offset
				break
			}
		}
	}
}

// textMentions finds references/… paths in the direct text of a block.
// Adjacent Text nodes are contiguous in the source, so a run of them (a
// path split by an underscore, say) is read in place, whole.
func textMentions(block ast.Node, body []byte) []Link {
	var out []Link
	runStart, runEnd := -1, -1
	flush := func() {
		if runStart >= 0 {
			run := body[runStart:runEnd]
			for _, m := range referenceMentions(run) {
				out = append(out, Link{Dest: string(run[m[0]:m[1]]), Offset: runStart + m[0], Mention: true})
			}
		}
		runStart, runEnd = -1, -1
	}
	for c := block.FirstChild(); c != nil; c = c.NextSibling() {
		t, ok := c.(*ast.Text)
		if !ok {
			flush()
			continue
		}
		seg := t.Segment
		if runStart >= 0 && seg.Start != runEnd {
			flush()
		}
		if runStart < 0 {
			runStart = seg.Start
		}
		runEnd = seg.Stop
		if t.SoftLineBreak() || t.HardLineBreak() {
			flush()
		}
	}
	flush()
	return out
}

// referenceMentions finds references/… file paths in running text: an
// optional ./, references/, path characters, ending in a file extension,
// at the start of the text or after a space, bracket or quote. (A
// hand-written scan: the equivalent regexp cost a fifth of a Load.)
func referenceMentions(text []byte) [][2]int {
	var out [][2]int
	const marker = "references/"
	for i := 0; ; {
		j := referencesDir.index(text[i:])
		if j < 0 {
			return out
		}
		start := i + j
		if start >= 2 && string(text[start-2:start]) == "./" {
			start -= 2
		}
		end := i + j + len(marker)
		for end < len(text) && isPathByte(text[end]) {
			end++
		}
		i = end
		if start > 0 && !strings.ContainsRune(" \t\n\r(>\"'", rune(text[start-1])) {
			continue
		}
		if e := withExtension(text[start:end]); e > 0 {
			out = append(out, [2]int{start, start + e})
		}
	}
}

// withExtension returns the length of the longest prefix of p that ends in
// a name, a dot and an alphanumeric extension (0 when none does).
func withExtension(p []byte) int {
	for end := len(p); end > 0; end-- {
		k := end
		for k > 0 && isAlnum(p[k-1]) {
			k--
		}
		if k < end && k >= 2 && p[k-1] == '.' && (isAlnum(p[k-2]) || p[k-2] == '_' || p[k-2] == '-') && k-1 > len("references/") {
			return end
		}
	}
	return 0
}

func isAlnum(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// inlineText is the plain text of a node's inline content.
func inlineText(n ast.Node, src []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			b.Write(c.Segment.Value(src))
			if c.SoftLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(c.Value)
		}
		return ast.WalkContinue, nil
	})
	return strings.TrimSpace(b.String())
}

// inlineOffset estimates where an inline link starts: its first text
// segment minus the "[" (or "![") before it.
func inlineOffset(n ast.Node, src []byte, back int) int {
	off := -1
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := c.(*ast.Text); ok && entering && off < 0 {
			off = t.Segment.Start
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	if off < 0 {
		if p := firstSegmentBefore(n); p >= 0 {
			return p
		}
		return 0
	}
	return max(0, off-back)
}

// firstSegmentBefore finds a source offset for a node without text of its
// own: the start of its block's first line.
func firstSegmentBefore(n ast.Node) int {
	for p := n; p != nil; p = p.Parent() {
		if p.Type() == ast.TypeBlock && p.Lines().Len() > 0 {
			return p.Lines().At(0).Start
		}
	}
	return -1
}

func lineStart(src []byte, off int) int {
	off = min(off, len(src))
	return bytes.LastIndexByte(src[:off], '\n') + 1
}

// Slug is GitHub's anchor for a heading text: lowercase, letters, digits,
// marks, - and _ kept, spaces turned into hyphens, everything else dropped.
func Slug(s string) string {
	var buf [96]byte // on the stack: the slug string is the one allocation
	return string(appendSlug(buf[:0], s))
}

// appendSlug appends Slug(s) to b: ASCII by table, other characters
// lowered one at a time (what strings.ToLower does, without the copy).
func appendSlug(b []byte, s string) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if out := slugByte[c]; out != 0 {
				b = append(b, out)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		if r = unicode.ToLower(r); unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.Is(unicode.M, r) {
			b = utf8.AppendRune(b, r)
		}
	}
	return b
}

// slugByte is what an ASCII byte becomes in a slug (0: dropped).
var slugByte = func() (t [utf8.RuneSelf]byte) {
	for c := range utf8.RuneSelf {
		switch {
		case c >= 'A' && c <= 'Z':
			t[c] = byte(c) + 'a' - 'A'
		case c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_':
			t[c] = byte(c)
		case c == ' ':
			t[c] = '-'
		}
	}
	return t
}()

func uniqueSlug(seen map[string]int, slug string) string {
	n, dup := seen[slug]
	seen[slug] = n + 1
	if !dup {
		return slug
	}
	for {
		cand := slug + "-" + strconv.Itoa(n)
		if _, taken := seen[cand]; !taken {
			seen[cand] = 1
			return cand
		}
		n++
		seen[slug] = n + 1
	}
}

// Headings lists the headings of a Markdown body.
func Headings(body string) []Heading {
	return scanMarkdown([]byte(body)).Headings
}

// FindHeading finds the section a quiz `goto` names. target is a heading
// as written ("## Setup Steps"), bare text ("Setup Steps") or a GitHub
// anchor ("#setup-steps"). The exact text at the given level wins; then
// the text ignoring case and level; then the anchor.
func FindHeading(body string, target string) (Heading, bool) {
	o := OutlineOf([]byte(body))
	if i, ok := o.FindHeading(target); ok {
		return o.Headings[i], true
	}
	return Heading{}, false
}

// FindHeading is the package's FindHeading on a read outline: the index of
// the heading target names.
func (o Outline) FindHeading(target string) (int, bool) {
	return findHeading(o.Headings, target)
}

// HeadingWithSlug is the index of the heading a link's fragment names:
// its anchor as GitHub writes it, with or without the #, case-insensitive
// and maybe percent-encoded (a non-ASCII slug in a link).
func (o Outline) HeadingWithSlug(fragment string) (int, bool) {
	slug := AnchorSlug(fragment)
	for i, h := range o.Headings {
		if h.Slug == slug {
			return i, true
		}
	}
	return -1, false
}

// AnchorSlug is the heading slug a link's fragment means: without the #,
// percent-decoded, lowercase.
func AnchorSlug(fragment string) string {
	slug := strings.ToLower(strings.TrimPrefix(fragment, "#"))
	if unescaped, err := url.PathUnescape(slug); err == nil {
		slug = unescaped
	}
	return slug
}

// htmlAnchor matches an HTML tag's id or name attribute, the anchors
// Markdown authors write by hand (<a id="x"></a>, <a name="x">,
// <h2 id="x">); GitHub keeps them (prefixed user-content-, which its
// page script resolves), so a link's #x reaches them.
var htmlAnchor = lazyre.New(`(?i)<[a-z][a-z0-9-]*(?:\s[^<>]*?)?\s(?:id|name)\s*=\s*(?:"([^"<>]*)"|'([^'<>]*)'|([^\s"'<>]+))`)

// HTMLAnchor says whether text holds an HTML tag whose id or name is the
// link fragment (compared as AnchorSlug compares heading slugs).
func HTMLAnchor(text, fragment string) bool {
	if !strings.Contains(text, "id") && !strings.Contains(text, "name") && !strings.Contains(text, "ID") && !strings.Contains(text, "NAME") {
		return false
	}
	slug := AnchorSlug(fragment)
	for _, m := range htmlAnchor.FindAllStringSubmatch(text, -1) {
		v := m[1] + m[2] + m[3]
		if v != "" && strings.ToLower(v) == slug {
			return true
		}
	}
	return false
}

func findHeading(hs []Heading, target string) (int, bool) {
	return NewHeadingIndex(hs).Find(target)
}

// HeadingIndex answers FindHeading's question for many targets in one
// body: built once, each look-up costs a few map reads. Scanning the
// headings for every target made a quiz of 30,000 gotos over as many
// headings (3 MB) take 11 s to lint, growing with the square of the size.
type HeadingIndex struct {
	hs      []Heading
	byText  map[string]int    // first heading with this exact text
	byLevel map[levelText]int // first with this text at this level
	byFold  map[string]int    // first whose text equals under simple case folding
	bySlug  map[string]int    // first with this anchor
}

type levelText struct {
	level int
	text  string
}

// NewHeadingIndex indexes hs, keeping the first heading of each key so
// that Find agrees with a scan in document order.
func NewHeadingIndex(hs []Heading) *HeadingIndex {
	x := &HeadingIndex{hs: hs, byText: make(map[string]int, len(hs)), byLevel: make(map[levelText]int, len(hs)),
		byFold: make(map[string]int, len(hs)), bySlug: make(map[string]int, len(hs))}
	for i, h := range hs {
		putFirst(x.byText, h.Text, i)
		if _, ok := x.byLevel[levelText{h.Level, h.Text}]; !ok {
			x.byLevel[levelText{h.Level, h.Text}] = i
		}
		putFirst(x.byFold, foldKey(h.Text), i)
		putFirst(x.bySlug, h.Slug, i)
	}
	return x
}

func putFirst(m map[string]int, k string, i int) {
	if _, ok := m[k]; !ok {
		m[k] = i
	}
}

// foldKey maps s to one spelling per strings.EqualFold class: each rune
// becomes the smallest of its simple case-folding orbit (invalid bytes
// read as U+FFFD, as EqualFold reads them).
func foldKey(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		lo := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			lo = min(lo, f)
		}
		b.WriteRune(lo)
	}
	return b.String()
}

// Find is FindHeading's rule: the exact text at the given level (any
// level when the target has no #s), then the text ignoring case and
// level, then, for a "#anchor" target, the anchor.
func (x *HeadingIndex) Find(target string) (int, bool) {
	level, want := parseHeadingTarget(target)
	if want == "" {
		return -1, false
	}
	if level == 0 {
		if i, ok := x.byText[want]; ok {
			return i, true
		}
	} else if i, ok := x.byLevel[levelText{level, want}]; ok {
		return i, true
	}
	if i, ok := x.byFold[foldKey(want)]; ok {
		return i, true
	}
	if anchor, ok := strings.CutPrefix(strings.TrimSpace(target), "#"); ok && level == 0 {
		if i, ok := x.bySlug[strings.ToLower(anchor)]; ok {
			return i, true
		}
	}
	return -1, false
}

// All returns the headings indexed, in document order.
func (x *HeadingIndex) All() []Heading { return x.hs }

// Heading returns the i-th heading indexed.
func (x *HeadingIndex) Heading(i int) Heading { return x.hs[i] }

// parseHeadingTarget splits "## Setup Steps" into level 2 and its text;
// a target without "#… " prefix has level 0 (any).
func parseHeadingTarget(target string) (int, string) {
	t := strings.TrimSpace(target)
	hashes := 0
	for hashes < len(t) && t[hashes] == '#' {
		hashes++
	}
	if hashes >= 1 && hashes <= 6 && hashes < len(t) && (t[hashes] == ' ' || t[hashes] == '\t') {
		s := strings.TrimSpace(t[hashes:])
		// An ATX closing sequence (" ##") is not part of the text; "C#" is.
		if i := strings.LastIndexFunc(s, func(r rune) bool { return r != '#' }); i >= 0 && i < len(s)-1 && (s[i] == ' ' || s[i] == '\t') {
			s = strings.TrimSpace(s[:i])
		}
		return hashes, s
	}
	return 0, strings.TrimPrefix(t, "#")
}

// lineCounter gives the line numbers of offsets asked in increasing
// order by counting on from the last one (counting from the start for
// each heading was quadratic in a text of many headings).
type lineCounter struct {
	body      []byte
	off, line int
}

func (l *lineCounter) at(off int) int {
	if off < l.off {
		l.off, l.line = 0, 1
	}
	l.line += bytes.Count(l.body[l.off:off], []byte{'\n'})
	l.off = off
	return l.line
}

const (
	denseMessage = "the Markdown from here on is too dense with markup or nested too deep to check: its links, headings and fences are not read"
	denseHint    = "Remove the runs of brackets, emphasis marks or nesting (an agent gains nothing from them), or move generated data into a code block or a separate file."
)

// linkDest is a link's destination as CommonMark reads it: goldmark keeps
// the source's backslash escapes (a renderer takes them out), so
// references/my\_notes.md named a file my\_notes.md that is not there.
func linkDest(raw []byte) string {
	return string(util.UnescapePunctuations(raw))
}
