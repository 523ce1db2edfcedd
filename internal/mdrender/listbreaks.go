package mdrender

import (
	"bytes"

	gast "github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// A list item's text reflows like a paragraph's. glamour renders the text
// of a list item without its paragraph step, which is what turns a soft
// line break into a space: an item written over two source lines came
// out broken where the source broke, with a short ragged line before the
// terminal's own wrap ("A soft break" / "continues here…"). Each soft
// break in a list item's own text becomes a space, taken from the
// sentinel (glamour prints only source segments).

// sentinelSpace ends the sentinel's paragraph: the plain space listBreaks
// points at (the "." keeps it from being trailing white space).
const sentinelSpace = " ."

// listBreaks is the transformer.
type listBreaks struct{}

func (listBreaks) Transform(doc *gast.Document, reader text.Reader, _ parser.Context) {
	src := reader.Source()
	at := bytes.Index(src[:min(len(src), len(sentinel))], []byte(alertTitles+sentinelSpace))
	if at < 0 {
		return
	}
	space := text.NewSegment(at+len(alertTitles), at+len(alertTitles)+1)
	var soft []*gast.Text
	var items []*gast.ListItem
	_ = gast.Walk(doc, func(n gast.Node, entering bool) (gast.WalkStatus, error) {
		if !entering {
			return gast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *gast.Text:
			if n.SoftLineBreak() && inListItemText(n) {
				soft = append(soft, n)
			}
		case *gast.ListItem:
			items = append(items, n)
		}
		return gast.WalkContinue, nil
	})
	for _, tx := range soft {
		next, _ := tx.NextSibling().(*gast.Text)
		switch {
		case next != nil && next.Segment.Start > 0 && src[next.Segment.Start-1] == ' ':
			// The continuation line's indent holds a space: the next
			// text starts one byte earlier. This works inside emphasis
			// too, where a node of its own would get markers of its own.
			next.Segment.Start--
		case tx.Parent().Type() == gast.TypeBlock:
			tx.Parent().InsertAfter(tx.Parent(), tx, gast.NewTextSegment(space))
		default:
			continue // a lazy line inside emphasis or a link: left as written
		}
		tx.SetSoftLineBreak(false)
	}
	// Paragraphs of one item were run together ("itemwith a second
	// paragraph"): each but the last ends in a blank line.
	empty := text.NewSegment(space.Start, space.Start)
	for _, item := range items {
		for c := item.FirstChild(); c != nil; c = c.NextSibling() {
			if c.Kind() == gast.KindParagraph && c.NextSibling() != nil && c.NextSibling().Kind() == gast.KindParagraph {
				for range 2 {
					br := gast.NewTextSegment(empty)
					br.SetSoftLineBreak(true)
					c.AppendChild(c, br)
				}
			}
		}
	}
}

// inListItemText: n is inline text of a block that is a list item's own
// (its paragraph or, in a tight list, its text block).
func inListItemText(n gast.Node) bool {
	for p := n.Parent(); p != nil; p = p.Parent() {
		if p.Type() == gast.TypeBlock {
			return p.Parent() != nil && p.Parent().Kind() == gast.KindListItem
		}
	}
	return false
}
