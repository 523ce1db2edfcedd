package mdrender

import (
	"bytes"
	"strings"

	gast "github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"github.com/skillstudio/skillstudio/internal/lazyre"
)

// GitHub alerts: a quote whose first line is [!NOTE], [!TIP],
// [!IMPORTANT], [!WARNING] or [!CAUTION] (any case) is shown as a quote
// under a bold title ("Note"), coloured as GitHub colours it when the style
// has colour. Any other [!FOO] stays as written, as on GitHub. The marker's
// text nodes are taken out of the AST and a title put in their place; the
// title's text lives in the sentinel paragraph (glamour prints only
// segments of the source).

// alertKinds are GitHub's five, in the order their titles sit in the
// sentinel, with the 256-colour GitHub's palette is closest to.
var alertKinds = []struct{ marker, title, colour string }{
	{"NOTE", "Note", "33"},
	{"TIP", "Tip", "71"},
	{"IMPORTANT", "Important", "141"},
	{"WARNING", "Warning", "178"},
	{"CAUTION", "Caution", "203"},
}

// alertMarker is the marker at the start of a quote's first line.
var alertMarker = lazyre.New(`(?i)^[ ]{0,3}\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]`)

// alertTitles is the sentinel's tail: each kind's colour escape, then its
// title.
var alertTitles = func() string {
	var b strings.Builder
	for _, k := range alertKinds {
		b.WriteString(colourEscape(k.colour) + k.title)
	}
	return b.String()
}()

// alerts is the transformer. colour says whether the style has colour; bold
// whether its strong text is an attribute rather than "**" marks (notty's
// titles are plain).
type alerts struct{ colour, bold bool }

func (a alerts) Transform(doc *gast.Document, reader text.Reader, _ parser.Context) {
	src := reader.Source()
	base := bytes.Index(src, []byte(alertTitles))
	if base < 0 || base > len(sentinel) {
		return
	}
	var quotes []*gast.Blockquote
	_ = gast.Walk(doc, func(n gast.Node, entering bool) (gast.WalkStatus, error) {
		if q, ok := n.(*gast.Blockquote); ok && entering {
			quotes = append(quotes, q)
		}
		return gast.WalkContinue, nil
	})
	for _, q := range quotes {
		a.convert(q, src, base)
	}
}

// convert turns q into an alert if its first line is a marker.
func (a alerts) convert(q *gast.Blockquote, src []byte, base int) {
	p, ok := q.FirstChild().(*gast.Paragraph)
	if !ok || p.Lines().Len() == 0 {
		return
	}
	line := p.Lines().At(0)
	m := alertMarker.FindSubmatchIndex(src[line.Start:line.Stop])
	if m == nil {
		return
	}
	kind := 0
	for i, k := range alertKinds {
		if strings.EqualFold(string(src[line.Start+m[2]:line.Start+m[3]]), k.marker) {
			kind = i
		}
	}
	end := line.Start + m[1]
	// The marker must be plain text (not inside a link or code span).
	for n := p.FirstChild(); n != nil; n = n.NextSibling() {
		tx, ok := n.(*gast.Text)
		if !ok {
			return
		}
		if tx.Segment.Stop >= end {
			break
		}
	}
	// Take the marker out, and the blanks after it on its line.
	for n := p.FirstChild(); n != nil; {
		tx := n.(*gast.Text)
		next := n.NextSibling()
		if tx.Segment.Stop <= end {
			p.RemoveChild(p, n)
			n = next
			if tx.SoftLineBreak() || tx.HardLineBreak() {
				break // the marker was alone on its line
			}
			continue
		}
		start := max(tx.Segment.Start, end)
		for start < tx.Segment.Stop && (src[start] == ' ' || src[start] == '\t') {
			start++
		}
		tx.Segment = text.NewSegment(start, tx.Segment.Stop)
		if start == tx.Segment.Stop && !tx.SoftLineBreak() && !tx.HardLineBreak() {
			p.RemoveChild(p, n)
		}
		break
	}
	a.putTitle(q, p, base, kind)
}

// putTitle puts kind's title in a paragraph of its own before p (glamour
// joins a paragraph's lines, hard breaks too), or in p's place when the
// marker was all p held.
func (a alerts) putTitle(q *gast.Blockquote, p *gast.Paragraph, base, kind int) {
	at := base
	for _, k := range alertKinds[:kind] {
		at += len(colourEscape(k.colour)) + len(k.title)
	}
	esc := len(colourEscape(alertKinds[kind].colour))
	end := at + esc + len(alertKinds[kind].title)
	if !a.colour {
		at += esc
	}
	// One run, escape and title, so that glamour's reset after each run
	// does not take the colour off.
	var title gast.Node = gast.NewTextSegment(text.NewSegment(at, end))
	if a.bold {
		strong := gast.NewEmphasis(2)
		strong.AppendChild(strong, title)
		title = strong
	}
	para := gast.NewParagraph()
	para.AppendChild(para, title)
	if p.HasChildren() {
		q.InsertBefore(q, p, para)
	} else {
		q.ReplaceChild(q, p, para)
	}
}

func colourEscape(colour string) string { return "\x1b[38;5;" + colour + "m" }
