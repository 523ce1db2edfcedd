package mdrender

import (
	"strings"
	"unicode/utf8"

	"charm.land/lipgloss/v2"
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
	// hangMarks is the sentinel's piece holding the three.
	hangMarks = hangText + hangMore + hangEnd
	// hangPrefix starts the UTF-8 of every mark.
	hangPrefix = "\xee\x84"
)

// hangRun is one marked run of an item's text, in document order: its
// list's left column and width in glamour's output, and the item it
// belongs to (a later run hangs by the width its item's bullet measured).
type hangRun struct {
	left, width, item int
}

// hangKey holds the runs in the parser context, for Render.
var hangKey = parser.NewContextKey()

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
	var runs []hangRun
	for k, it := range items {
		left, width, ok := h.place(it)
		if !ok {
			continue
		}
		for c := it.FirstChild(); c != nil; c = c.NextSibling() {
			if c.Kind() != gast.KindParagraph && c.Kind() != gast.KindTextBlock || c.FirstChild() == nil {
				continue
			}
			start := 1 // hangMore
			if c == it.FirstChild() {
				start = 0 // hangText
			}
			first := c.FirstChild()
			if _, box := first.(*east.TaskCheckBox); box {
				c.InsertAfter(c, first, mark(start))
			} else {
				c.InsertBefore(c, first, mark(start))
			}
			runs = append(runs, hangRun{left, width, k})
			// A hard line break ends a run and starts the next.
			for t := c.FirstChild(); t != nil; t = t.NextSibling() {
				if tx, ok := t.(*gast.Text); ok && tx.HardLineBreak() && t.NextSibling() != nil {
					tx.SetHardLineBreak(false)
					end := mark(2)
					end.SetHardLineBreak(true)
					c.InsertAfter(c, tx, end)
					more := mark(1)
					c.InsertAfter(c, end, more)
					runs = append(runs, hangRun{left, width, k})
					t = more
				}
			}
			c.AppendChild(c, mark(2))
		}
	}
	pc.Set(hangKey, runs)
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
func hangItems(out string, runs []hangRun) string {
	if !strings.Contains(out, hangPrefix) {
		return out
	}
	lines := strings.Split(out, "\n")
	res := make([]string, 0, len(lines)+len(lines)/4)
	hang := map[int]int{}
	next := 0
	for i := 0; i < len(lines); i++ {
		line := lines[i]
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
		end := i
		for end < len(lines) && !strings.Contains(lines[end], hangEnd) {
			end++
		}
		if end == len(lines) {
			res = append(res, line)
			continue
		}
		if end == i && isText && strings.Count(line, hangPrefix) == 2 {
			// One line: the marks' cells become the spaces they took
			// from the padding.
			hang[run.item] = xansi.StringWidth(line[:at]) - run.left
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
		mk := hangText
		if !isText {
			mk = hangMore
		}
		cut := strings.Index(joined, mk)
		if !ok || cut < 0 {
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
		if run.width-h < 1 {
			res = append(res, lines[first:end+1]...)
			i = end
			continue
		}
		indent := strings.Repeat(" ", h)
		for j, l := range strings.Split(lipgloss.Wrap(body, run.width-h, glamourBreaks), "\n") {
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
		out = strings.NewReplacer(hangText, "", hangMore, "", hangEnd, "").Replace(out)
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
	prevWidth, prevSpace := 0, true
	var prevLast rune
	for k, line := range lines {
		full = max(full, xansi.StringWidth(line)) // the marks padded for too
		off := colOffset(line, run.left)
		if k == 0 {
			prefix = line[:off]
		}
		content := line[off:]
		if e := strings.Index(content, hangEnd); e >= 0 {
			content = content[:e]
			if strings.Contains(content, "\x1b[") {
				content += "\x1b[m"
			}
		}
		content = trimRightSpace(content)
		plain := xansi.Strip(content)
		if k > 0 {
			firstRune, _ := utf8.DecodeRuneInString(strings.TrimLeft(xansi.Strip(content), hangText+hangMore))
			switch {
			case prevWidth >= run.width && !prevSpace:
				// a word glamour cut at the width
			case isWide(prevLast) || isWide(firstRune):
				b.WriteString(lineSep)
			default:
				b.WriteByte(' ')
			}
		}
		b.WriteString(content)
		prevWidth = xansi.StringWidth(plain)
		prevSpace = strings.ContainsRune(strings.TrimSpace(plain), ' ')
		prevLast, _ = utf8.DecodeLastRuneInString(plain)
	}
	return b.String(), prefix, full
}

// colOffset is the byte offset in s where visible column col starts, the
// escape sequences before it included.
func colOffset(s string, col int) int {
	var state byte
	w, i := 0, 0
	for i < len(s) && w < col {
		_, width, n, st := xansi.GraphemeWidth.DecodeSequenceInString(s[i:], state, nil)
		if n <= 0 {
			break
		}
		if w+width > col {
			break
		}
		state, w, i = st, w+width, i+n
	}
	return i
}

// trimRightSpace takes the padding off the end of a styled line: the
// spaces and the escape sequences between them, keeping a final reset.
func trimRightSpace(s string) string {
	plain := strings.TrimRight(xansi.Strip(s), " ")
	w := xansi.StringWidth(plain)
	if w == xansi.StringWidth(s) {
		return s
	}
	cut := xansi.Truncate(s, w, "")
	if strings.Contains(cut, "\x1b[") && !strings.HasSuffix(cut, "\x1b[m") {
		cut += "\x1b[m"
	}
	return cut
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
