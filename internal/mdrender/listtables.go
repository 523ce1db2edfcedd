package mdrender

import (
	"bytes"
	"strconv"
	"strings"

	"charm.land/glamour/v2/ansi"
	xansi "github.com/charmbracelet/x/ansi"
	gast "github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"
)

// Tables inside list items, under the item's text. glamour sizes a table
// to fill the whole width it is given, so one inside an item had no
// padding to give and stayed at the list's margin. fitTables fits such a
// table to the width right of the item's text and puts a placeholder in
// its place, a one-cell table holding hangTable; Render renders the table
// on its own at that width and puts its lines where the placeholder's
// line is, at the list's margin with that much padding at their end, and
// hangItems moves them under the item's text as it moves a code block.

// minItemTable is the narrowest a table inside an item is rendered at; a
// narrower one stays at the list's margin, at glamour's width.
const minItemTable = 20

// itemTablesKey holds the tables taken out of items, in document order.
var itemTablesKey = parser.NewContextKey()

// itemTable is a table taken out of its item and the width it is
// rendered at.
type itemTable struct {
	table *east.Table
	width int
}

// bulletWidths are the cells glamour's item markers take before the text,
// as hangItems measures them: an ordered item's number is counted apart.
type bulletWidths struct{ item, enum, ticked, unticked int }

// markerWidth is the cells glamour prints a marker of style s in, with
// prefix (a number, a task box) before it.
func markerWidth(s ansi.StylePrimitive, prefix string) int {
	return xansi.StringWidth(prefix + s.BlockPrefix + s.Prefix + s.Suffix + s.BlockSuffix)
}

func newBulletWidths(st ansi.StyleConfig) bulletWidths {
	return bulletWidths{
		item:     markerWidth(st.Item, ""),
		enum:     markerWidth(st.Enumeration, ""),
		ticked:   markerWidth(st.Task.StylePrimitive, st.Task.Ticked),
		unticked: markerWidth(st.Task.StylePrimitive, st.Task.Unticked),
	}
}

// of is the width of it's marker, numbered as glamour numbers it.
func (b bulletWidths) of(it gast.Node) int {
	if p := it.FirstChild(); p != nil {
		if box, ok := p.FirstChild().(*east.TaskCheckBox); ok {
			if box.IsChecked {
				return b.ticked
			}
			return b.unticked
		}
	}
	list, ok := it.Parent().(*gast.List)
	if !ok || !list.IsOrdered() {
		return b.item
	}
	n := 1
	for s := it.PreviousSibling(); s != nil && s.Kind() == gast.KindListItem; s = s.PreviousSibling() {
		n++
	}
	if list.Start != 1 {
		n += list.Start - 1
	}
	return len(strconv.Itoa(n)) + b.enum
}

// underItemText is how far right of the list's margin the text of the
// item holding t starts, once hangItems has moved nested lists under their
// parents' text; 0 when t is not a block hangItems moves (the item's first
// block, or inside a block it does not know) or the document holds a mark
// of its own.
func (f fitTables) underItemText(t *east.Table, src []byte) int {
	it := t.Parent()
	if it == nil || it.Kind() != gast.KindListItem || it.FirstChild() == gast.Node(t) ||
		bytes.Contains(src[min(len(src), len(sentinel)):], []byte(hangPrefix)) {
		return 0
	}
	under := f.bullets.of(it)
	for n := it.Parent(); n != nil; n = n.Parent() {
		switch n.Kind() {
		case gast.KindListItem:
			// A nested list sits under its parent's text, not at
			// glamour's fixed indent.
			under += f.bullets.of(n) - f.subListLeft
		case gast.KindList, gast.KindBlockquote, gast.KindDocument:
		default:
			return 0
		}
	}
	return max(under, 0)
}

// tablePlaceholder is a one-cell table holding hangTable.
func tablePlaceholder(c cuts) *east.Table {
	t := east.NewTable()
	t.Alignments = []east.Alignment{east.AlignNone}
	row := east.NewTableRow(t.Alignments)
	cell := east.NewTableCell()
	cell.AppendChild(cell, gast.NewTextSegment(c.tableMark))
	row.AppendChild(row, cell)
	t.AppendChild(t, row)
	return t
}

// renderItemTables renders each table taken out of an item on its own, at
// its width, in a document with no margins: its lines, from the table's
// left edge.
func (r *Renderer) renderItemTables(tables []itemTable, src []byte) ([][]string, error) {
	out := make([][]string, len(tables))
	for k, t := range tables {
		opts := r.opts
		opts.WordWrap = t.width
		none := uint(0)
		doc := &opts.Styles.Document
		doc.Margin, doc.Indent, doc.BlockPrefix, doc.BlockSuffix = &none, &none, "", ""
		rd := renderer.NewRenderer(renderer.WithNodeRenderers(util.Prioritized(ansi.NewRenderer(opts), 1000)))
		d := gast.NewDocument()
		d.AppendChild(d, t.table)
		var buf bytes.Buffer
		if err := rd.Render(&buf, src, d); err != nil {
			return nil, err
		}
		lines := strings.Split(buf.String(), "\n")
		blank := func(l string) bool { return strings.TrimSpace(xansi.Strip(l)) == "" }
		for len(lines) > 0 && blank(lines[0]) {
			lines = lines[1:]
		}
		for len(lines) > 0 && blank(lines[len(lines)-1]) {
			lines = lines[:len(lines)-1]
		}
		out[k] = lines
	}
	return out, nil
}

// placeTables puts each table's lines where its placeholder's line is in
// out: left of them what the placeholder's line holds left of the table
// (the margins, a quote's bar), right of them spaces to that line's width.
// markCol is where the mark sits from the table's left edge.
func placeTables(out string, tables [][]string, markCol int) string {
	if len(tables) == 0 {
		return out
	}
	lines := strings.Split(out, "\n")
	res := make([]string, 0, len(lines))
	next := 0
	for _, line := range lines {
		at := strings.Index(line, hangTable)
		if at < 0 || next >= len(tables) {
			res = append(res, line)
			continue
		}
		left := xansi.StringWidth(line[:at]) - markCol
		cut := byteAtColumn(line, left)
		if left < 0 || cut < 0 {
			cut = 0
		}
		prefix, full := line[:cut], xansi.StringWidth(line)
		if strings.Contains(prefix, "\x1b[") && !strings.HasSuffix(prefix, "\x1b[m") {
			prefix += "\x1b[m" // the cut fell inside a coloured space
		}
		for _, l := range tables[next] {
			nl := prefix + l
			if w := xansi.StringWidth(nl); w < full {
				nl += strings.Repeat(" ", full-w)
			}
			res = append(res, nl)
		}
		next++
	}
	for ; next < len(tables); next++ { // a placeholder glamour did not print: the table is kept
		res = append(res, tables[next]...)
	}
	return strings.Join(res, "\n")
}

// tableMarkCol is the column of a table's first cell's text from the
// table's left edge: the table's indent and margin, and its cells' left
// margin and padding.
func tableMarkCol(st ansi.StyleTable) int {
	col := int(deref(st.Indent)+deref(st.Margin)) + 1
	if st.Margin != nil {
		col += int(*st.Margin)
	}
	return col
}
