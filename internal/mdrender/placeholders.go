package mdrender

import (
	"slices"
	"strings"

	gast "github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// Placeholders in angle brackets. Skills write the blanks of a template
// as <name>, <affected files> or <your-task-here>; CommonMark reads each
// as an HTML tag, and glamour drops raw HTML, so show printed "Files:"
// with nothing after it, while the agent reads the whole text. A tag
// whose name is no HTML element is shown as written; real tags (<b>,
// <br>, <kbd>) are left to glamour and htmlblocks.go as before.

// placeholderTags is the transformer for inline tags.
type placeholderTags struct{}

func (placeholderTags) Transform(doc *gast.Document, reader text.Reader, _ parser.Context) {
	src := reader.Source()
	var found []*gast.RawHTML
	_ = gast.Walk(doc, func(n gast.Node, entering bool) (gast.WalkStatus, error) {
		if raw, ok := n.(*gast.RawHTML); ok && entering && raw.Segments.Len() > 0 &&
			isPlaceholderTag(segmentText(raw.Segments, src)) {
			found = append(found, raw)
		}
		return gast.WalkContinue, nil
	})
	for _, raw := range found {
		parent := raw.Parent()
		var after gast.Node = raw
		for i := 0; i < raw.Segments.Len(); i++ {
			t := gast.NewTextSegment(raw.Segments.At(i))
			t.SetSoftLineBreak(i < raw.Segments.Len()-1) // a tag may span lines
			parent.InsertAfter(parent, after, t)
			after = t
		}
		parent.RemoveChild(parent, raw)
	}
}

// isPlaceholderTag: s starts with an opening or closing tag whose name is
// not an HTML element. Comments, declarations and processing instructions
// (<!…>, <?…>) are markup, not blanks.
func isPlaceholderTag(s string) bool {
	s = strings.TrimPrefix(strings.TrimPrefix(s, "<"), "/")
	end := 0
	for end < len(s) && (isASCIILetter(s[end]) || end > 0 && (s[end] >= '0' && s[end] <= '9' || s[end] == '-')) {
		end++
	}
	if end == 0 {
		return false
	}
	_, known := slices.BinarySearch(htmlElements, strings.ToLower(s[:end]))
	return !known
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// htmlElements is every element of the HTML living standard, the obsolete
// ones browsers still render (center, font, …) and the SVG and MathML
// roots, sorted for BinarySearch (TestHTMLElementsSorted). A literal, not
// a map: nothing is built at start-up.
var htmlElements = []string{
	"a", "abbr", "acronym", "address", "area", "article", "aside", "audio",
	"b", "base", "bdi", "bdo", "big", "blink", "blockquote", "body", "br", "button",
	"canvas", "caption", "center", "cite", "code", "col", "colgroup",
	"data", "datalist", "dd", "del", "details", "dfn", "dialog", "dir", "div", "dl", "dt",
	"em", "embed", "fieldset", "figcaption", "figure", "font", "footer", "form", "frame", "frameset",
	"h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hgroup", "hr", "html",
	"i", "iframe", "img", "input", "ins", "kbd", "label", "legend", "li", "link",
	"main", "map", "mark", "marquee", "math", "menu", "meta", "meter", "nav", "nobr", "noscript",
	"object", "ol", "optgroup", "option", "output", "p", "param", "picture", "plaintext", "pre", "progress",
	"q", "rp", "rt", "ruby", "s", "samp", "script", "search", "section", "select", "slot", "small",
	"source", "span", "strike", "strong", "style", "sub", "summary", "sup", "svg",
	"table", "tbody", "td", "template", "textarea", "tfoot", "th", "thead", "time", "title", "tr", "track", "tt",
	"u", "ul", "var", "video", "wbr", "xmp",
}

// segmentText is the first segment of segs, the tag's start.
func segmentText(segs *text.Segments, src []byte) string {
	s := segs.At(0)
	return string(s.Value(src))
}
