package mdrender

import (
	"bytes"

	"charm.land/glamour/v2/ansi"
	gast "github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// Emphasis marks printed once. A style that shows emphasis as marks
// (notty and ascii: "*", "**") has glamour print them around each text
// node inside the emphasis, and a line break or an escape splits the
// text: "*two\nlines*" came out "*two **lines*", "**a *b* c**" as
// "**a ***b***c**". New takes the marks out of the style and this
// transformer puts them in the tree once, first and last child of each
// emphasis, from the sentinel (glamour prints only source segments).

// emphasisMarks is the sentinel's code span holding the marks.
const emphasisMarks = "`**`"

// markEmphasis is the transformer; emph and strong are the style's marks
// ("" where the style has none or marks this code cannot place).
type markEmphasis struct{ emph, strong string }

// emphMark is the mark a style prints on each side of emphasis, "" when
// it prints none or different ones.
func emphMark(s ansi.StylePrimitive) string {
	if s.BlockPrefix == s.BlockSuffix && s.Prefix == "" && s.Suffix == "" {
		return s.BlockPrefix
	}
	return ""
}

// movableMark is mark when the sentinel holds it, else "".
func movableMark(mark string) string {
	if mark == "*" || mark == "**" {
		return mark
	}
	return ""
}

func (m markEmphasis) Transform(doc *gast.Document, reader text.Reader, _ parser.Context) {
	if m.emph == "" && m.strong == "" {
		return
	}
	src := reader.Source()
	at := bytes.Index(src[:min(len(src), len(sentinel))], []byte(emphasisMarks))
	if at < 0 {
		return
	}
	at++ // past the backtick
	var ems []*gast.Emphasis
	_ = gast.Walk(doc, func(n gast.Node, entering bool) (gast.WalkStatus, error) {
		if e, ok := n.(*gast.Emphasis); ok && entering {
			ems = append(ems, e)
		}
		return gast.WalkContinue, nil
	})
	for _, e := range ems {
		mark := m.emph
		if e.Level > 1 {
			mark = m.strong
		}
		if mark == "" {
			continue
		}
		if e.FirstChild() == nil {
			continue
		}
		seg := text.NewSegment(at, at+len(mark))
		e.InsertBefore(e, e.FirstChild(), gast.NewTextSegment(seg))
		e.AppendChild(e, gast.NewTextSegment(seg))
	}
}
