package lsp

import (
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	gmtext "github.com/yuin/goldmark/text"
	"go.lsp.dev/protocol"
)

// markupNodes parses md as CommonMark and returns the kinds of node an
// editor would render as something other than text (links, images, raw
// HTML) and the text of each code span.
func markupNodes(md string) (active []string, spans []string) {
	src := []byte(md)
	doc := goldmark.New().Parser().Parse(gmtext.NewReader(src))
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n.Kind() {
		case ast.KindLink, ast.KindImage, ast.KindAutoLink, ast.KindRawHTML, ast.KindHTMLBlock:
			active = append(active, n.Kind().String())
		case ast.KindCodeSpan:
			var b strings.Builder
			for c := n.FirstChild(); c != nil; c = c.NextSibling() {
				if t, ok := c.(*ast.Text); ok {
					b.Write(t.Segment.Value(src))
				}
			}
			spans = append(spans, b.String())
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return active, spans
}

// A quiz target is the skill author's text; a hover shows it inside a
// code span. Written between single backticks, a target holding a
// backtick closed the span, and the rest was rendered: an image the
// editor fetches from the author's server on hover, a link posing as the
// tool's advice. Each target must come back as one code span, whole.
func TestHoverQuotesQuizTargetsAsInertCode(t *testing.T) {
	targets := []string{
		"x` ![t](https://evil.example/t.png) [Fix now](https://evil.example/fix) `y",
		"z`` [Open](https://evil.example/o) ``",
		"`<img src=https:evil.example/p>`",
		"<https://evil.example/auto>",
	}
	actions := []string{"goto", "load-reference", "load-skill"}
	var b strings.Builder
	b.WriteString("---\nname: demo\ndescription: Shows hostile quiz targets for the hover test.\nquiz:\n  - title: Check\n    questions:\n      - question: Ready?\n        options:\n          - label: yes\n        onIncorrect:\n")
	type at struct {
		line   uint32
		target string
	}
	var hovers []at
	line := uint32(10)
	for _, a := range actions {
		for _, tg := range targets {
			b.WriteString("          - " + a + ": \"" + strings.ReplaceAll(tg, `"`, `\"`) + "\"\n")
			hovers = append(hovers, at{line, tg})
			line++
		}
	}
	b.WriteString("---\n\n# Demo\n")
	skill := b.String()
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"demo/SKILL.md": skill})
	c := newClient(t, root)
	c.open("demo/SKILL.md", skill)
	c.waitFor("demo/SKILL.md", func([]protocol.Diagnostic) bool { return true })
	for _, h := range hovers {
		var got *protocol.Hover
		c.call(protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: c.uri("demo/SKILL.md")}, Position: protocol.Position{Line: h.line, Character: 14}}}, &got)
		if got == nil {
			t.Errorf("line %d: no hover", h.line)
			continue
		}
		active, spans := markupNodes(got.Contents.Value)
		if len(active) > 0 {
			t.Errorf("hover renders %v from the skill's text: %q", active, got.Contents.Value)
		}
		if len(spans) == 0 || spans[0] != h.target {
			t.Errorf("hover's code spans %q, want the target %q whole", spans, h.target)
		}
	}
}

func TestCodeSpanHoldsAnyText(t *testing.T) {
	for _, s := range []string{"", "plain", "`", "``", "a`b", "a``b```c", " `x` ", "  ", "a\n\nb", "[x](y)", "<b>"} {
		checkCodeSpan(t, s)
	}
}

func FuzzCodeSpan(f *testing.F) {
	for _, s := range []string{"a`b", "x` ![t](u) `y", "``", " a ", "a\r\n\r\nb"} {
		f.Add(s)
	}
	f.Fuzz(checkCodeSpan)
}

// checkCodeSpan: codeSpan(s) parses as a paragraph of one code span whose
// text is s with line breaks as spaces, and nothing else.
func checkCodeSpan(t *testing.T, s string) {
	if strings.ContainsRune(s, 0) || strings.ContainsRune(s, '\uFFFD') {
		return // CommonMark replaces NUL; not text the span changes
	}
	want := strings.NewReplacer("\r\n", " ", "\r", " ", "\n", " ").Replace(s)
	if strings.TrimSpace(want) == "" {
		return // blank: CommonMark keeps it as is, goldmark reads tabs as spaces
	}
	md := "before " + codeSpan(s) + " after"
	active, spans := markupNodes(md)
	if len(active) > 0 || len(spans) != 1 {
		t.Fatalf("codeSpan(%q) = %q renders %v, spans %q", s, codeSpan(s), active, spans)
	}
	if spans[0] != want {
		t.Fatalf("codeSpan(%q) = %q reads back as %q", s, codeSpan(s), spans[0])
	}
}
