package mdrender

import (
	"strings"
	"unicode/utf8"

	xansi "github.com/charmbracelet/x/ansi"
	gast "github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// Hanging list items. glamour wraps a list's text at the list's margin, so
// an item's second line started under its bullet, not under its text, and
// so did its later paragraphs. Each run of an item's own text (a paragraph,
// or the part after a hard line break) is marked from the sentinel: a mark
// where the text starts (hangText after the bullet, hangMore for a later
// run) and one where it ends (hangEnd). After glamour, hangItems joins the
// lines of each run again and wraps its text at the list's width less the
// bullet's, each continuation line indented by the bullet's width. The
// marks are private-use characters, one cell each to glamour.

const (
	hangText = "\ue100"
	hangMore = "\ue101"
	hangEnd  = "\ue102"
	// hangBlock is a paragraph of its own after a block inside an item
	// (code, a quote, a table): the lines since the item's text (or the
	// block before) are the block's, moved under the item's text.
	hangBlock = "\ue103"
	// hangTable stands for a table inside an item, rendered on its own
	// at the width right of the item's text (listtables.go).
	hangTable = "\ue104"
	// hangMarks is the sentinel's piece holding the five.
	hangMarks = hangText + hangMore + hangEnd + hangBlock + hangTable
	// hangPrefix starts the UTF-8 of every mark.
	hangPrefix = "\xee\x84"
)

// hangRun is one marked run of an item's text, in document order: its
// list's left column and width in glamour's output, and the item it
// belongs to (a later run hangs by the width its item's bullet measured).
type hangRun struct {
	left, width, item int
	// parent is the item whose text a nested list's item sits under (the
	// list is its child), or -1: glamour indents a nested list by a fixed
	// amount, not by the parent's bullet width (4 under "10." as under "-").
	parent int
}

// hangKey holds the runs in the parser context, for Render, and
// hangBlocksKey each hangBlock paragraph's block, in document order.
var hangKey, hangBlocksKey = parser.NewContextKey(), parser.NewContextKey()

// hangBlockAt is a block inside an item: the item, and whether glamour
// ends the block with no blank line (a heading, a table), so the mark's paragraph
// is a line of its own, taken out, not a blank line.
type hangBlockAt struct {
	item    int
	ownLine bool
	// rewrap: a heading, or a quote of paragraphs, whose text can be
	// joined and wrapped again at a narrower width when its lines have no
	// padding to give; bar and barWidth are the cells a quote's bar
	// takes on the left and from the width (0 for a heading).
	rewrap        bool
	bar, barWidth int
}

// hangLists is the transformer. docLeft and top are the document's left
// column and width; the other fields say what a quote and a list take, on
// the left and from the width.
type hangLists struct {
	docLeft, top              int
	quoteLeft, quoteWidth     int
	listLeft, listWidth       int
	subListLeft, subListWidth int
}

func (h hangLists) Transform(doc *gast.Document, reader text.Reader, pc parser.Context) {
	src := reader.Source()
	at := strings.Index(string(src[:min(len(src), len(sentinel))]), hangMarks)
	if at < 0 || strings.Contains(string(src[len(sentinel):]), hangPrefix) {
		return // a text holding a mark of its own would be cut at it
	}
	// mark(0) is hangText, mark(1) hangMore, mark(2) hangEnd.
	mark := func(k int) *gast.Text {
		return gast.NewTextSegment(text.NewSegment(at+3*k, at+3*k+3))
	}
	var items []*gast.ListItem
	_ = gast.Walk(doc, func(n gast.Node, entering bool) (gast.WalkStatus, error) {
		if it, ok := n.(*gast.ListItem); ok && entering {
			items = append(items, it)
		}
		return gast.WalkContinue, nil
	})
	index := make(map[gast.Node]int, len(items))
	for k, it := range items {
		index[it] = k
	}
	// Runs and blocks are listed in document order, the order their marks
	// come out of glamour in: an item's paragraph after a nested list
	// comes after the nested items' runs.
	starts := map[gast.Node]hangRun{}    // each run's start mark
	owner := map[gast.Node]hangBlockAt{} // each hangBlock paragraph's block
	for k, it := range items {
		left, width, ok := h.place(it)
		if !ok {
			continue
		}
		parent := -1
		if p, ok := index[it.Parent().Parent()]; ok {
			parent = p
		}
		for c := it.FirstChild(); c != nil; c = c.NextSibling() {
			if c.Kind() != gast.KindParagraph && c.Kind() != gast.KindTextBlock || c.FirstChild() == nil {
				continue
			}
			start := 1 // hangMore
			if c == it.FirstChild() {
				start = 0 // hangText
			}
			first, m := c.FirstChild(), mark(start)
			if _, box := first.(*east.TaskCheckBox); box {
				c.InsertAfter(c, first, m)
			} else {
				c.InsertBefore(c, first, m)
			}
			starts[m] = hangRun{left, width, k, parent}
			// A hard line break ends a run and starts the next.
			for t := c.FirstChild(); t != nil; t = t.NextSibling() {
				if tx, ok := t.(*gast.Text); ok && tx.HardLineBreak() && t.NextSibling() != nil {
					tx.SetHardLineBreak(false)
					end := mark(2)
					end.SetHardLineBreak(true)
					c.InsertAfter(c, tx, end)
					more := mark(1)
					c.InsertAfter(c, end, more)
					starts[more] = hangRun{left, width, k, parent}
					t = more
				}
			}
			c.AppendChild(c, mark(2))
		}
		var blocks []gast.Node
		for c := it.FirstChild(); c != nil; c = c.NextSibling() {
			if c != it.FirstChild() && movableBlock(c) {
				blocks = append(blocks, c)
			}
		}
		for _, c := range blocks {
			p := gast.NewParagraph()
			p.AppendChild(p, mark(3))
			it.InsertAfter(it, c, p)
			at := hangBlockAt{item: k, ownLine: c.Kind() == gast.KindHeading || c.Kind() == east.KindTable, rewrap: c.Kind() == gast.KindHeading}
			if c.Kind() == gast.KindBlockquote && paragraphsOnly(c) {
				at.rewrap, at.bar, at.barWidth = true, h.quoteLeft, h.quoteWidth
			}
			owner[p] = at
		}
	}
	var runs []hangRun
	var blockItems []hangBlockAt
	if len(starts)+len(owner) > 0 {
		_ = gast.Walk(doc, func(n gast.Node, entering bool) (gast.WalkStatus, error) {
			if !entering {
				return gast.WalkContinue, nil
			}
			if r, ok := starts[n]; ok {
				runs = append(runs, r)
			} else if k, ok := owner[n]; ok {
				blockItems = append(blockItems, k)
			}
			return gast.WalkContinue, nil
		})
	}
	pc.Set(hangKey, runs)
	pc.Set(hangBlocksKey, blockItems)
}

// movableBlock: a block inside an item that glamour puts at the list's
// margin, and hangItems can move under the item's text.
func movableBlock(n gast.Node) bool {
	switch n.Kind() {
	case gast.KindFencedCodeBlock, gast.KindCodeBlock, gast.KindBlockquote, gast.KindHeading, east.KindTable:
		return true
	}
	return false
}

// paragraphsOnly: q holds paragraphs and nothing else, with no hard line
// break, so its lines can be joined and wrapped again.
func paragraphsOnly(q gast.Node) bool {
	for c := q.FirstChild(); c != nil; c = c.NextSibling() {
		if c.Kind() != gast.KindParagraph {
			return false
		}
		hard := false
		_ = gast.Walk(c, func(n gast.Node, entering bool) (gast.WalkStatus, error) {
			if t, ok := n.(*gast.Text); ok && entering && t.HardLineBreak() {
				hard = true
				return gast.WalkStop, nil
			}
			return gast.WalkContinue, nil
		})
		if hard {
			return false
		}
	}
	return true
}

// place is the left column and the width glamour gives it's list's text,
// or false inside a block this does not know.
func (h hangLists) place(it *gast.ListItem) (left, width int, ok bool) {
	left, width = h.docLeft, h.top
	for n := it.Parent(); n != nil; n = n.Parent() {
		switch n.Kind() {
		case gast.KindList:
			nested := false
			for up := n.Parent(); up != nil; up = up.Parent() {
				if up.Kind() == gast.KindList {
					nested = true
					break
				}
			}
			if nested {
				left, width = left+h.subListLeft, width-h.subListWidth
			} else {
				left, width = left+h.listLeft, width-h.listWidth
			}
		case gast.KindBlockquote:
			left, width = left+h.quoteLeft, width-h.quoteWidth
		case gast.KindListItem, gast.KindDocument:
		default:
			return 0, 0, false
		}
	}
	return left, width, width > 0
}

// hangItems rewraps each marked run of out (glamour's output) under its
// item's text and takes the marks out.
func hangItems(out string, runs []hangRun, blockItems []hangBlockAt) string {
	if !strings.Contains(out, hangPrefix) {
		return out
	}
	lines := strings.Split(out, "\n")
	res := make([]string, 0, len(lines)+len(lines)/4)
	hang := map[int]int{}
	// textCol is where an item's text starts, and shift how far its list
	// moved to sit under its parent's text (negative: left).
	textCol, shift := map[int]int{}, map[int]int{}
	glamourLeft := map[int]int{} // the column glamour put an item's list at
	listWidth := map[int]int{}   // and the width it gave its text
	next, nextBlock := 0, 0
	since, ranRun := 0, false // since: the first line of res after the last run or block
	for i := 0; i < len(lines); i++ {
		if ranRun {
			since, ranRun = len(res), false
		}
		line := lines[i]
		if strings.Contains(line, hangBlock) {
			ownLine := false
			if nextBlock < len(blockItems) {
				b := blockItems[nextBlock]
				k := b.item
				ownLine = b.ownLine
				nextBlock++
				if tc, ok := textCol[k]; ok && !moveBlock(res[since:], glamourLeft[k], tc-glamourLeft[k]) && b.rewrap {
					if moved, ok := rewrapBlock(res[since:], glamourLeft[k], tc-glamourLeft[k], b.bar, listWidth[k]-b.barWidth); ok {
						res = append(res[:since], moved...)
					}
				}
			}
			if ownLine && strings.Trim(xansi.Strip(dropMark(line, hangBlock, 1)), " ") == "" {
				since = len(res)
				continue
			}
			// The mark's line stands where glamour's blank line after the
			// block was: the mark becomes the space it took.
			res = append(res, dropMark(line, hangBlock, 1))
			since = len(res)
			continue
		}
		at := strings.Index(line, hangText)
		isText := at >= 0
		if m := strings.Index(line, hangMore); m >= 0 && (at < 0 || m < at) {
			at, isText = m, false
		}
		if at < 0 || next >= len(runs) {
			res = append(res, line)
			continue
		}
		run := runs[next]
		next++
		ranRun = true
		if _, seen := glamourLeft[run.item]; !seen {
			glamourLeft[run.item], listWidth[run.item] = run.left, run.width
		}
		end := i
		for end < len(lines) && !strings.Contains(lines[end], hangEnd) {
			end++
		}
		if end == len(lines) { // no end mark: the rest is left as it is
			res = append(res, lines[i:]...)
			break
		}
		if e := strings.Index(lines[end], hangEnd); strings.Contains(lines[end][e:], hangText) || strings.Contains(lines[end][e:], hangMore) {
			// glamour ran the next run into this one's last line (an
			// item's HTML block it printed inline): rewrapping would cut
			// the text after the end mark, so the lines stay as they are.
			res = append(res, lines[i:end+1]...)
			next += strings.Count(lines[end][e:], hangText) + strings.Count(lines[end][e:], hangMore)
			i = end
			continue
		}
		extra, moved := shift[run.item]
		if pc, ok := textCol[run.parent]; isText && ok && run.parent >= 0 && !moved {
			extra = pc - run.left
			shift[run.item] = extra
		}
		if end == i && isText && extra == 0 && strings.Count(line, hangPrefix) == 2 {
			// One line: the marks' cells become the spaces they took
			// from the padding.
			hang[run.item] = xansi.StringWidth(line[:at]) - run.left
			textCol[run.item] = run.left + hang[run.item]
			line = dropMark(line, hangText, 0)
			res = append(res, dropMark(line, hangEnd, 2))
			continue
		}
		first := i
		if isText && xansi.StringWidth(line[:at]) == run.left && len(res) > 0 {
			first-- // glamour put the bullet on a line of its own
			res = res[:len(res)-1]
		}
		h, ok := hang[run.item]
		if isText {
			ok = true
		}
		joined, prefix, full := joinRun(lines[first:end+1], run)
		width := run.width - extra
		switch {
		case extra > 0:
			prefix += strings.Repeat(" ", extra)
		case extra < 0:
			prefix = xansi.Truncate(prefix, max(0, run.left+extra), "")
		}
		mk := hangText
		if !isText {
			mk = hangMore
		}
		cut := strings.Index(joined, mk)
		if !ok || cut < 0 || h < 0 {
			res = append(res, lines[first:end+1]...)
			i = end
			continue
		}
		bullet, body := joined[:cut], strings.TrimRight(joined[cut+len(mk):], " ")
		if isText {
			h = xansi.StringWidth(bullet)
			hang[run.item] = h
		} else {
			bullet = strings.Repeat(" ", h)
		}
		if width-h < 1 || xansi.StringWidth(prefix) != run.left+extra {
			res = append(res, lines[first:end+1]...)
			i = end
			continue
		}
		if isText {
			textCol[run.item] = run.left + extra + h
		}
		indent := strings.Repeat(" ", h)
		for j, l := range carryPen(strings.Split(xansi.Wrap(body, width-h, glamourBreaks), "\n")) {
			lead := indent
			if j == 0 {
				lead = bullet
			}
			nl := prefix + lead + l
			if w := xansi.StringWidth(nl); w < full {
				nl += strings.Repeat(" ", full-w)
			}
			res = append(res, nl)
		}
		i = end
	}
	out = strings.Join(res, "\n")
	if strings.Contains(out, hangPrefix) { // a run left as glamour wrapped it
		out = strings.NewReplacer(hangText, "", hangMore, "", hangEnd, "", hangBlock, "").Replace(out)
	}
	return out
}

// glamourBreaks are the break points glamour wraps a list's text at.
const glamourBreaks = " ,.;-+|"

// joinRun joins a run's lines: the text from the list's left column on,
// without glamour's padding, each wrapped line joined to the next with the
// space glamour took out (none after a word glamour cut at the width, a
// break opportunity next to a wide character). It returns the joined
// text, the first line's part left of the list and the lines' width.
func joinRun(lines []string, run hangRun) (joined, prefix string, full int) {
	var b strings.Builder
	var prev lineScan
	for k, line := range lines {
		sc := scanLine(line, run.left)
		full = max(full, sc.full)
		if k == 0 {
			prefix = line[:sc.off]
		} else {
			switch {
			case prev.width >= run.width && !prev.spaced:
				// a word glamour cut at the width
			case isWide(prev.last) || isWide(sc.first):
				b.WriteString(lineSep)
			default:
				b.WriteByte(' ')
			}
		}
		content := line[sc.off:sc.end] + sc.tail
		b.WriteString(content)
		if strings.Contains(content, "\x1b[") && !strings.HasSuffix(content, "\x1b[m") {
			b.WriteString("\x1b[m") // the reset was in the padding
		}
		prev = sc
	}
	return b.String(), prefix, full
}

// lineScan is what joinRun needs to know of a line.
type lineScan struct {
	off, end    int    // the bytes of the text: from the left column to its last character not a space, before an end mark
	full, width int    // the line's width, and the text's
	tail        string // the hyperlink sequences after the text's last character
	spaced      bool   // a space between characters of the text
	first, last rune   // the text's first character (not a mark) and its last
}

// scanLine reads line once, escape sequences and wide characters counted
// as the terminal does.
func scanLine(line string, left int) lineScan {
	sc := lineScan{}
	var state byte
	col, pending, ended := 0, false, false
	for i := 0; i < len(line); {
		seq, w, n, st := xansi.GraphemeWidth.DecodeSequenceInString(line[i:], state, nil)
		if n <= 0 {
			break
		}
		state = st
		if w == 0 && col > left && !ended && strings.HasPrefix(seq, "\x1b]") {
			sc.tail += seq // a hyperlink's end, kept
		}
		if w > 0 {
			col += w
			switch {
			case col <= left:
				sc.off, sc.end = i+n, i+n
			case ended:
			case seq == hangEnd:
				ended = true
			case seq == " ":
				pending = sc.last != 0
			default:
				r, _ := utf8.DecodeRuneInString(seq)
				if sc.first == 0 && seq != hangText && seq != hangMore {
					sc.first = r
				}
				sc.spaced = sc.spaced || pending
				pending = false
				sc.last, sc.end, sc.width, sc.tail = r, i+n, col-left, ""
			}
		}
		i += n
	}
	sc.full = col
	return sc
}

// dropMark takes the first mark out of line, with the colour glamour put
// around it, leaving spaces spaces in that colour, each on its own as
// glamour pads.
func dropMark(line, mark string, spaces int) string {
	at := strings.Index(line, mark)
	if at < 0 {
		return line
	}
	open, before := "", line[:at]
	after := line[at+len(mark):]
	if o := strings.LastIndex(before, "\x1b["); o >= 0 && strings.HasSuffix(before, "m") &&
		!strings.ContainsAny(before[o+2:len(before)-1], "\x1b") && strings.HasPrefix(after, "\x1b[m") {
		open, before, after = before[o:], before[:o], after[len("\x1b[m"):]
	}
	pad := " "
	if open != "" {
		pad = open + " \x1b[m"
	}
	return before + strings.Repeat(pad, spaces) + after
}

// carryPen closes, at the end of each line, the colours and the hyperlink
// still open there and opens them again on the next line, as glamour's
// writer does (lipgloss's WrapWriter reads every byte through a terminal
// parser; glamour's text only needs its SGR and OSC 8 sequences followed).
func carryPen(lines []string) []string {
	var sgr, link string // the SGR sequences since the last reset; the open hyperlink
	for k, l := range lines {
		if sgr != "" || link != "" {
			l = sgr + link + l
		}
		for rest := l; ; {
			i := strings.IndexByte(rest, '\x1b')
			if i < 0 || i+1 >= len(rest) {
				break
			}
			rest = rest[i:]
			switch {
			case rest[1] == '[':
				end := strings.IndexFunc(rest[2:], func(r rune) bool { return r >= 0x40 && r <= 0x7e })
				if end < 0 {
					rest = ""
					continue
				}
				seq := rest[:end+3]
				if seq[len(seq)-1] == 'm' {
					if seq == "\x1b[m" || seq == "\x1b[0m" {
						sgr = ""
					} else {
						sgr += seq
					}
				}
				rest = rest[len(seq):]
			case strings.HasPrefix(rest, "\x1b]8;"):
				body := rest[2:]
				stop, n := strings.IndexByte(body, '\a'), 1
				if st := strings.Index(body, "\x1b\\"); st >= 0 && (stop < 0 || st < stop) {
					stop, n = st, 2
				}
				if stop < 0 {
					rest = ""
					continue
				}
				seq := rest[:2+stop+n]
				if _, uri, _ := strings.Cut(body[len("8;"):stop], ";"); uri == "" {
					link = ""
				} else {
					link = seq
				}
				rest = rest[len(seq):]
			default:
				rest = rest[1:]
			}
		}
		if sgr != "" {
			l += "\x1b[m"
		}
		if link != "" {
			l += "\x1b]8;;\a"
		}
		lines[k] = l
	}
	return lines
}

// moveBlock moves a block's lines (glamour's, at the list's margin left)
// delta columns right, under the item's text, when each has that many
// padding cells at its end to give, and says whether it did; a line too
// full (a quote glamour wrapped to the list's width) leaves the whole
// block where it was, for rewrapBlock. Code lines are wrapped again later
// by codeLines, inside the new indent.
func moveBlock(lines []string, left, delta int) bool {
	if delta <= 0 {
		return true
	}
	for _, l := range lines {
		plain := xansi.Strip(l)
		if strings.TrimSpace(plain) == "" {
			continue
		}
		trailing := xansi.StringWidth(plain) - xansi.StringWidth(strings.TrimRight(plain, " "))
		leading := len(plain) - len(strings.TrimLeft(plain, " "))
		if trailing < delta || leading < left {
			return false // the cut would fall inside the text
		}
	}
	pad := strings.Repeat(" ", delta)
	for k, l := range lines {
		if strings.TrimSpace(xansi.Strip(l)) == "" {
			continue
		}
		from, to := byteAtColumn(l, left), byteAtColumn(l, xansi.StringWidth(l)-delta)
		if from < 0 || to < from {
			continue
		}
		// The padding cut at the end keeps its escapes: a code line's
		// colour is closed there.
		lines[k] = l[:from] + pad + l[from:to] + escapesOnly(l[to:])
	}
	return true
}

// rewrapBlock is moveBlock for a heading or a quote whose lines fill the
// width: each run of its text (a quote's paragraph, between lines holding
// only its bar) is joined and wrapped again at width less delta, as an
// item's text is, the bar (bar cells from the list's margin left) and the
// colours kept. It returns the new lines, or false when a line is not of
// that shape (the block is then left where it was).
func rewrapBlock(lines []string, left, delta, bar, width int) ([]string, bool) {
	if width-delta < 8 { // too narrow to be read: left where it was
		return nil, false
	}
	var out []string
	var barText string
	full := 0
	var group []string
	flush := func() bool {
		if len(group) == 0 {
			return true
		}
		joined, prefix, w := joinRun(group, hangRun{left: left + bar, width: width})
		full = max(full, w)
		if xansi.StringWidth(prefix) != left+bar {
			return false
		}
		prefix = prefix[:byteAtColumn(prefix, left)]
		if strings.Contains(prefix, "\x1b[") && !strings.HasSuffix(prefix, "\x1b[m") {
			prefix += "\x1b[m"
		}
		lead := prefix + strings.Repeat(" ", delta) + barText
		// At spaces only: a URL or a code span glamour kept whole on a
		// line stays whole where it fits.
		for _, l := range carryPen(strings.Split(xansi.Wrap(strings.TrimRight(joined, " "), width-delta, ""), "\n")) {
			out = append(out, lead+l)
		}
		group = group[:0]
		return true
	}
	for _, l := range lines {
		plain := xansi.Strip(l)
		if strings.TrimSpace(plain) == "" {
			if !flush() {
				return nil, false
			}
			out = append(out, l)
			continue
		}
		if len(plain)-len(strings.TrimLeft(plain, " ")) < left {
			return nil, false // a quote's bar or other text left of the list
		}
		from, to := byteAtColumn(l, left), byteAtColumn(l, left+bar)
		if from < 0 || to < from {
			return nil, false
		}
		b := l[from:to]
		if bar > 0 && strings.TrimSpace(xansi.Strip(b)) == "" {
			return nil, false // not the quote's bar: something nested in it
		}
		if barText == "" {
			barText = b
			if strings.Contains(b, "\x1b[") && !strings.HasSuffix(b, "\x1b[m") {
				barText += "\x1b[m"
			}
		}
		if strings.TrimSpace(xansi.Strip(l[to:])) == "" { // a quote's blank line
			if !flush() {
				return nil, false
			}
			out = append(out, l[:from]+strings.Repeat(" ", delta)+barText)
			continue
		}
		group = append(group, l)
	}
	if !flush() {
		return nil, false
	}
	for k, l := range out {
		if w := xansi.StringWidth(l); w < full && strings.TrimSpace(xansi.Strip(l)) != "" {
			out[k] = l + strings.Repeat(" ", full-w)
		}
	}
	return out, true
}

// byteAtColumn is the offset in line of the first byte after col cells,
// escape sequences counted as none, or -1 when a wide character spans col.
func byteAtColumn(line string, col int) int {
	var state byte
	cells := 0
	for i := 0; i < len(line); {
		if cells == col {
			return i
		}
		_, w, n, st := xansi.GraphemeWidth.DecodeSequenceInString(line[i:], state, nil)
		if n <= 0 {
			return -1
		}
		state = st
		cells += w
		if cells > col {
			return -1
		}
		i += n
	}
	if cells == col {
		return len(line)
	}
	return -1
}
