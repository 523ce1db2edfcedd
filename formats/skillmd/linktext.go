package skillmd

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	gmtext "github.com/yuin/goldmark/text"
)

// linkText is the plain text of a link's (or image's) text as the fast
// scanner found it between the brackets. Plain text is read as is; markup
// is read by goldmark from the link alone, which gives what it gives in
// place because inline content does not depend on the rest of the body
// once the body has no link reference definitions (the fast path never
// accepts them). When the link alone does not parse back into one link,
// the scan gives up and goldmark reads the whole body.
func (s *fastScanner) linkText(raw []byte, image bool) string {
	if !bytes.ContainsAny(raw, "`*_[]!<&\\\n") {
		return s.keep(bytes.TrimSpace(raw))
	}
	open := "["
	if image {
		open = "!["
	}
	src := make([]byte, 0, len(raw)+len(open)+4)
	src = append(append(append(src, open...), raw...), "](x)"...)
	doc := markdownParser().Parse(gmtext.NewReader(src))
	para := doc.FirstChild()
	if para == nil || para.NextSibling() != nil || para.FirstChild() == nil || para.FirstChild().NextSibling() != nil {
		s.failed = true
		return ""
	}
	switch n := para.FirstChild().(type) {
	case *ast.Link:
		if !image {
			return inlineText(n, src)
		}
	case *ast.Image:
		if image {
			return inlineText(n, src)
		}
	}
	s.failed = true
	return ""
}
