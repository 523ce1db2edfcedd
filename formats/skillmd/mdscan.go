package skillmd

import (
	"bytes"
	"encoding/binary"
	"slices"
	"strings"
	"sync"

	"github.com/yuin/goldmark/ast"
	gmtext "github.com/yuin/goldmark/text"
)

// A fast path for scanMarkdown.
//
// goldmark builds a whole syntax tree; the checks need only headings, link
// destinations and references/ mentions, and parsing was most of a Load
// (about 50 MB/s). scanFast is a CommonMark block scanner (block quotes,
// list items, fenced and indented code, ATX and setext headings, thematic
// breaks, paragraphs with lazy continuation) with an inline scanner for the
// paragraphs that hold a '[' or "references/" (code spans, inline links and
// images). It handles the common subset exactly and gives up (ok false) on
// anything whose meaning it does not model — HTML blocks and inline HTML,
// link reference definitions, tabs in indentation, carriage returns,
// backslash escapes and entities where they matter, emphasis around a
// mention, unusual link text — and scanMarkdown then asks goldmark, so the
// facts are goldmark's either way (TestScanFastMatchesGoldmark and
// FuzzScanFast hold the two to each other).

// mdContainer is an open block quote ('>') or list item ('-'); a list
// item's content continues on lines indented by at least indent columns.
type mdContainer struct {
	kind   byte
	indent int
	// blankStart: the item began with a blank line and has had no content,
	// so a second blank line ends it.
	blankStart, hasContent bool
}

// mdLine is one line of a paragraph: the body range of its content.
type mdLine struct{ start, end int }

type fastScanner struct {
	body  []byte
	facts Outline
	slugs map[string]int
	stack []mdContainer
	// The current line's last counted run of spaces (see spaces).
	runLine, runFrom, runEnd int

	// the open leaf block
	para       []mdLine // an open paragraph's lines (nil when none)
	fence      byte     // '`' or '~' while in a fenced code block
	fenceLen   int
	fenceAt    int  // offset of the open fence's opening line
	fenceDepth int  // containers (quotes, list items) the open fence is in
	inIndented bool // in an indented code block
	html       int  // the CommonMark type (1-7) of an open HTML block
	failed     bool
	tails      *tailScan // the link-tail searches of the paragraph in inline
	// lineOf's count: countedLines line breaks before body[countedTo].
	countedTo, countedLines int

	scratch   *mdScratch
	linksOnly bool // scanFastMode
	// tabs: the text holds a tab somewhere (when not, lines are not
	// searched for one).
	tabs bool
	// names holds the strings of the outline read (keep).
	names strings.Builder
	// The first '[' and "references/" at or after nextFrom (len(body):
	// none): holdsLinkOrMention.
	nextFrom, nextBracket, nextRefs int
}

// mdScratch is what a scan uses and drops, kept from paragraph to
// paragraph and, through scratchPool, from scan to scan: the checks scan
// every Markdown file of every skill, and these buffers were a third of
// what a Load allocated.
type mdScratch struct {
	para    []mdLine
	text    []byte // a multi-line paragraph's lines joined
	starts  []int
	openers []mdOpener
	links   []mdLink
	atoms   [][2]int
	tails   tailScan
	slugs   map[string]int
	heads   []Heading
}

var scratchPool = sync.Pool{New: func() any { return &mdScratch{slugs: map[string]int{}} }}

// scanFast returns the Markdown facts of body, or ok false when body uses
// something the fast path does not model.
func scanFast(body []byte) (f Outline, ok bool) {
	return scanFastMode(body, false)
}

// scanFastMode is scanFast; linksOnly leaves out the headings (their text
// and slugs are most of what a heading costs), for a caller that needs
// the links and the unclosed fence only. It gives up exactly where
// scanFast does.
func scanFastMode(body []byte, linksOnly bool) (f Outline, ok bool) {
	control, tabs := controlsIn(body)
	if control {
		return f, false
	}
	f, ok, _ = scanLines(body, linksOnly, tabs, nil)
	return f, ok
}

// scanBudgeted is scanFastMode(body[:cut], linksOnly) for cut =
// markdownBudget.prefix(body), reading the lines once: the budget is
// counted in the scanner's own line loop rather than in a pass of its
// own. When the budget cuts the text, when it holds a control character
// or when the scan gives up, it does what it stands for step by step.
func scanBudgeted(body []byte, linksOnly bool) (f Outline, ok bool, cut int) {
	control, tabs := controlsIn(body)
	if !control {
		b := budgetCount{countMarks: markdownBudget.marksMatter(body)}
		f, ok, over := scanLines(body, linksOnly, tabs, &b)
		if ok && !over {
			return f, true, len(body)
		}
		if cut = markdownBudget.prefix(body); !over && cut == len(body) {
			return Outline{}, false, cut // it gave up on the very text the budget allows
		}
	} else {
		cut = markdownBudget.prefix(body)
	}
	f, ok = scanFastMode(body[:cut], linksOnly)
	return f, ok, cut
}

// budgetCount is markupBudget.prefix's count, line by line.
type budgetCount struct {
	countMarks   bool
	marks, depth int
}

// add counts line; false when the text up to and with it is over the
// budget.
func (b *budgetCount) add(line []byte) bool {
	b.depth += indentDepth(line)
	if b.countMarks {
		b.marks += markCount(line)
	}
	return b.marks <= markdownBudget.marks && b.depth <= markdownBudget.depth
}

// scanLines scans body line by line; with a budget it stops (over true)
// at the first line that takes the text over it.
func scanLines(body []byte, linksOnly, tabs bool, budget *budgetCount) (f Outline, ok, over bool) {
	sc := scratchPool.Get().(*mdScratch)
	defer scratchPool.Put(sc)
	clear(sc.slugs)
	s := &fastScanner{body: body, scratch: sc, slugs: sc.slugs, linksOnly: linksOnly, tabs: tabs, nextBracket: -1, nextRefs: -1}
	s.facts.Headings = sc.heads[:0]
	for off := 0; off < len(body) && !s.failed; {
		end := bytes.IndexByte(body[off:], '\n')
		next := len(body)
		if end < 0 {
			end = len(body)
		} else {
			end += off
			next = end + 1
		}
		if budget != nil && !budget.add(body[off:end]) {
			return Outline{}, false, true
		}
		s.line(off, end)
		off = next
	}
	if s.fence != 0 && s.fenceDepth > 0 {
		// A fence left open in a quote or list item: whether it hid text
		// turns on details of container markers at the end of the text
		// (a bare ">"), which goldmark's reading decides.
		s.failed = true
	}
	if s.fence != 0 {
		// By CommonMark a fence nobody closes runs to the end of the text
		// (one closed by the end of its list item or quote is not here);
		// it matters when text follows its opening line.
		rest := len(body)
		if nl := bytes.IndexByte(body[s.fenceAt:], '\n'); nl >= 0 {
			rest = s.fenceAt + nl + 1
		}
		if len(bytes.TrimSpace(body[rest:])) > 0 {
			s.facts.Unclosed, s.facts.UnclosedAt = true, s.fenceAt
		}
	}
	s.closeLeaf()
	if s.failed {
		return Outline{}, false, false
	}
	// The headings were read into the scratch array; the outline gets its
	// own, of the right size (nil for none).
	heads := s.facts.Headings
	s.facts.Headings = nil
	if len(heads) > 0 {
		s.facts.Headings = slices.Clone(heads)
	}
	sc.heads = heads[:0]
	return s.facts, true, false
}

// hasControl: body holds an ASCII control character other than \n and \t
// (a \r, \v or \f is white space to goldmark in ways not modelled here).
func hasControl(body []byte) bool {
	control, _ := controlsIn(body)
	return control
}

// controlsIn is hasControl, and whether body holds a tab (most texts hold
// none, and the scanner then looks for none line by line). Eight bytes at
// a time with exact per-byte marks, four words between checks and no
// branch per word: a branch on whether a word holds a byte below 0x20
// went each way often in Markdown (every line break), and the corpus
// reads about a third faster without it. Tabs are looked for afterwards,
// by bytes.IndexByte: marking them word by word cost more.
func controlsIn(body []byte) (control, tabs bool) {
	const high = 0x8080808080808080
	whole := body
	for ; len(body) >= 32; body = body[32:] {
		m := controlMarks(binary.LittleEndian.Uint64(body)) |
			controlMarks(binary.LittleEndian.Uint64(body[8:])) |
			controlMarks(binary.LittleEndian.Uint64(body[16:])) |
			controlMarks(binary.LittleEndian.Uint64(body[24:]))
		if m&high != 0 {
			return true, true
		}
	}
	for ; len(body) >= 8; body = body[8:] {
		if controlMarks(binary.LittleEndian.Uint64(body))&high != 0 {
			return true, true
		}
	}
	if isControlByteIn(body) {
		return true, true
	}
	return false, bytes.IndexByte(whole, '\t') >= 0
}

// controlMarks sets the high bit of each byte of w that is a control
// character other than \n and \t, and of no other byte; its other bits
// are noise (callers mask them off). The per-byte sums below stay within
// a byte (no carry crosses one), so the marks are exact, in about half
// the operations of comparing each byte value in turn
// (TestControlMarksEveryByte and FuzzControlsIn hold it to the plain loop).
func controlMarks(w uint64) uint64 {
	const low7, ones = 0x7f7f7f7f7f7f7f7f, 0x0101010101010101
	x := w & low7           // the byte without its high bit: 0x00-0x7f
	y := x + ones           // high bit: x is 0x7f (DEL)
	ctl := ^(y + 0x5f*ones) // high bit: y <= 0x20, so x is below 0x20
	t := x ^ 0x08*ones      // \t becomes 1, \n 2
	ge1 := t + 0x7f*ones    // high bit: t >= 1
	ge3 := t + 0x7d*ones    // high bit: t >= 3
	allowed := ge1&^ge3 | w // \t, \n, and bytes of 0x80 and above
	return (ctl | y) &^ allowed
}

func isControlByteIn(b []byte) bool {
	for _, c := range b {
		if c < 0x20 && c != '\n' && c != '\t' || c == 0x7f {
			return true
		}
	}
	return false
}

func isBlankBytes(b []byte) bool {
	for _, c := range b {
		if c != ' ' {
			return false
		}
	}
	return true
}

// spaces counts the spaces at body[pos:end]; a tab there makes the line
// one the fast path does not model.
//
// The run of spaces it ends at is kept: matching a line against nested
// list items asks again from further along the same run, once per item,
// and counting afresh each time made deep nesting quadratic (an 8 MB
// file of deepening list items took seconds).
func (s *fastScanner) spaces(pos, end int) int {
	if end == s.runLine && pos >= s.runFrom && pos <= s.runEnd {
		return s.runEnd - pos
	}
	n := 0
	for pos+n < end && s.body[pos+n] == ' ' {
		n++
	}
	if pos+n < end && s.body[pos+n] == '\t' {
		s.failed = true
	}
	s.runLine, s.runFrom, s.runEnd = end, pos, pos+n
	return n
}

func (s *fastScanner) line(start, end int) {
	body := s.body
	pos := start
	// The line's leading spaces, counted once: they say whether it is
	// blank and seed spaces' run, which the containers ask for next. A tab
	// after them is left for spaces to find and fail on.
	lead := start
	for lead < end && body[lead] == ' ' {
		lead++
	}
	blank := lead == end
	s.runLine = -1
	if blank || body[lead] != '\t' {
		s.runLine, s.runFrom, s.runEnd = end, start, lead
	}
	matched := 0
	// 1. Continue the open containers.
	for matched < len(s.stack) {
		c := &s.stack[matched]
		if c.kind == '>' {
			sp := s.spaces(pos, end)
			if sp > 3 || pos+sp >= end || body[pos+sp] != '>' {
				break
			}
			pos += sp + 1
			if pos < end && body[pos] == ' ' {
				pos++
			} else if pos < end && body[pos] == '\t' {
				s.failed = true
				return
			}
		} else {
			if blank {
				if c.blankStart && !c.hasContent {
					break
				}
				pos = end
			} else {
				sp := s.spaces(pos, end)
				if sp < c.indent {
					break
				}
				pos += c.indent
			}
		}
		matched++
	}
	if s.failed {
		return
	}
	allMatched := matched == len(s.stack)
	// 2. Inside code, lines are content until the code ends.
	if s.fence != 0 {
		if len(s.stack) == 0 {
			// Outside containers a tab within the first four columns
			// indents the line to column four: code, never the closing
			// fence (a Makefile's recipe lines, say), so the tab is no
			// reason to give up here.
			sp := 0
			for pos+sp < end && body[pos+sp] == ' ' {
				sp++
			}
			if sp <= 3 && s.isFenceClose(pos+sp, end) {
				s.fence = 0
			}
			return
		}
		if allMatched {
			sp := s.spaces(pos, end)
			if sp <= 3 && s.isFenceClose(pos+sp, end) {
				s.fence = 0
			}
			return
		}
		if len(bytes.Trim(body[start:], " \t\n>")) == 0 {
			// The end of its container closes the fence with nothing but
			// blanks and quote markers after: left to goldmark, as above.
			s.failed = true
			return
		}
		s.fence = 0
	}
	if s.html != 0 {
		if allMatched {
			if s.html >= 6 {
				if isBlankBytes(body[pos:end]) {
					s.html = 0
					return
				}
				return
			}
			if s.htmlEnds(pos, end) {
				s.html = 0
			}
			return
		}
		s.html = 0
	}
	if s.inIndented && allMatched {
		rest := body[pos:end]
		if isBlankBytes(rest) || s.spaces(pos, end) >= 4 {
			return
		}
	}
	s.inIndented = false
	if s.tabs && bytes.IndexByte(body[start:end], '\t') >= 0 {
		s.failed = true // tabs outside code: column rules not modelled
		return
	}
	rest := body[pos:end]
	restBlank := isBlankBytes(rest)
	// 3. A paragraph continues lazily when the line starts nothing new.
	if !allMatched {
		if s.para != nil && !restBlank && !s.startsBlock(pos, end) {
			s.addParaLine(pos, end)
			return
		}
		s.closeLeaf()
		s.stack = s.stack[:matched]
	}
	if s.failed {
		return
	}
	// 4. Open new containers.
	opened := false
	for {
		sp := s.spaces(pos, end)
		if s.failed {
			return
		}
		if sp > 3 || pos+sp >= end {
			break
		}
		p := pos + sp
		if body[p] == '>' {
			s.closeLeaf()
			s.stack = append(s.stack, mdContainer{kind: '>'})
			pos = p + 1
			if pos < end && body[pos] == ' ' {
				pos++
			} else if pos < end && body[pos] == '\t' {
				s.failed = true
				return
			}
			opened = true
			continue
		}
		if s.isThematicBreak(p, end) {
			break
		}
		w, contentBlank, ordered, one, isItem := s.listMarker(p, end)
		if !isItem {
			break
		}
		if s.para != nil && !opened && (contentBlank || (ordered && !one)) {
			break // this item cannot interrupt a paragraph
		}
		s.closeLeaf()
		s.markContent()
		s.stack = append(s.stack, mdContainer{kind: '-', indent: sp + w, blankStart: contentBlank})
		opened = true
		if contentBlank {
			pos = end
		} else {
			pos = p + w
		}
		continue
	}
	if s.failed {
		return
	}
	rest = body[pos:end]
	// 5. The leaf block.
	if isBlankBytes(rest) {
		s.closeLeaf()
		return
	}
	s.markContent()
	sp := s.spaces(pos, end)
	if s.failed {
		return
	}
	p := pos + sp
	if sp >= 4 {
		if s.para != nil {
			s.addParaLine(p, end)
			return
		}
		s.inIndented = true
		return
	}
	switch c := body[p]; {
	case c == '#':
		if s.atxHeading(p, end) {
			return
		}
	case c == '`' || c == '~':
		if s.fenceOpen(p, end) {
			return
		}
	case c == '<':
		kind := s.htmlStart(p, end)
		if s.failed {
			return
		}
		if kind != 0 && !(kind == 7 && s.para != nil) {
			s.closeLeaf()
			s.html = kind
			if kind < 6 && s.htmlEnds(p, end) {
				s.html = 0
			}
			return
		}
	case c == '[' && s.para == nil && bytes.Contains(body[p:end], []byte("]:")) && maybeLinkDefinition(body[p:end]):
		s.failed = true // maybe a link reference definition
		return
	}
	if s.para != nil && !opened && (body[p] == '=' || body[p] == '-') && s.isSetextUnderline(p, end) {
		level := 1
		if body[p] == '-' {
			level = 2
		}
		s.setextHeading(level)
		return
	}
	if s.isThematicBreak(p, end) {
		s.closeLeaf()
		return
	}
	if s.para == nil {
		s.para = s.scratch.para[:0]
	}
	s.addParaLine(p, end)
}

// maybeLinkDefinition: line, which starts with '[', may start a link
// reference definition (goldmark's parseLinkReferenceDefinition). Its
// label ends at the first ']' (FindClosure without nesting), and the
// ':' after it, a destination and nothing else or a title must follow on
// the line. A line that certainly breaks that shape is none ("[state_1]
// → [state_2]: …", "[x]: Can reach …"); anything less plain (a '[', a
// tab or an escape, a destination in <> or with parentheses, a
// destination or title that may be on the next line) may be one.
func maybeLinkDefinition(line []byte) bool {
	j := bytes.IndexByte(line, ']')
	if j < 0 || bytes.ContainsAny(line[1:j], "[\\") {
		return true
	}
	if j+1 >= len(line) || line[j+1] != ':' {
		return false
	}
	rest := line[j+2:]
	if bytes.ContainsAny(rest, "\t\\()<") {
		return true
	}
	rest = bytes.TrimLeft(rest, " ")
	dest := bytes.IndexByte(rest, ' ')
	if dest < 0 {
		return true // a destination alone, or on the next line
	}
	rest = bytes.TrimLeft(rest[dest:], " ")
	return len(rest) == 0 || rest[0] == '"' || rest[0] == '\''
}

// markContent notes that the innermost list item has content (a second
// blank line no longer ends it).
func (s *fastScanner) markContent() {
	if n := len(s.stack); n > 0 {
		s.stack[n-1].hasContent = true
	}
}

func (s *fastScanner) addParaLine(start, end int) {
	for start < end && s.body[start] == ' ' {
		start++
	}
	if start < end && s.body[start] == '\t' {
		s.failed = true
	}
	s.para = append(s.para, mdLine{start, end})
}

// startsBlock says whether the text at pos starts a block that interrupts
// a paragraph (for lazy continuation lines).
func (s *fastScanner) startsBlock(pos, end int) bool {
	sp := s.spaces(pos, end)
	if sp > 3 {
		return false
	}
	p := pos + sp
	if p >= end {
		return true
	}
	switch s.body[p] {
	case '>', '#', '`', '~', '<':
		if s.body[p] == '#' {
			return s.isATX(p, end)
		}
		if s.body[p] == '`' || s.body[p] == '~' {
			_, _, ok := s.fenceInfo(p, end)
			return ok
		}
		if s.body[p] == '<' {
			// goldmark does not let type 7 start on a lazy line either.
			kind := s.htmlStart(p, end)
			return kind != 0 && kind != 7
		}
		return true
	}
	if s.isThematicBreak(p, end) {
		return true
	}
	// The paragraph is not in the innermost matched container, so any list
	// item starts a block here (an empty one or one not starting at 1
	// included, unlike at a paragraph's own level).
	_, _, _, _, ok := s.listMarker(p, end)
	return ok
}

// listMarker reads a list marker at p: its width including the spaces
// after it (the item's content indent), whether the item is empty, and
// whether it is ordered and starts at 1.
func (s *fastScanner) listMarker(p, end int) (width int, contentBlank, ordered, one, ok bool) {
	body := s.body
	q := p
	switch c := body[q]; {
	case c == '-' || c == '+' || c == '*':
		q++
	case c >= '0' && c <= '9':
		for q < end && q-p < 10 && body[q] >= '0' && body[q] <= '9' {
			q++
		}
		if q-p > 9 || q >= end || (body[q] != '.' && body[q] != ')') {
			return 0, false, false, false, false
		}
		ordered = true
		one = q-p == 1 && body[p] == '1' || bytes.Equal(bytes.TrimLeft(body[p:q], "0"), []byte("1"))
		q++
	default:
		return 0, false, false, false, false
	}
	if q < end && body[q] == '\t' {
		s.failed = true
		return 0, false, false, false, false
	}
	if q < end && body[q] != ' ' {
		return 0, false, false, false, false
	}
	marker := q - p
	if isBlankBytes(body[q:end]) {
		return marker + 1, true, ordered, one, true
	}
	sp := s.spaces(q, end)
	if sp >= 5 { // the content is indented code: it starts after one space
		return marker + 1, false, ordered, one, true
	}
	return marker + sp, false, ordered, one, true
}

func (s *fastScanner) isThematicBreak(p, end int) bool {
	c := s.body[p]
	if c != '*' && c != '-' && c != '_' {
		return false
	}
	n := 0
	for i := p; i < end; i++ {
		switch s.body[i] {
		case c:
			n++
		case ' ':
		case '\t':
			s.failed = true
			return false
		default:
			return false
		}
	}
	return n >= 3
}

func (s *fastScanner) isSetextUnderline(p, end int) bool {
	c := s.body[p]
	i := p
	for i < end && s.body[i] == c {
		i++
	}
	return isBlankBytes(s.body[i:end])
}

// fenceInfo reads an opening code fence at p.
func (s *fastScanner) fenceInfo(p, end int) (c byte, n int, ok bool) {
	c = s.body[p]
	for p+n < end && s.body[p+n] == c {
		n++
	}
	if n < 3 {
		return 0, 0, false
	}
	if c == '`' && bytes.IndexByte(s.body[p+n:end], '`') >= 0 {
		return 0, 0, false
	}
	return c, n, true
}

func (s *fastScanner) fenceOpen(p, end int) bool {
	c, n, ok := s.fenceInfo(p, end)
	if !ok {
		return false
	}
	s.closeLeaf()
	s.fence, s.fenceLen, s.fenceAt, s.fenceDepth = c, n, lineStart(s.body, p), len(s.stack)
	return true
}

func (s *fastScanner) isFenceClose(p, end int) bool {
	n := 0
	for p+n < end && s.body[p+n] == s.fence {
		n++
	}
	return n >= s.fenceLen && isBlankBytes(s.body[p+n:end])
}

func (s *fastScanner) isATX(p, end int) bool {
	n := 0
	for p+n < end && s.body[p+n] == '#' {
		n++
	}
	return n >= 1 && n <= 6 && (p+n == end || s.body[p+n] == ' ' || s.body[p+n] == '\t')
}

// atxHeading reads an ATX heading at p; false when the line is not one.
func (s *fastScanner) atxHeading(p, end int) bool {
	if !s.isATX(p, end) {
		return false
	}
	level := 0
	for p+level < end && s.body[p+level] == '#' {
		level++
	}
	start := p + level
	for start < end && s.body[start] == ' ' {
		start++
	}
	stop := end
	for stop > start && s.body[stop-1] == ' ' {
		stop--
	}
	// A closing sequence of #s after a space is not part of the text.
	i := stop
	for i > start && s.body[i-1] == '#' {
		i--
	}
	if i < stop && (i == start || s.body[i-1] == ' ') {
		stop = i
		for stop > start && s.body[stop-1] == ' ' {
			stop--
		}
	}
	if stop <= start || s.tabs && bytes.IndexByte(s.body[start:stop], '\t') >= 0 {
		s.failed = true // empty headings and tabs: goldmark's handling is its own
		return true
	}
	s.closeLeaf()
	s.addHeading(level, start, []mdLine{{start, stop}})
	return true
}

func (s *fastScanner) setextHeading(level int) {
	lines := s.para
	s.para, s.scratch.para = nil, lines[:0]
	l := &lines[len(lines)-1]
	for l.end > l.start && s.body[l.end-1] == ' ' {
		l.end--
	}
	s.addHeading(level, lines[0].start, lines)
}

func (s *fastScanner) addHeading(level, first int, lines []mdLine) {
	var text string
	if len(lines) == 1 {
		if s.linksOnly {
			return
		}
		text = s.headingText(s.body[lines[0].start:lines[0].end])
	} else {
		var ok bool
		if text, ok = multiLineHeadingText(s.body, lines); !ok {
			s.failed = true
			return
		}
		if s.linksOnly {
			return
		}
	}
	off := lineStart(s.body, first)
	h := Heading{Text: text, Level: level, Offset: off, TextOffset: lines[0].start, Line: s.lineOf(off)}
	h.Slug = uniqueSlug(s.slugs, s.slug(h.Text))
	s.facts.Headings = append(s.facts.Headings, h)
}

// headingText is the package's headingText, with a plain heading's text
// kept in s.names.
func (s *fastScanner) headingText(text []byte) string {
	for _, c := range text {
		if headingMarkup[c] {
			return headingText(text)
		}
	}
	return s.keep(bytes.TrimSpace(text))
}

// headingMarkup are the bytes headingText leaves to a closer reading.
var headingMarkup = [256]bool{'`': true, '*': true, '_': true, '[': true, ']': true, '!': true, '<': true, '&': true, '\\': true}

// slug is Slug(text), kept in s.names.
func (s *fastScanner) slug(text string) string {
	var buf [96]byte
	return s.keep(appendSlug(buf[:0], text))
}

// keep returns b as a string held in s.names: the texts and anchors of a
// text's headings and the destinations and texts of its links share a
// few allocations instead of taking one each (what a Builder has written
// never changes, so earlier strings stay valid as it grows).
func (s *fastScanner) keep(b []byte) string {
	if s.names.Cap() == 0 {
		// An outline's strings take about a thirtieth of a Markdown
		// text: mostly one allocation.
		s.names.Grow(min(max(len(s.body)>>5, 64), 4096))
	}
	at := s.names.Len()
	s.names.Write(b)
	return s.names.String()[at:]
}

// lineOf is the 1-based line of body offset off, counted on from the last
// call (headings come in order, so the count over the body is linear).
func (s *fastScanner) lineOf(off int) int {
	if off < s.countedTo {
		s.countedTo, s.countedLines = 0, 0
	}
	s.countedLines += bytes.Count(s.body[s.countedTo:off], []byte{'\n'})
	s.countedTo = off
	return s.countedLines + 1
}

// multiLineHeadingText is the text of a setext heading of several lines
// (a paragraph right above "---" or "==="), as goldmark reads it: the
// lines joined by a space when they hold no markup and no trailing white
// space (a hard line break), else goldmark's reading of those lines
// alone, which holds since the fast path never accepts link reference
// definitions. ok is false when goldmark does not read them as one
// heading.
func multiLineHeadingText(body []byte, lines []mdLine) (string, bool) {
	plain := true
	for i, l := range lines {
		t := body[l.start:l.end]
		if bytes.ContainsAny(t, "`*_[]!<&\\") || (i < len(lines)-1 && len(t) > 0 && t[len(t)-1] == ' ') {
			plain = false
			break
		}
	}
	if plain {
		var b strings.Builder
		for i, l := range lines {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.Write(body[l.start:l.end])
		}
		return strings.TrimSpace(b.String()), true
	}
	var src []byte
	for _, l := range lines {
		src = append(append(src, body[l.start:l.end]...), '\n')
	}
	src = append(src, "==="...)
	doc := markdownParser().Parse(gmtext.NewReader(src))
	if h, ok := doc.FirstChild().(*ast.Heading); ok && doc.FirstChild().NextSibling() == nil {
		return inlineText(h, src), true
	}
	return "", false
}

// closeLeaf ends the open paragraph (scanning its inline content) or code
// block.
func (s *fastScanner) closeLeaf() {
	s.inIndented = false
	s.html = 0
	s.fence = 0
	if s.para == nil {
		return
	}
	lines := s.para
	s.para, s.scratch.para = nil, lines[:0]
	if s.failed {
		return
	}
	if s.holdsLinkOrMention(lines[0].start, lines[len(lines)-1].end) {
		s.inline(lines)
	}
}

// holdsLinkOrMention: body[from:to], a paragraph's span, holds a '[' or
// "references/". Between a paragraph's lines there are only line breaks,
// spaces and container markers, so the span holds one exactly when a line
// does. Paragraphs close in order, so the next '[' and the next
// "references/" are each found once and kept: one search per occurrence
// instead of two per line.
func (s *fastScanner) holdsLinkOrMention(from, to int) bool {
	if from < s.nextFrom || s.nextBracket < from {
		s.nextBracket = nextAt(s.body, from, bytes.IndexByte(s.body[from:], '['))
	}
	if from < s.nextFrom || s.nextRefs < from {
		s.nextRefs = nextAt(s.body, from, referencesDir.index(s.body[from:]))
	}
	s.nextFrom = from
	return s.nextBracket < to || s.nextRefs < to
}

// nextAt is from+i for a search's result i, len(body) for none.
func nextAt(body []byte, from, i int) int {
	if i < 0 {
		return len(body)
	}
	return from + i
}

// mdOpener is a "[" or "![" not yet closed.
type mdOpener struct {
	pos   int
	image bool
}

// mdLink is an inline link or image found in a paragraph: its span in the
// paragraph's text (from its [ or ![ to its closing parenthesis).
type mdLink struct {
	start, end int
	dest, text string
	image      bool
	offset     int // body offset, as inlineOffset computes it
}

// inline scans a paragraph's inline content for links, images and
// references/ mentions. The lines are joined with '\n' into one text
// whose offsets map back to the body line by line.
func (s *fastScanner) inline(lines []mdLine) {
	sc := s.scratch
	var v []byte
	starts := sc.starts[:0]
	if len(lines) == 1 {
		v = s.body[lines[0].start:lines[0].end] // read in place
		starts = append(starts, 0)
	} else {
		v = sc.text[:0]
		for i, l := range lines {
			if i > 0 {
				v = append(v, '\n')
			}
			starts = append(starts, len(v))
			v = append(v, s.body[l.start:l.end]...)
		}
		sc.text = v
	}
	sc.starts = starts
	toBody := func(vo int) int {
		// The last line starting at or before vo (a binary search: a walk
		// back from the end made a paragraph of 200,000 links take 14 s).
		i, _ := slices.BinarySearch(starts, vo+1)
		i = max(i-1, 0)
		return lines[i].start + vo - starts[i]
	}
	sc.tails.reset(v)
	s.tails = &sc.tails
	openers := sc.openers[:0]
	links := sc.links[:0]
	lastLinkStart := -1   // the largest start of a link (not an image) read so far
	atoms := sc.atoms[:0] // code spans and links: text that is not the paragraph's own
	defer func() { sc.openers, sc.links, sc.atoms = openers[:0], links[:0], atoms[:0] }()
	escaped := false // v holds a backslash escape outside code spans and links
	for i := 0; i < len(v); {
		for i < len(v) && !inlineSpecial[v[i]] {
			i++ // text the switch below passes over
		}
		if i == len(v) {
			break
		}
		switch c := v[i]; c {
		case '`':
			n := 1
			for i+n < len(v) && v[i+n] == '`' {
				n++
			}
			if j := closingBackticks(v, i+n, n); j >= 0 {
				atoms = append(atoms, [2]int{i, j + n})
				i = j + n
			} else {
				i += n
			}
			continue
		case '\\':
			// An escape keeps the punctuation after it from opening or
			// closing anything, and goldmark keeps both bytes in the text.
			// In a link's text (an opener is pending) it would change the
			// text, and in a paragraph with a mention the emphasis around
			// it (mentions): those are left to goldmark.
			if len(openers) > 0 {
				s.failed = true
				return
			}
			escaped = true
			if i+1 < len(v) && asciiPunct[v[i+1]] {
				i += 2
			} else {
				i++
			}
			continue
		case '&':
			if maybeEntity(v, i) {
				s.failed = true // goldmark decodes it
				return
			}
		case '<':
			if i+1 < len(v) && (isAlnum(v[i+1]) || v[i+1] == '/' || v[i+1] == '!' || v[i+1] == '?') {
				if bytes.IndexByte(v[i+1:], '>') < 0 {
					break // no '>' after it: neither HTML nor an autolink
				}
				n, literal := inlineAtom(v, i)
				if n > 0 {
					atoms = append(atoms, [2]int{i, i + n}) // a tag or an autolink: no text of the paragraph's own
					i += n
					continue
				}
				if !literal {
					s.failed = true // other inline HTML (attributes, comments) or an e-mail autolink
					return
				}
			}
		case '[':
			openers = append(openers, mdOpener{pos: i})
		case '!':
			if i+1 < len(v) && v[i+1] == '[' {
				openers = append(openers, mdOpener{pos: i, image: true})
				i += 2
				continue
			}
		case ']':
			if len(openers) == 0 {
				break
			}
			o := openers[len(openers)-1]
			openers = openers[:len(openers)-1]
			if i+1 >= len(v) || v[i+1] != '(' {
				break
			}
			if i-o.pos > 998 {
				s.failed = true
				return
			}
			dest, end, ok := s.linkTail(v, i+2)
			if s.failed {
				return
			}
			if !ok {
				break
			}
			if !o.image && lastLinkStart > o.pos {
				break // a link in a link's text: the outer one is text
			}
			textStart := o.pos + 1
			back := 1
			if o.image {
				textStart, back = o.pos+2, 2
			}
			l := mdLink{start: o.pos, end: end, dest: dest, image: o.image, text: s.linkText(v[textStart:i], o.image)}
			if s.failed {
				return
			}
			switch {
			case textStart == i: // no text: goldmark points at the paragraph
				l.offset = lines[0].start
			case v[textStart] == '`':
				// goldmark points at the code span's text; read here when the
				// span is plain (no space to strip, on the link's first line).
				n := 1
				for textStart+n < i && v[textStart+n] == '`' {
					n++
				}
				j := closingBackticks(v[:i], textStart+n, n)
				if j <= textStart+n || v[textStart+n] == ' ' || v[textStart+n] == '\n' || bytes.IndexByte(v[textStart:j], '\n') >= 0 {
					s.failed = true
					return
				}
				l.offset = toBody(textStart+n) - back
			case bytes.IndexByte([]byte("*_[!<&\\\n"), v[textStart]) >= 0:
				s.failed = true // the link's first text is nested markup
				return
			default:
				l.offset = toBody(textStart) - back
			}
			links = append(links, l)
			if !l.image {
				lastLinkStart = max(lastLinkStart, l.start)
			}
			atoms = append(atoms, [2]int{o.pos, end})
			i = end
			continue
		}
		i++
	}
	// goldmark lists a paragraph's mentions, then its links in document
	// order (an image holding a link comes before it).
	if referencesDir.index(v) >= 0 {
		s.mentions(v, atoms, toBody, escaped)
		if s.failed {
			return
		}
	}
	sortLinksByStart(links)
	for _, l := range links {
		s.facts.Links = append(s.facts.Links, Link{Dest: l.dest, Text: l.text, Offset: l.offset, Image: l.image})
	}
}

// asciiPunct are the bytes a backslash escapes (goldmark's util.IsPunct).
var asciiPunct = func() (t [256]bool) {
	for _, c := range []byte("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~") {
		t[c] = true
	}
	return t
}()

// inlineSpecial are the bytes inline's switch acts on.
var inlineSpecial = [256]bool{'`': true, '\\': true, '&': true, '<': true, '[': true, '!': true, ']': true}

// maybeEntity: the '&' at v[i] may start an entity or numeric character
// reference (which goldmark decodes): it is followed by a run of letters
// and digits (or #, x and hex digits) closed by ';'. Without the ';' it is
// a literal "&", as in R&D or Q&A.
func maybeEntity(v []byte, i int) bool {
	j := i + 1
	if j < len(v) && v[j] == '#' {
		j++
		if j < len(v) && v[j]|0x20 == 'x' {
			j++
		}
	}
	k := j
	for k < len(v) && isAlnum(v[k]) {
		k++
	}
	return k > j && k < len(v) && v[k] == ';'
}

// inlineAtom reads the '<' at v[i] for the shapes the fast path knows:
// n > 0 for an inline tag <name>, <name/> or </name> (name: a letter,
// then letters, digits and '-') or a URI autolink <scheme:...>, which
// hold no text of the paragraph's own; literal for a '<' that can start
// neither HTML nor an autolink ("map<string, int>", "<300 ms"); neither
// for anything else (a tag with attributes, a comment, an e-mail
// autolink), which the fast path leaves to goldmark.
func inlineAtom(v []byte, i int) (n int, literal bool) {
	j := i + 1
	closing := j < len(v) && v[j] == '/'
	if closing {
		j++
	}
	if j < len(v) && v[j] >= '0' && v[j] <= '9' && !closing {
		// Only an e-mail autolink starts with a digit.
		k := j
		for k < len(v) && isEmailLocal(v[k]) {
			k++
		}
		return 0, k >= len(v) || v[k] != '@'
	}
	if j >= len(v) || !(v[j]|0x20 >= 'a' && v[j]|0x20 <= 'z') {
		return 0, false
	}
	k := j + 1
	for k < len(v) && (isAlnum(v[k]) || v[k] == '-') {
		k++
	}
	switch {
	case k < len(v) && v[k] == '>':
		return k + 1 - i, false
	case !closing && k+1 < len(v) && v[k] == '/' && v[k+1] == '>':
		return k + 2 - i, false
	case closing:
		return 0, false
	}
	// A URI autolink: a scheme of 2-32 letters, digits, '+', '.', '-'.
	for k < len(v) && (isAlnum(v[k]) || v[k] == '-' || v[k] == '+' || v[k] == '.') {
		k++
	}
	if k < len(v) && v[k] == ':' {
		if k-j < 2 || k-j > 32 {
			return 0, false
		}
		for k++; k < len(v); k++ {
			switch c := v[k]; {
			case c == '>':
				return k + 1 - i, false
			case c <= ' ' || c == '<' || c == 0x7f:
				return 0, false
			}
		}
		return 0, false
	}
	if k >= len(v) || v[k] == ' ' || v[k] == '\n' || v[k] == '\t' || v[k] == '@' || isEmailLocal(v[k]) {
		return 0, false // attributes, or an e-mail address
	}
	return 0, true
}

// isEmailLocal: c may appear in the local part of an e-mail autolink.
func isEmailLocal(c byte) bool {
	return isAlnum(c) || bytes.IndexByte([]byte(".!#$%&'*+/=?^_`{|}~-"), c) >= 0
}

// closingBackticks finds the next run of exactly n backticks from i.
func closingBackticks(v []byte, i, n int) int {
	for i < len(v) {
		j := bytes.IndexByte(v[i:], '`')
		if j < 0 {
			return -1
		}
		j += i
		k := j
		for k < len(v) && v[k] == '`' {
			k++
		}
		if k-j == n {
			return j
		}
		i = k
	}
	return -1
}

func sortLinksByStart(links []mdLink) {
	for i := 1; i < len(links); i++ {
		for j := i; j > 0 && links[j].start < links[j-1].start; j-- {
			links[j], links[j-1] = links[j-1], links[j]
		}
	}
}

// linkTail reads "dest title?)" after a link's "(" at i, as goldmark does:
// the destination and title on one line. It returns the destination and
// the offset after ")".
func (s *fastScanner) linkTail(v []byte, i int) (dest string, end int, ok bool) {
	skip := func() {
		for i < len(v) && v[i] == ' ' {
			i++
		}
		if i < len(v) && (v[i] == '\n' || v[i] == '\t') {
			s.failed = true // goldmark skips white space across lines
		}
	}
	skip()
	if s.failed {
		return "", 0, false
	}
	if i < len(v) && v[i] == ')' {
		return "", i + 1, true
	}
	var d []byte
	if i < len(v) && v[i] == '<' {
		j := s.tails.find(&s.tails.angle, i+1, ">\n\\")
		if j < len(v) && v[j] == '\\' {
			s.failed = true
			return "", 0, false
		}
		if j >= len(v) || v[j] != '>' {
			return "", 0, false
		}
		d, i = v[i+1:j], j+1
	} else {
		j := s.tails.destEnd(i)
		if j < len(v) && v[j] == '\\' {
			s.failed = true // an escape: goldmark's reading is its own
			return "", 0, false
		}
		if j == i {
			return "", 0, false
		}
		d, i = v[i:j], j
	}
	afterDest := i
	skip()
	if s.failed {
		return "", 0, false
	}
	if i < len(v) && v[i] == ')' {
		return s.keep(d), i + 1, true
	}
	if i >= len(v) || (v[i] != '"' && v[i] != '\'' && v[i] != '(') {
		return "", 0, false
	}
	if i == afterDest {
		// A title must be set apart from the destination by white
		// space (<x>"t" or <x>(t)): goldmark's reading is its own.
		s.failed = true
		return "", 0, false
	}
	closer := v[i]
	if closer == '(' {
		closer = ')'
	}
	j := s.tails.find(s.tails.titleSpan(closer), i+1, string([]byte{closer, '\n', '\\'}))
	if j < len(v) && (v[j] == '\n' || v[j] == '\\') {
		s.failed = true // a title across lines
		return "", 0, false
	}
	if j >= len(v) {
		return "", 0, false
	}
	if closer == ')' && bytes.IndexByte(v[i+1:j], '(') >= 0 {
		s.failed = true // a ( inside a (title) must be escaped
		return "", 0, false
	}
	i = j + 1
	skip()
	if s.failed {
		return "", 0, false
	}
	if i < len(v) && v[i] == ')' {
		return s.keep(d), i + 1, true
	}
	return "", 0, false
}

// mentions finds references/ paths in the paragraph's own text: v minus
// the atoms, split at line ends. Emphasis would hide a mention from
// goldmark's walk (only a paragraph's direct text is read), so a mention
// that emphasis could enclose or touch sends the body to goldmark, as
// does a references/ in the text of a paragraph holding a backslash
// escape (escaped), which the emphasis reading here does not model.
func (s *fastScanner) mentions(v []byte, atoms [][2]int, toBody func(int) int, escaped bool) {
	from := 0
	var spans *[2]emphasisSpan // the paragraph's, read at its first mention
	emit := func(a, b int) {
		for a < b {
			nl := bytes.IndexByte(v[a:b], '\n')
			e := b
			if nl >= 0 {
				e = a + nl
			}
			run := v[a:e]
			// A delimiter right before a references/ path may close
			// emphasis, which would start the path's text node.
			for i := 0; ; {
				j := referencesDir.index(run[i:])
				if j < 0 {
					break
				}
				if escaped {
					s.failed = true
					return
				}
				at := i + j
				if at >= 2 && string(run[at-2:at]) == "./" {
					at -= 2
				}
				if at > 0 && (run[at-1] == '*' || run[at-1] == '_') {
					s.failed = true
					return
				}
				i += j + 1
			}
			for _, m := range referenceMentions(run) {
				if spans == nil {
					spans = emphasisSpans(v)
				}
				if emphasisNear(v, spans, a+m[0], a+m[1]) {
					s.failed = true
					return
				}
				s.facts.Links = append(s.facts.Links, Link{Dest: s.keep(run[m[0]:m[1]]), Offset: toBody(a + m[0]), Mention: true})
			}
			a = e + 1
		}
	}
	// Atoms nest (a code span in a link's text is found first): take them
	// by start and skip to the end of the widest.
	for i := 1; i < len(atoms); i++ {
		for j := i; j > 0 && atoms[j][0] < atoms[j-1][0]; j-- {
			atoms[j], atoms[j-1] = atoms[j-1], atoms[j]
		}
	}
	for _, at := range atoms {
		if at[0] >= from {
			emit(from, at[0])
		}
		from = max(from, at[1])
	}
	emit(from, len(v))
}

// emphasisNear: a * or _ delimiter run touches the mention at [a, b), or
// one that can open starts before its end and a later one that can close
// ends after its start (so emphasis could enclose or cut the mention).
func emphasisNear(v []byte, spans *[2]emphasisSpan, a, b int) bool {
	if a > 0 && (v[a-1] == '*' || v[a-1] == '_') {
		return true
	}
	if b < len(v) && v[b] == '*' {
		return true
	}
	for _, sp := range spans {
		if sp.open >= 0 && sp.open < b && sp.closeEnd > a {
			return true
		}
	}
	return false
}

// emphasisSpan is, for one delimiter, where the first run that can open
// emphasis starts (-1: none) and where the last run after it that can
// close ends (-1: none): what emphasisNear asks of every mention, read
// once per paragraph (once per mention was quadratic in a paragraph of
// thousands of mentions).
type emphasisSpan struct{ open, closeEnd int }

func emphasisSpans(v []byte) *[2]emphasisSpan {
	var spans [2]emphasisSpan
	for k, c := range []byte{'*', '_'} {
		sp := emphasisSpan{open: -1, closeEnd: -1}
		for i := bytes.IndexByte(v, c); i >= 0 && i < len(v); {
			j := i
			for j < len(v) && v[j] == c {
				j++
			}
			canOpen, canClose := flanking(v, i, j)
			if canClose && sp.open >= 0 {
				sp.closeEnd = j
			}
			if canOpen && sp.open < 0 {
				sp.open = i
			}
			next := bytes.IndexByte(v[j:], c)
			if next < 0 {
				break
			}
			i = j + next
		}
		spans[k] = sp
	}
	return &spans
}

// flanking says whether the delimiter run v[i:j] can open or close
// emphasis (CommonMark's flanking rules; a non-ASCII neighbour counts as
// anything, so both).
func flanking(v []byte, i, j int) (canOpen, canClose bool) {
	before, after := byte('\n'), byte('\n')
	if i > 0 {
		before = v[i-1]
	}
	if j < len(v) {
		after = v[j]
	}
	if before >= 0x80 || after >= 0x80 {
		return true, true
	}
	ws := func(c byte) bool { return c == ' ' || c == '\n' || c == '\t' }
	punct := func(c byte) bool { return c > ' ' && c < 0x7f && !isAlnum(c) }
	left := !ws(after) && (!punct(after) || ws(before) || punct(before))
	right := !ws(before) && (!punct(before) || ws(after) || punct(after))
	if v[i] == '*' {
		return left, right
	}
	return left && (!right || punct(before)), right && (!left || punct(after))
}

// headingText is the plain text of a heading's inline content. Markup
// (code spans, emphasis, links, escapes, entities) is read by goldmark
// from the heading alone: inline content does not depend on the rest of
// the body once the body has no link reference definitions, which the
// fast path never accepts.
func headingText(text []byte) string {
	if !bytes.ContainsAny(text, "`*_[]!<&\\") {
		return strings.TrimSpace(string(text))
	}
	if t, ok := simpleHeadingText(text); ok {
		return t
	}
	// " #" closes the heading, so a # that ends text stays text.
	src := make([]byte, 0, len(text)+4)
	src = append(append(append(src, "# "...), text...), " #"...)
	doc := markdownParser().Parse(gmtext.NewReader(src))
	if h, ok := doc.FirstChild().(*ast.Heading); ok && doc.FirstChild().NextSibling() == nil {
		return inlineText(h, src)
	}
	return strings.TrimSpace(string(text))
}

// htmlBlockTags are the tag names of CommonMark's HTML block type 6.
var htmlBlockTags = map[string]bool{
	"address": true, "article": true, "aside": true, "base": true, "basefont": true, "blockquote": true,
	"body": true, "caption": true, "center": true, "col": true, "colgroup": true, "dd": true, "details": true,
	"dialog": true, "dir": true, "div": true, "dl": true, "dt": true, "fieldset": true, "figcaption": true,
	"figure": true, "footer": true, "form": true, "frame": true, "frameset": true, "h1": true, "h2": true,
	"h3": true, "h4": true, "h5": true, "h6": true, "head": true, "header": true, "hr": true, "html": true,
	"iframe": true, "legend": true, "li": true, "link": true, "main": true, "menu": true, "menuitem": true,
	"meta": true, "nav": true, "noframes": true, "ol": true, "optgroup": true, "option": true, "p": true,
	"param": true, "search": true, "section": true, "summary": true, "table": true, "tbody": true, "td": true,
	"tfoot": true, "th": true, "thead": true, "title": true, "tr": true, "track": true, "ul": true,
}

// htmlStart says which HTML block (CommonMark types 1-7, as goldmark
// reads them) starts at the '<' at p, 0 for none. A tag with attributes
// that only type 7 could take is not modelled: the scan fails.
func (s *fastScanner) htmlStart(p, end int) int {
	line := s.body[p:end]
	switch {
	case bytes.HasPrefix(line, []byte("<!--")):
		return 2
	case bytes.HasPrefix(line, []byte("<?")):
		return 3
	case bytes.HasPrefix(line, []byte("<![CDATA[")):
		return 5
	case len(line) > 2 && line[1] == '!' && line[2] >= 'A' && line[2] <= 'Z':
		return 4
	}
	i, closing := 1, false
	if i < len(line) && line[i] == '/' {
		closing = true
		i++
		for i < len(line) && line[i] == ' ' {
			i++
		}
	}
	j := i
	if j < len(line) && (line[j]|0x20 >= 'a' && line[j]|0x20 <= 'z') {
		j++
		for j < len(line) && (isAlnum(line[j]) || line[j] == '-') {
			j++
		}
	}
	if j == i {
		return 0
	}
	name := strings.ToLower(string(line[i:j]))
	after := line[j:]
	opensType1 := len(after) == 0 || after[0] == ' ' || after[0] == '>' || bytes.HasPrefix(after, []byte("/>"))
	if !closing && opensType1 && (name == "script" || name == "pre" || name == "style" || name == "textarea") {
		return 1
	}
	rest := bytes.TrimLeft(after, " ")
	shape7 := false
	if bytes.HasPrefix(rest, []byte("/>")) {
		shape7 = isBlankBytes(rest[2:])
	} else if len(rest) > 0 && rest[0] == '>' {
		shape7 = isBlankBytes(rest[1:])
	}
	if htmlBlockTags[name] {
		if shape7 || opensType1 {
			return 6
		}
		return 0
	}
	if shape7 {
		if name == "script" || name == "style" || name == "pre" {
			return 0
		}
		return 7
	}
	if len(after) > 0 && after[0] == ' ' {
		s.failed = true // maybe a tag with attributes (type 7)
	}
	return 0
}

// htmlEnds says whether the line at [p, end) ends the open HTML block of
// type 1-5.
func (s *fastScanner) htmlEnds(p, end int) bool {
	line := s.body[p:end]
	switch s.html {
	case 1:
		low := bytes.ToLower(line)
		for _, t := range []string{"</script>", "</pre>", "</style>", "</textarea>"} {
			if bytes.Contains(low, []byte(t)) {
				return true
			}
		}
		return false
	case 2:
		return bytes.Contains(line, []byte("-->"))
	case 3:
		return bytes.Contains(line, []byte("?>"))
	case 4:
		return bytes.IndexByte(line, '>') >= 0
	case 5:
		return bytes.Contains(line, []byte("]]>"))
	}
	return false
}

// simpleHeadingText reads the common markup of headings without goldmark:
// single-backtick code spans (the text kept, the backticks dropped) and
// underscores inside words (which cannot be emphasis). ok is false for
// anything else.
func simpleHeadingText(text []byte) (string, bool) {
	var b strings.Builder
	b.Grow(len(text))
	for i := 0; i < len(text); i++ {
		switch c := text[i]; c {
		case '*', '[', ']', '!', '<', '&', '\\':
			return "", false
		case '_':
			if i == 0 || i+1 >= len(text) || !isAlnum(text[i-1]) || !isAlnum(text[i+1]) {
				return "", false
			}
			b.WriteByte(c)
		case '`':
			j := bytes.IndexByte(text[i+1:], '`')
			if j <= 0 {
				return "", false
			}
			code := text[i+1 : i+1+j]
			if code[0] == ' ' || code[len(code)-1] == ' ' || (i+2+j < len(text) && text[i+2+j] == '`') || (i > 0 && text[i-1] == '`') {
				return "", false
			}
			b.Write(code)
			i += j + 1
		default:
			b.WriteByte(c)
		}
	}
	return strings.TrimSpace(b.String()), true
}
