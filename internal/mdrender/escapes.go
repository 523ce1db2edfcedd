package mdrender

import (
	gast "github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// Backslash escapes. CommonMark lets any ASCII punctuation be escaped
// with a backslash; goldmark keeps the backslash in the text's segment and
// glamour takes it out only before the eighteen characters of its own
// list, so "Tom \& Jerry", "\$5" or "a\:b" showed their backslash. Each
// text node outside code is split around its escapes: the backslash is
// left out and the escaped character printed on its own, so glamour's
// entity decoding does not read "\&amp;" as "&" either.

// unescapeText is the transformer.
type unescapeText struct{}

func (unescapeText) Transform(doc *gast.Document, reader text.Reader, _ parser.Context) {
	src := reader.Source()
	var escaped []*gast.Text
	_ = gast.Walk(doc, func(n gast.Node, entering bool) (gast.WalkStatus, error) {
		if !entering {
			return gast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *gast.CodeSpan, *gast.RawHTML:
			return gast.WalkSkipChildren, nil // code keeps its backslashes
		case *gast.Text:
			if !n.IsRaw() && n.Segment.Start >= len(sentinel) && escapeAt(src, n.Segment, n.Segment.Start) >= 0 {
				escaped = append(escaped, n)
			}
		}
		return gast.WalkContinue, nil
	})
	for _, n := range escaped {
		splitEscapes(n, src)
	}
}

// splitEscapes replaces n with its pieces: the runs between escapes and
// each escaped character alone.
func splitEscapes(n *gast.Text, src []byte) {
	seg := n.Segment
	var pieces []text.Segment
	from := seg.Start
	for i := escapeAt(src, seg, from); i >= 0; i = escapeAt(src, seg, from) {
		if i > from {
			pieces = append(pieces, text.NewSegment(from, i))
		}
		pieces = append(pieces, text.NewSegment(i+1, i+2))
		from = i + 2
	}
	if from < seg.Stop {
		pieces = append(pieces, text.NewSegment(from, seg.Stop))
	}
	replaceText(n, pieces)
}

// replaceText puts a text node for each of pieces where n was; the last
// keeps n's line break. pieces is never empty: n held text.
func replaceText(n *gast.Text, pieces []text.Segment) {
	parent := n.Parent()
	var after gast.Node = n
	for _, s := range pieces {
		t := gast.NewTextSegment(s)
		parent.InsertAfter(parent, after, t)
		after = t
	}
	last := after.(*gast.Text)
	last.SetSoftLineBreak(n.SoftLineBreak())
	last.SetHardLineBreak(n.HardLineBreak())
	parent.RemoveChild(parent, n)
}

// escapeAt is the index of the first backslash escape in seg at or after
// from, or -1.
func escapeAt(src []byte, seg text.Segment, from int) int {
	for i := from; i+1 < seg.Stop; i++ {
		if src[i] == '\\' {
			if isASCIIPunct(src[i+1]) {
				return i
			}
		}
	}
	return -1
}

func isASCIIPunct(c byte) bool {
	return c >= '!' && c <= '/' || c >= ':' && c <= '@' || c >= '[' && c <= '`' || c >= '{' && c <= '~'
}
