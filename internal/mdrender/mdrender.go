// Package mdrender renders Markdown for the terminal: glamour's own
// pipeline, with relative link targets shown as written, tables fitted to
// the width and GitHub alerts shown as titled quotes.
package mdrender

import (
	"bytes"
	"fmt"
	"net/url"
	"strings"

	"charm.land/glamour/v2/ansi"
	"charm.land/glamour/v2/styles"
	xansi "github.com/charmbracelet/x/ansi"
	"github.com/yuin/goldmark"
	gast "github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Relative link targets as written. glamour resolves every link and image
// target against its base URL, even an empty one, so `../x` showed as
// `/x` and `references/a.md` as `/references/a.md`. An absolute URL is
// left alone, so relative targets are given a marker scheme while parsing
// and the marker is taken out of the rendered text.

// relMarker is the scheme relative targets wear through glamour: short, so
// a wrapped target keeps it whole at the start of its line.
const relMarker = "skrel:"

// Renderer is glamour's own pipeline (the same goldmark
// extensions and parser options as glamour.NewTermRenderer) with the
// marker transformer added.
type Renderer struct {
	md goldmark.Markdown
	// codeEdge is the width a code line may reach, the document's right
	// margin left out; codeWrap: a long code line is wrapped (codewrap.go).
	codeEdge int
	codeWrap bool
	// opts renders a table inside a list item on its own (listtables.go);
	// tableMarkCol is where its placeholder's mark sits in a table.
	opts         ansi.Options
	tableMarkCol int
}

// New renders in a standard glamour style ("dark", "light", "notty", …)
// word-wrapped at wrap cells.
func New(style string, wrap int) (*Renderer, error) {
	cfg, ok := styles.DefaultStyles[style]
	if !ok {
		return nil, fmt.Errorf("%s: style not found", style)
	}
	doc, code := cfg.Document, cfg.Code.StylePrimitive
	top := wrap - int(deref(doc.Indent)) - 2*int(deref(doc.Margin))
	codeExtra := xansi.StringWidth(code.Prefix + code.Suffix)
	st := *cfg
	opts := ansi.Options{Styles: st, WordWrap: wrap}
	if c := st.CodeBlock.Chroma; c != nil {
		opts.Styles.CodeBlock.Theme, opts.Styles.CodeBlock.Chroma = codeTheme(style, c), nil
		opts.ChromaFormatter = codeLinesFormatter("terminal256")
	} else if st.CodeBlock.Theme == "" {
		// A style without a code theme (notty, ascii: show's default when
		// piped or NO_COLOR is set) renders a code block as Markdown text,
		// taking its backslash escapes out: a regex's \. printed as ".",
		// a UNC path's \\ as "\". The highlighter prints the code as it
		// is; with the noop formatter it adds no colour.
		opts.Styles.CodeBlock.Theme = "bw"
		opts.ChromaFormatter = codeLinesFormatter("noop")
	}
	if bq := &opts.Styles.BlockQuote; bq.IndentToken != nil && xansi.StringWidth(*bq.IndentToken) == 2 &&
		deref(bq.Indent) == 1 && deref(bq.Margin) == 0 {
		// A quote's bar, "│ ", is two cells, yet glamour counts the
		// indent of one that draws it as one: each quoted line came out a
		// cell too wide and the writer above broke it again, leaving a word
		// alone on a line with no bar (a third of all widths). A margin of
		// one draws the bar once and is counted twice, once for each side.
		one, none := uint(1), uint(0)
		bq.Indent, bq.Margin = &none, &one
	}
	// Emphasis marks go in the tree, once per emphasis (emphasis.go).
	marks := markEmphasis{emph: movableMark(emphMark(st.Emph)), strong: movableMark(emphMark(st.Strong))}
	if marks.emph != "" {
		opts.Styles.Emph.BlockPrefix, opts.Styles.Emph.BlockSuffix = "", ""
	}
	if marks.strong != "" {
		opts.Styles.Strong.BlockPrefix, opts.Styles.Strong.BlockSuffix = "", ""
	}
	md := goldmark.New(
		goldmark.WithExtensions(extension.GFM, extension.DefinitionList),
		goldmark.WithParserOptions(
			parser.WithAutoHeadingID(),
			parser.WithASTTransformers(util.Prioritized(relativeTargets{}, 100),
				util.Prioritized(alerts{colour: cfg.Document.Color != nil, bold: cfg.Strong.BlockPrefix == ""}, 150),
				util.Prioritized(hangLists{docLeft: blockLeft(doc), top: top, quoteLeft: blockLeft(opts.Styles.BlockQuote), quoteWidth: blockWidth(opts.Styles.BlockQuote),
					listLeft: blockLeft(listBlock(opts.Styles.List, false)), listWidth: blockWidth(listBlock(opts.Styles.List, false)),
					subListLeft: blockLeft(listBlock(opts.Styles.List, true)), subListWidth: blockWidth(listBlock(opts.Styles.List, true))}, 155),
				util.Prioritized(listBreaks{}, 160),
				util.Prioritized(placeholderTags{}, 164),
				util.Prioritized(unescapeText{}, 165),
				util.Prioritized(marks, 170),
				util.Prioritized(keepWords{}, 175),
				util.Prioritized(fitTables{wrap: wrap, top: top, codeExtra: codeExtra, quote: blockWidth(opts.Styles.BlockQuote),
					list: blockWidth(listBlock(opts.Styles.List, false)), subList: blockWidth(listBlock(opts.Styles.List, true)),
					bullets: newBulletWidths(opts.Styles), subListLeft: blockLeft(listBlock(opts.Styles.List, true))}, 200)),
		),
	)
	ar := ansi.NewRenderer(opts)
	md.SetRenderer(renderer.NewRenderer(renderer.WithNodeRenderers(util.Prioritized(ar, 1000))))
	return &Renderer{md: md, codeEdge: wrap - int(deref(doc.Margin)), codeWrap: st.CodeBlock.Chroma != nil,
		opts: opts, tableMarkCol: tableMarkCol(opts.Styles.Table)}, nil
}

// blockWidth is the width a block of style s takes from what it holds, as
// glamour's block stack counts it: its indent and a margin on each side.
func blockWidth(s ansi.StyleBlock) int { return int(deref(s.Indent)) + 2*int(deref(s.Margin)) }

// blockLeft is the cells a block of style s takes on the left of what it
// holds: its indent and margin, each drawn as its indent token.
func blockLeft(s ansi.StyleBlock) int {
	token := 1
	if s.IndentToken != nil {
		token = xansi.StringWidth(*s.IndentToken)
	}
	return token * int(deref(s.Indent)+deref(s.Margin))
}

// listBlock is the block style glamour gives a list, nested in another list
// or not.
func listBlock(l ansi.StyleList, nested bool) ansi.StyleBlock {
	s := l.StyleBlock
	if nested {
		s.Indent = &l.LevelIndent
	}
	return s
}

func deref(p *uint) uint {
	if p == nil {
		return 0
	}
	return *p
}

// Render renders md and takes the markers out again.
func (r *Renderer) Render(md string) (string, error) {
	var buf bytes.Buffer
	body := breakWide(expandTabs(htmlBlocksAsMarkdown(codeMarkersOut(md))))
	pc := parser.NewContext()
	src := []byte(sentinel + body)
	if err := r.md.Convert(src, &buf, parser.WithContext(pc)); err != nil {
		return "", fmt.Errorf("glamour: error converting markdown: %w", err)
	}
	out := buf.String()
	if tables, _ := pc.Get(itemTablesKey).([]itemTable); len(tables) > 0 {
		rendered, err := r.renderItemTables(tables, src)
		if err != nil {
			return "", fmt.Errorf("glamour: error rendering a table: %w", err)
		}
		out = placeTables(out, rendered, r.tableMarkCol)
	}
	runs, _ := pc.Get(hangKey).([]hangRun)
	blockItems, _ := pc.Get(hangBlocksKey).([]hangBlockAt)
	out = codeLines(strings.ReplaceAll(hangItems(out, runs, blockItems), lineSep, ""), r.codeEdge, r.codeWrap)
	if !strings.Contains(body, standInPrefix) { // else keepWords left the text alone
		out = restoreBreaks(out)
	}
	return encodeHyperlinks(stripMarkers(out)), nil
}

// tabStop is CommonMark's: a tab moves to the next multiple of 4 columns,
// so block structure reads the same once the tabs are spaces.
const tabStop = 4

// expandTabs turns tabs into spaces up to the next tab stop, counting a
// wide character as two cells. glamour pads a code block's line as if a
// tab were one cell wide and the terminal then moves it to its own stop,
// so a devicetree or Go example indented with tabs ran past the block's
// right edge (and the pane's).
func expandTabs(md string) string {
	if !strings.Contains(md, "\t") {
		return md
	}
	var b strings.Builder
	b.Grow(len(md) + 3*strings.Count(md, "\t"))
	col, from := 0, 0
	for i := 0; i < len(md); i++ {
		switch md[i] {
		case '\n':
			b.WriteString(md[from : i+1])
			col, from = 0, i+1
		case '\t':
			col += xansi.StringWidth(md[from:i])
			b.WriteString(md[from:i])
			n := tabStop - col%tabStop
			b.WriteString("    "[:n])
			col += n
			from = i + 1
		}
	}
	b.WriteString(md[from:])
	return b.String()
}

// encodeHyperlinks percent-encodes what is not printable ASCII in the URI
// of every OSC 8 hyperlink glamour wrote (ESC ] 8 ; params ; URI ST): a
// target written between < and > may hold spaces and any character, and
// a terminal reads the URI up to the terminator; RFC 3986 and the OSC 8
// convention want it encoded. What is printed as text is left as written.
func encodeHyperlinks(s string) string {
	const start = "\x1b]8;"
	if !strings.Contains(s, start) {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, start)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i+len(start)])
		s = s[i+len(start):]
		end := strings.IndexAny(s, "\x1b\a")
		if end < 0 {
			end = len(s)
		}
		params, uri, ok := strings.Cut(s[:end], ";")
		if !ok {
			continue
		}
		b.WriteString(params)
		b.WriteByte(';')
		for j := 0; j < len(uri); j++ {
			if c := uri[j]; c < 0x21 || c > 0x7e {
				fmt.Fprintf(&b, "%%%02X", c)
			} else {
				b.WriteByte(c)
			}
		}
		s = s[end:]
	}
}

// stripMarkers takes the markers out, and the head of one cut short by a
// table's truncation ("[1]: x skre…").
func stripMarkers(s string) string {
	s = strings.ReplaceAll(s, relMarker, "")
	for i := len(relMarker) - 1; i > 0 && strings.Contains(s, "…"); i-- {
		s = strings.ReplaceAll(s, " "+relMarker[:i]+"…", " …")
	}
	return s
}

// relativeTargets marks the relative targets of links and images, and
// turns a link whose text is its own target into an autolink.
type relativeTargets struct{}

func (relativeTargets) Transform(doc *gast.Document, reader text.Reader, _ parser.Context) {
	source := reader.Source()
	var selfLinks []*gast.Link
	_ = gast.Walk(doc, func(n gast.Node, entering bool) (gast.WalkStatus, error) {
		if !entering {
			return gast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *gast.Link:
			if label, _ := selfTarget(n, source); label != nil {
				selfLinks = append(selfLinks, n)
				return gast.WalkSkipChildren, nil
			}
			n.Destination = markRelative(n.Destination)
		case *gast.Image:
			n.Destination = markRelative(n.Destination)
		}
		return gast.WalkContinue, nil
	})
	// Replaced after the walk, which would lose its place otherwise.
	for _, link := range selfLinks {
		label, kind := selfTarget(link, source)
		var once gast.Node = label // a relative target as plain text: an autolink would resolve it to "/x"
		if kind != relativeSelf {
			once = gast.NewAutoLink(kind, label)
		}
		link.Parent().ReplaceChild(link.Parent(), link, once)
	}
}

// relativeSelf is selfTarget's kind for a relative target.
const relativeSelf gast.AutoLinkType = -1

// selfTarget reports a link written as its own target —
// [https://x.y](https://x.y), [a@b.c](mailto:a@b.c) or
// [references/a.md](references/a.md) — which glamour would print twice,
// text then target. Its text must be one plain run, so that emphasis or
// code inside is kept.
func selfTarget(link *gast.Link, source []byte) (label *gast.Text, kind gast.AutoLinkType) {
	t, ok := link.FirstChild().(*gast.Text)
	if !ok || t != link.LastChild() || len(link.Title) > 0 {
		return nil, 0
	}
	text, dest := string(t.Value(source)), string(link.Destination)
	u, err := url.Parse(dest)
	switch {
	case err != nil:
		return nil, 0
	case !u.IsAbs():
		if text == dest && !strings.HasPrefix(dest, "#") {
			return t, relativeSelf
		}
		return nil, 0
	case strings.EqualFold(u.Scheme, "mailto") && "mailto:"+text == dest:
		return t, gast.AutoLinkEmail
	case text == dest:
		return t, gast.AutoLinkURL
	}
	return nil, 0
}

// markRelative gives a relative target the marker scheme. Anchors (#x),
// which glamour does not print, and absolute URLs are left as they are.
func markRelative(dest []byte) []byte {
	d := string(dest)
	if d == "" || strings.HasPrefix(d, "#") {
		return dest
	}
	if u, err := url.Parse(d); err != nil || u.IsAbs() {
		return dest
	}
	return []byte(relMarker + d)
}
