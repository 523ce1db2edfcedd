package mdrender

import (
	"bytes"
	"strings"

	gast "github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// Words in lists kept whole. glamour wraps a list's text with ",.;-+|" as
// break points besides spaces, so a path or version inside an item broke
// where it would have fit on the next line ("scripts/run-all." /
// "sh"). Inside a list, each of those characters with no space after it
// is printed from the sentinel as a private-use stand-in, which the
// wrapper does not break at, and Render puts the character back. A word
// longer than the line is still cut at the width.

// wrapBreaks are glamour's list break points; wrapStandIns their
// stand-ins, in the same order (U+E000…, one cell each).
const (
	wrapBreaks   = ",.;-+|"
	wrapStandIns = "\ue000\ue001\ue002\ue003\ue004\ue005"
)

// standInPrefix starts the UTF-8 of every stand-in.
const standInPrefix = "\xee\x80"

// restoreBreaks puts the characters back: each stand-in is its prefix
// and a third byte, 0x80 + the character's index in wrapBreaks.
func restoreBreaks(s string) string {
	i := strings.Index(s, standInPrefix)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for ; i >= 0; i = strings.Index(s, standInPrefix) {
		if k := i + len(standInPrefix); k < len(s) && s[k] >= 0x80 && int(s[k]-0x80) < len(wrapBreaks) {
			b.WriteString(s[:i])
			b.WriteByte(wrapBreaks[s[k]-0x80])
		} else {
			b.WriteString(s[:i+1]) // another private-use character
			s = s[i+1:]
			continue
		}
		s = s[i+len(standInPrefix)+1:]
	}
	b.WriteString(s)
	return b.String()
}

// keepWords is the transformer.
type keepWords struct{}

func (keepWords) Transform(doc *gast.Document, reader text.Reader, _ parser.Context) {
	src := reader.Source()
	at := bytes.Index(src[:min(len(src), len(sentinel))], []byte(wrapStandIns))
	if at < 0 || bytes.Contains(src[len(sentinel):], []byte(standInPrefix)) {
		return // a text holding a stand-in of its own would lose it
	}
	var texts []*gast.Text
	_ = gast.Walk(doc, func(n gast.Node, entering bool) (gast.WalkStatus, error) {
		if !entering {
			return gast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *gast.CodeSpan, *gast.Link, *gast.Image, *gast.AutoLink:
			return gast.WalkSkipChildren, nil
		case *gast.Text: // the sentinel's (an alert's title) left as it is
			if n.Segment.Start >= len(sentinel) && inList(n) && inWordBreak(src, n.Segment, n.Segment.Start) >= 0 {
				texts = append(texts, n)
			}
		}
		return gast.WalkContinue, nil
	})
	for _, n := range texts {
		seg := n.Segment
		var pieces []text.Segment
		from := seg.Start
		for i := inWordBreak(src, seg, from); i >= 0; i = inWordBreak(src, seg, from) {
			if i > from {
				pieces = append(pieces, text.NewSegment(from, i))
			}
			k := at + 3*strings.IndexByte(wrapBreaks, src[i])
			pieces = append(pieces, text.NewSegment(k, k+3))
			from = i + 1
		}
		if from < seg.Stop {
			pieces = append(pieces, text.NewSegment(from, seg.Stop))
		}
		replaceText(n, pieces)
	}
}

// inWordBreak is the index of the first break point in seg at or after
// from that has a character other than a space after it in the segment,
// or -1. A backslash before it (an escape) is left to unescapeText.
func inWordBreak(src []byte, seg text.Segment, from int) int {
	for i := from; i+1 < seg.Stop; i++ {
		if strings.IndexByte(wrapBreaks, src[i]) >= 0 && src[i+1] != ' ' && src[i+1] != '\n' &&
			(i == seg.Start || src[i-1] != '\\') && !endsEntity(src[seg.Start:i+1]) {
			return i
		}
	}
	return -1
}

// endsEntity: s ends in an entity or character reference ("&amp;",
// "&#x200B;"), whose ';' glamour's decoding needs in the same text.
func endsEntity(s []byte) bool {
	if len(s) < 3 || s[len(s)-1] != ';' {
		return false
	}
	for i := len(s) - 2; i >= 0; i-- {
		switch c := s[i]; {
		case c == '&':
			return i < len(s)-2
		case c == '#' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		default:
			return false
		}
	}
	return false
}

// inList: n is inside a list.
func inList(n gast.Node) bool {
	for p := n.Parent(); p != nil; p = p.Parent() {
		if p.Kind() == gast.KindList {
			return true
		}
	}
	return false
}
