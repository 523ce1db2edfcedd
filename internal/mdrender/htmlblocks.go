package mdrender

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/skillstudio/skillstudio/sanitize"
	"github.com/yuin/goldmark"
	gast "github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// HTML blocks as Markdown. glamour prints an HTML block as its text with
// every tag stripped and every line end dropped, so a README-style header
// (<p align="center"><img …></p><h1>…</h1>) ran into the <table> after it
// and the table's cells ran into each other ("TokenValueUse"). Each HTML
// block at the top of the document is read with golang.org/x/net/html and
// written back as the Markdown it means: headings, paragraphs, a pipe
// table (fitted to the width like any other), a summary as a bold line,
// kbd and code as code spans, links and images as Markdown ones. Scripts,
// styles and comments are dropped, as glamour's sanitiser drops them.

// htmlBlocksAsMarkdown rewrites the top-level HTML blocks of md, and those
// inside list items (a <details> under a numbered step): glamour runs an
// item's HTML block into the item's text, tags stripped, and the text after
// it into the same line. A nested block's Markdown is indented to the
// column the block starts at, so it stays the item's.
func htmlBlocksAsMarkdown(md string) string {
	if !mayHoldHTMLBlock(md) {
		return md // no second parse for the many bodies that only mention <name>
	}
	src := []byte(md)
	doc := goldmark.New(goldmark.WithExtensions(extension.GFM)).Parser().Parse(text.NewReader(src))
	var out bytes.Buffer
	from := 0
	var visit func(parent gast.Node, nested bool)
	visit = func(parent gast.Node, nested bool) {
		for n := parent.FirstChild(); n != nil; n = n.NextSibling() {
			if n.Kind() == gast.KindList || n.Kind() == gast.KindListItem {
				visit(n, true)
				continue
			}
			b, ok := n.(*gast.HTMLBlock)
			if !ok || b.Lines().Len() == 0 {
				continue
			}
			start, end := b.Lines().At(0).Start, b.Lines().At(b.Lines().Len()-1).Stop
			if b.HasClosure() {
				end = b.ClosureLine.Stop
			}
			if start < from || end > len(src) {
				continue
			}
			indent := ""
			if ls := lineStart(src, start); ls != start {
				// Inside an item the block's column is the item's text
				// column: only spaces before it. Top-level indented blocks
				// and one on its item's marker line are left to glamour.
				if !nested || ls < from || strings.Trim(string(src[ls:start]), " ") != "" {
					continue
				}
				indent, start = string(src[ls:start]), ls
			}
			out.Write(src[from:start])
			if block := string(src[start:end]); isPlaceholderTag(strings.TrimLeft(block, " ")) {
				// A blank such as <concise outcome> alone on its line
				// (placeholders.go): its text as written, not as HTML.
				out.WriteString(strings.ReplaceAll(block, "<", `\<`))
				from = end
				continue
			}
			// Entities decode to any character (&#27; is ESC): the text is
			// sanitised again, as the skill's own text was before Render.
			out.WriteString("\n" + indentMarkdown(sanitize.String(htmlAsMarkdown(src[start:end])), indent) + "\n")
			from = end
		}
	}
	visit(doc, false)
	if from == 0 {
		return md
	}
	out.Write(src[from:])
	return out.String()
}

// indentMarkdown puts indent before each line of md that is not empty.
func indentMarkdown(md, indent string) string {
	if indent == "" || md == "" {
		return md
	}
	lines := strings.Split(md, "\n")
	for k, l := range lines {
		if l != "" {
			lines[k] = indent + l
		}
	}
	return strings.Join(lines, "\n")
}

// mayHoldHTMLBlock: a line of md starts with <, after spaces only (an
// HTML block inside a list item is indented to the item's text).
func mayHoldHTMLBlock(md string) bool {
	for i := 0; i < len(md); {
		j := i
		for j < len(md) && md[j] == ' ' {
			j++
		}
		if j < len(md) && md[j] == '<' {
			return true
		}
		nl := strings.IndexByte(md[j:], '\n')
		if nl < 0 {
			return false
		}
		i = j + nl + 1
	}
	return false
}

func lineStart(src []byte, i int) int {
	return bytes.LastIndexByte(src[:i], '\n') + 1
}

// htmlAsMarkdown is the Markdown an HTML fragment means, one block per
// paragraph, separated by blank lines.
func htmlAsMarkdown(fragment []byte) string {
	body := &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body}
	nodes, err := html.ParseFragment(bytes.NewReader(fragment), body)
	if err != nil {
		return ""
	}
	w := &htmlWriter{}
	for _, n := range nodes {
		w.block(n)
	}
	w.flush()
	return strings.Join(w.blocks, "\n\n")
}

type htmlWriter struct {
	blocks []string
	line   strings.Builder // the paragraph being written
	// brPending: a <br> came after text; its hard break ("\\\n") is
	// written before the next text, so that a <br> first or last in a
	// paragraph, which breaks no line, does not show as a lone backslash.
	brPending bool
}

// text adds s to the paragraph being written.
func (w *htmlWriter) text(s string) {
	if strings.TrimSpace(s) == "" {
		if w.line.Len() > 0 {
			w.line.WriteString(s)
		}
		return
	}
	if w.brPending {
		w.line.WriteString("\\\n")
		w.brPending = false
	}
	w.line.WriteString(s)
}

// flush ends the paragraph being written.
func (w *htmlWriter) flush() {
	if s := strings.TrimSpace(w.line.String()); s != "" {
		w.blocks = append(w.blocks, s)
	}
	w.line.Reset()
	w.brPending = false
}

// block writes n, starting a new paragraph at each block element.
func (w *htmlWriter) block(n *html.Node) {
	if n.Type == html.TextNode {
		w.text(escapeMarkdown(collapseSpace(n.Data)))
		return
	}
	if n.Type != html.ElementNode {
		return // comments and doctypes
	}
	switch n.DataAtom {
	case atom.Script, atom.Style, atom.Template:
		return
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		w.flush()
		if t := strings.TrimSpace(inline(n)); t != "" {
			w.blocks = append(w.blocks, strings.Repeat("#", int(n.Data[1]-'0'))+" "+t)
		}
	case atom.Summary:
		w.flush()
		if t := strings.TrimSpace(inline(n)); t != "" {
			w.blocks = append(w.blocks, "**"+t+"**")
		}
	case atom.Table:
		w.flush()
		if t := pipeTable(n); t != "" {
			w.blocks = append(w.blocks, t)
		}
	case atom.Ul, atom.Ol:
		w.flush()
		var items []string
		num := listStart(n)
		for li := n.FirstChild; li != nil; li = li.NextSibling {
			if li.DataAtom == atom.Li {
				mark := "- "
				if n.DataAtom == atom.Ol {
					mark = strconv.Itoa(num) + ". "
					num++
				}
				items = append(items, mark+strings.TrimSpace(inline(li)))
			}
		}
		if len(items) > 0 {
			// An empty comment on each side keeps the list its own: a
			// Markdown list next to it, or a second HTML list, would
			// otherwise run on and renumber it. glamour prints nothing
			// for a comment.
			w.blocks = append(w.blocks, listFence, strings.Join(items, "\n"), listFence)
		}
	case atom.Pre:
		w.flush()
		code := strings.Trim(textOf(n), "\n")
		fence := "```"
		for strings.Contains(code, fence) {
			fence += "`"
		}
		w.blocks = append(w.blocks, fence+"\n"+code+"\n"+fence)
	case atom.Hr:
		w.flush()
		w.blocks = append(w.blocks, "***")
	case atom.Br:
		w.brPending = strings.TrimSpace(w.line.String()) != ""
	case atom.P, atom.Div, atom.Center, atom.Section, atom.Article, atom.Header, atom.Footer,
		atom.Details, atom.Blockquote, atom.Figure, atom.Picture, atom.Main, atom.Nav, atom.Aside:
		w.flush()
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			w.block(c)
		}
		w.flush()
	default:
		w.text(inlineFrom(n, false))
	}
}

// inline is the Markdown of n's content on one line.
func inline(n *html.Node) string { return inlineFrom(n.FirstChild, true) }

// inlineFrom is the Markdown of first on one line, and of the siblings
// after it when siblings is set.
func inlineFrom(first *html.Node, siblings bool) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		switch {
		case n.Type == html.TextNode:
			b.WriteString(escapeMarkdown(collapseSpace(n.Data)))
			return
		case n.Type != html.ElementNode:
			return
		}
		switch n.DataAtom {
		case atom.Script, atom.Style, atom.Template:
		case atom.Br:
			b.WriteString(" ")
		case atom.Img:
			if src := attr(n, "src"); src != "" {
				b.WriteString("![" + escapeAlt.Replace(attr(n, "alt")) + "](<" + strings.NewReplacer("<", "%3C", ">", "%3E", "\n", "").Replace(src) + ">)")
			}
		case atom.Code, atom.Kbd, atom.Tt, atom.Samp:
			if t := collapseSpace(textOf(n)); strings.TrimSpace(t) != "" {
				fence := "`"
				for strings.Contains(t, fence) {
					fence += "`"
				}
				b.WriteString(fence + t + fence)
			}
		case atom.Strong, atom.B:
			if t := strings.TrimSpace(inline(n)); t != "" {
				b.WriteString("**" + t + "**")
			}
		case atom.Em, atom.I:
			if t := strings.TrimSpace(inline(n)); t != "" {
				b.WriteString("*" + t + "*")
			}
		case atom.A:
			t, href := inline(n), attr(n, "href")
			if href == "" || strings.ContainsAny(href, " <>()\n") {
				b.WriteString(t)
			} else {
				b.WriteString("[" + t + "](" + href + ")")
			}
		default:
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				walk(c)
			}
		}
	}
	for c := first; c != nil; c = c.NextSibling {
		walk(c)
		if !siblings {
			break
		}
	}
	return b.String()
}

// pipeTable is a GFM table of n's rows, its first row the header; "" when
// it has no cells.
func pipeTable(table *html.Node) string {
	var rows [][]string
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			switch c.DataAtom {
			case atom.Tr:
				var cells []string
				for td := c.FirstChild; td != nil; td = td.NextSibling {
					if td.DataAtom == atom.Td || td.DataAtom == atom.Th {
						cells = append(cells, strings.TrimSpace(inline(td)))
					}
				}
				if len(cells) > 0 {
					rows = append(rows, cells)
				}
			case atom.Thead, atom.Tbody, atom.Tfoot:
				walk(c)
			}
		}
	}
	walk(table)
	if len(rows) == 0 {
		return ""
	}
	cols := 0
	for _, r := range rows {
		cols = max(cols, len(r))
	}
	var b strings.Builder
	for i, r := range rows {
		for len(r) < cols {
			r = append(r, "")
		}
		b.WriteString("| " + strings.Join(r, " | ") + " |\n")
		if i == 0 {
			b.WriteString(strings.Repeat("|---", cols) + "|\n")
		}
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// listFence is the empty HTML comment that ends a list.
const listFence = "<!-- -->"

// listStart is the number an <ol> starts at, as a browser reads its
// start attribute: 1 when it is absent or not a number; CommonMark allows
// at most nine digits.
func listStart(ol *html.Node) int {
	n, err := strconv.Atoi(strings.TrimSpace(attr(ol, "start")))
	if err != nil || n < 0 || n > 999_999_999 {
		return 1
	}
	return n
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// textOf is all the text below n, as written.
func textOf(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}

// collapseSpace turns each run of HTML white space into one space, as a
// browser shows it.
func collapseSpace(s string) string {
	if !strings.ContainsAny(s, "\n\t\r\f") && !strings.Contains(s, "  ") {
		return s
	}
	var b strings.Builder
	space := false
	for _, r := range s {
		if r == ' ' || r == '\n' || r == '\t' || r == '\r' || r == '\f' {
			if !space {
				b.WriteByte(' ')
			}
			space = true
			continue
		}
		space = false
		b.WriteRune(r)
	}
	return b.String()
}

// escapeMarkdown backslash-escapes what Markdown would read as syntax in
// text that HTML showed as it is (a | in a cell, a * in prose).
// escapeAlt escapes an image's alt text: glamour prints it as parsed,
// taking backslash escapes out but leaving entities as written.
var escapeAlt = strings.NewReplacer(`\`, `\\`, "[", `\[`, "]", `\]`, "\n", " ")

var escapeMarkdown = strings.NewReplacer(
	`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`,
	"<", `\<`, ">", `\>`, "&", "&amp;", "#", `\#`, "|", `\|`, "~", `\~`, "!", `\!`,
).Replace
