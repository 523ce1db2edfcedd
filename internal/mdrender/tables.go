package mdrender

import (
	"bytes"

	"charm.land/lipgloss/v2"
	"github.com/rivo/uniseg"
	gast "github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// Tables fitted to the width before glamour sees them. lipgloss's table
// shrinks a column down to its narrowest cell, so a header over short
// values (or over 200 columns in 80 cells) was cut to nothing; a 10 KB
// cell made a row hundreds of lines tall. The table is cut to what fits
// (the columns past it become one "…" column), each cell to cellLines
// lines of the width, and a short body cell is padded with no-break
// spaces to its header's width (at most a fair share), which lipgloss
// then keeps.
//
// glamour prints text only from segments of the source (an unknown node
// prints a warning on stdout), so Render puts the text the cuts need in
// a first paragraph, sentinel, which the transformer takes out.

// padWidth is the most no-break spaces one cell is padded with.
const padWidth = 24

// cellLines bounds a cell's text to this many lines of the whole width.
const cellLines = 4

// sentinel is "…", a blank line's worth of no-break spaces, the alerts'
// titles, a plain space (listBreaks), emphasis marks (markEmphasis), the
// list break points' stand-ins (keepWords), then the end of the paragraph.
var sentinel = "…" + string(bytes.Repeat([]byte("\u00a0"), padWidth)) + alertTitles + sentinelSpace + emphasisMarks + " " + wrapStandIns + hangMarks + "\n\n"

// fitTables is the transformer; wrap is the renderer's width. top is the
// width glamour gives a table at the top of the document (wrap less the
// document's indent and margins), codeExtra what a code span's style adds
// around its text. quote, list and subList are the cells a quote, a list
// and a list inside a list take from the width of what they hold (their
// style's indent and both margins), as glamour's block stack counts them.
type fitTables struct {
	wrap, top, codeExtra, quote, list, subList int
	// bullets measures the item markers glamour prints, to fit a table
	// inside a list item to the width right of the item's text
	// (listtables.go); subListLeft is glamour's indent of a nested list.
	bullets     bulletWidths
	subListLeft int
}

// cuts holds the sentinel's segments.
type cuts struct {
	ellipsis text.Segment
	pad      int // start of the no-break spaces (each 2 bytes)
	// tableMark is hangTable's segment, or empty when the document holds
	// a mark of its own (then no table is taken out of its item).
	tableMark text.Segment
}

func (f fitTables) Transform(doc *gast.Document, reader text.Reader, pc parser.Context) {
	first := doc.FirstChild()
	if first == nil || first.Kind() != gast.KindParagraph || first.Lines().Len() == 0 {
		return
	}
	seg := first.Lines().At(0)
	if !bytes.HasPrefix(reader.Source()[seg.Start:], []byte("…")) {
		return
	}
	doc.RemoveChild(doc, first)
	c := cuts{ellipsis: text.NewSegment(seg.Start, seg.Start+len("…")), pad: seg.Start + len("…")}
	src := reader.Source()
	if at := bytes.Index(src[:min(len(src), len(sentinel))], []byte(hangMarks)); at >= 0 && !bytes.Contains(src[len(sentinel):], []byte(hangPrefix)) {
		at += len(hangMarks) - len(hangTable)
		c.tableMark = text.NewSegment(at, at+len(hangTable))
	}
	var tables []*east.Table
	_ = gast.Walk(doc, func(n gast.Node, entering bool) (gast.WalkStatus, error) {
		if t, ok := n.(*east.Table); ok && entering {
			tables = append(tables, t)
			return gast.WalkSkipChildren, nil
		}
		return gast.WalkContinue, nil
	})
	var inItems []itemTable
	for _, t := range tables {
		in := f.indent(t)
		if under := f.underItemText(t, reader.Source()); under > 0 && f.top-in-under >= minItemTable {
			// Fitted to the width right of the item's text, rendered on
			// its own at that width (glamour fills the width it is
			// given) and put in place of a placeholder (listtables.go).
			width := f.top - in - under
			f.fit(t, reader.Source(), c, max(f.wrap-in-under, 20), width)
			inItems = append(inItems, itemTable{table: t, width: width})
			t.Parent().ReplaceChild(t.Parent(), t, tablePlaceholder(c))
			continue
		}
		f.fit(t, reader.Source(), c, max(f.wrap-in, 20), f.top-in)
	}
	pc.Set(itemTablesKey, inItems)
}

// indent is the width the blocks holding t take: a table in a list item or
// a quote is given that much less by glamour.
func (f fitTables) indent(t gast.Node) int {
	in := 0
	for n := t.Parent(); n != nil; n = n.Parent() {
		switch n.Kind() {
		case gast.KindBlockquote:
			in += f.quote
		case gast.KindList:
			in += f.list
			for up := n.Parent(); up != nil; up = up.Parent() {
				if up.Kind() == gast.KindList {
					in += f.subList - f.list
					break
				}
			}
		}
	}
	return in
}

// fit fits t to wrap cells, top being the width glamour gives it.
func (f fitTables) fit(t *east.Table, src []byte, c cuts, wrap, top int) {
	// A column takes at least 7 cells: 3 of text, margins and a separator.
	maxCols := max(2, (wrap-2)/7)
	if len(t.Alignments) > maxCols {
		keep := maxCols - 1
		for row := t.FirstChild(); row != nil; row = row.NextSibling() {
			i := 0
			for cell := row.FirstChild(); cell != nil; {
				next := cell.NextSibling()
				if i >= keep {
					row.RemoveChild(row, cell)
				}
				cell, i = next, i+1
			}
			more := east.NewTableCell()
			more.AppendChild(more, gast.NewTextSegment(c.ellipsis))
			row.AppendChild(row, more)
		}
		t.Alignments = append(t.Alignments[:keep:keep], east.AlignNone)
	}
	cols := len(t.Alignments)
	fair := max(3, (wrap-2)/cols-3)
	var headers []int
	widest := make([]int, cols)
	for row := t.FirstChild(); row != nil; row = row.NextSibling() {
		head := row.Kind() == east.KindTableHeader
		j := 0
		for cell := row.FirstChild(); cell != nil; cell, j = cell.NextSibling(), j+1 {
			w := f.cutCell(cell, src, c, cellLines*wrap)
			if head {
				headers = append(headers, min(w, fair, padWidth))
			} else if j < len(headers) && w < headers[j] && j < len(t.Alignments) {
				pad(cell, headers[j]-w, t.Alignments[j], c)
				w = headers[j]
			}
			if j < cols {
				widest[j] = max(widest[j], w)
			}
		}
	}
	f.clearSeparatorGap(t, src, c, widest, top)
}

// clearSeparatorGap keeps a table out of lipgloss's blind spot. lipgloss
// decides a table fits by its columns' widest cells plus their margins,
// leaving out the separators between columns; a table that fits by that
// sum but not with its separators is neither shrunk nor wrapped, and the
// end of each row is cut off with no "…" ("page someone" printed as
// "page someon"). There the widest column's longest cells are cut with
// "…" to what fits in top, the width glamour gives the table.
func (f fitTables) clearSeparatorGap(t *east.Table, src []byte, c cuts, widest []int, top int) {
	total, wide := 0, 0
	for j, w := range widest {
		total += w + 2 // glamour's cell margins
		if w > widest[wide] {
			wide = j
		}
	}
	seps := len(widest) - 1
	if total > top || total+seps <= top {
		return
	}
	limit := widest[wide] - (total + seps - top)
	if limit < 4 {
		return
	}
	for row := t.FirstChild(); row != nil; row = row.NextSibling() {
		j := 0
		for cell := row.FirstChild(); cell != nil; cell, j = cell.NextSibling(), j+1 {
			if j == wide {
				f.cutCell(cell, src, c, limit-1)
			}
		}
	}
}

// cutCell cuts the text of cell past limit cells of width, ending it with
// "…", and returns the width left (plain text counted; markup roughly).
func (f fitTables) cutCell(cell gast.Node, src []byte, c cuts, limit int) int {
	w := 0
	for n := cell.FirstChild(); n != nil; {
		next := n.NextSibling()
		nw := f.inlineWidth(n, src)
		if w+nw <= limit {
			w += nw
			n = next
			continue
		}
		// Cut here: a plain text run keeps its head, anything else goes.
		if tx, ok := n.(*gast.Text); ok {
			seg := tx.Segment
			end := seg.Start
			// Whole grapheme clusters: a family emoji is one, two cells
			// wide, not four people, and an accent stays on its letter.
			for room, state := limit-w, -1; end < seg.Stop && room > 0; {
				var cluster []byte
				var cw int
				cluster, _, cw, state = uniseg.FirstGraphemeCluster(src[end:seg.Stop], state)
				if cw > room {
					break
				}
				room -= cw
				end += len(cluster)
			}
			tx.Segment = text.NewSegment(seg.Start, end)
			tx.SetSoftLineBreak(false)
			tx.SetHardLineBreak(false)
			w += lipgloss.Width(string(src[seg.Start:end]))
		} else {
			cell.RemoveChild(cell, n)
		}
		for n = next; n != nil; n = next {
			next = n.NextSibling()
			cell.RemoveChild(cell, n)
		}
		cell.AppendChild(cell, gast.NewTextSegment(c.ellipsis))
		return w + 1
	}
	return w
}

// inlineWidth is about the width n prints at: its text's, and the
// padding of a code span.
func (f fitTables) inlineWidth(n gast.Node, src []byte) int {
	if tx, ok := n.(*gast.Text); ok {
		return lipgloss.Width(string(tx.Segment.Value(src)))
	}
	w := 0
	if n.Kind() == gast.KindCodeSpan {
		w = f.codeExtra
	}
	for ch := n.FirstChild(); ch != nil; ch = ch.NextSibling() {
		w += f.inlineWidth(ch, src)
	}
	if al, ok := n.(*gast.AutoLink); ok {
		w = lipgloss.Width(string(al.Label(src)))
	}
	return w
}

// pad adds n no-break spaces to cell on the side its alignment leaves
// blank.
func pad(cell gast.Node, n int, align east.Alignment, c cuts) {
	spaces := func(k int) gast.Node {
		return gast.NewTextSegment(text.NewSegment(c.pad, c.pad+2*k))
	}
	switch align {
	case east.AlignRight:
		prepend(cell, spaces(n))
	case east.AlignCenter:
		if n/2 > 0 {
			prepend(cell, spaces(n/2))
		}
		cell.AppendChild(cell, spaces(n-n/2))
	default:
		cell.AppendChild(cell, spaces(n))
	}
}

func prepend(cell, n gast.Node) {
	if first := cell.FirstChild(); first != nil {
		cell.InsertBefore(cell, first, n)
	} else {
		cell.AppendChild(cell, n)
	}
}
