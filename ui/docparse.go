package ui

import (
	"io/fs"
	"net/url"
	"path"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"

	"github.com/skillstudio/skillstudio/sanitize"
)

// docOutline is what the reader needs from a Markdown document besides
// its rendering: headings to jump between and links to follow. It is read
// from a syntax tree (goldmark, which glamour uses too), so a `#` in a code
// block is no heading and a link in inline code is no link.
type docOutline struct {
	headings []string
	links    []docLink
}

// docLink is a relative link to a file of the same skill.
type docLink struct {
	text   string // the link's text, sanitised
	target string // FS path of the file
}

// outline parses md. Links are kept when they are relative, stay inside
// skillDir and name a file that exists in fsys.
func outline(md string, fsys fs.FS, dir, skillDir string) docOutline {
	src := []byte(md)
	doc := goldmark.New().Parser().Parse(text.NewReader(src))
	var o docOutline
	seen := map[string]bool{}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			if t := strings.TrimSpace(sanitize.Line(nodeText(n, src))); t != "" {
				o.headings = append(o.headings, t)
			}
			return ast.WalkSkipChildren, nil
		case *ast.Link:
			target, ok := resolveLink(string(n.Destination), dir, skillDir)
			if !ok || seen[target] || fsys == nil {
				break
			}
			if info, err := fs.Stat(fsys, target); err != nil || info.IsDir() {
				break
			}
			seen[target] = true
			label := strings.TrimSpace(sanitize.Line(nodeText(n, src)))
			if label == "" {
				label = target
			}
			o.links = append(o.links, docLink{text: label, target: target})
		}
		return ast.WalkContinue, nil
	})
	return o
}

// resolveLink turns a link destination into an FS path inside skillDir;
// ok is false for URLs, anchors and paths that leave the skill.
func resolveLink(dest, dir, skillDir string) (string, bool) {
	if dest == "" || strings.HasPrefix(dest, "#") || strings.HasPrefix(dest, "/") {
		return "", false
	}
	if u, err := url.Parse(dest); err != nil || u.Scheme != "" || u.Host != "" {
		return "", false
	}
	if i := strings.IndexAny(dest, "#?"); i >= 0 {
		dest = dest[:i]
	}
	if unescaped, err := url.PathUnescape(dest); err == nil {
		dest = unescaped
	}
	p := path.Join(dir, dest)
	if skillDir != "." && p != skillDir && !strings.HasPrefix(p, skillDir+"/") {
		return "", false
	}
	if p == ".." || strings.HasPrefix(p, "../") {
		return "", false
	}
	return p, true
}

// nodeText is the plain text of an inline tree.
func nodeText(n ast.Node, src []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			b.Write(c.Segment.Value(src))
			if c.SoftLineBreak() || c.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(c.Value)
		case *ast.CodeSpan:
			for cc := c.FirstChild(); cc != nil; cc = cc.NextSibling() {
				if t, ok := cc.(*ast.Text); ok {
					b.Write(t.Segment.Value(src))
				}
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

// headingLines finds where each heading landed in the rendered output, in
// order: the first line at or after the previous heading's whose visible
// text ends with the heading text (glamour prefixes "## " or pads).
func headingLines(rendered string, headings []string) []int {
	lines := strings.Split(rendered, "\n")
	var out []int
	from := 0
	for _, h := range headings {
		h = strings.ToLower(strings.Join(strings.Fields(h), " "))
		for i := from; i < len(lines); i++ {
			plain := strings.ToLower(strings.Join(strings.Fields(ansi.Strip(lines[i])), " "))
			plain = strings.TrimSpace(strings.TrimLeft(plain, "# "))
			if plain != "" && (plain == h || strings.HasSuffix(plain, h) || strings.HasPrefix(h, plain) && len(plain) > len(h)/2) {
				out = append(out, i)
				from = i + 1
				break
			}
		}
	}
	return out
}
