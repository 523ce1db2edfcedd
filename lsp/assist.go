package lsp

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"go.lsp.dev/protocol"

	"github.com/skillstudio/skillstudio/config"
	"github.com/skillstudio/skillstudio/formats/skillmd"
	"github.com/skillstudio/skillstudio/formats/xgs"
	"github.com/skillstudio/skillstudio/internal/lazyre"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/sanitize"
)

// kind is which assistance a file gets.
type kind int

const (
	other kind = iota
	markdown
	script
)

func kindOf(p string) kind {
	switch {
	case strings.HasSuffix(p, ".xgs.js"), strings.HasSuffix(p, ".ts"), strings.HasSuffix(p, ".js"):
		return script
	case strings.HasSuffix(strings.ToLower(p), ".md"):
		return markdown
	}
	return other
}

var (
	frontKey     = lazyre.New(`^(\s*-?\s*)([A-Za-z0-9_-]+):(\s*)(.*)$`)
	directiveRe  = lazyre.New(`^(\s*//\s*@)([A-Za-z0-9_.:-]*)(\s*)(.*)$`)
	functionRe   = lazyre.New(`^\s*(?:export\s+)?(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)`)
	quizActionRe = lazyre.New(`^\s*-?\s*(goto|load-skill|load-reference):\s*["']?([^"'#]+?)["']?\s*$`)
)

// snapshot is an open document with the latest lint, for one request.
func (s *Server) snapshot(u protocol.DocumentURI) (*document, *result, model.Profile) {
	s.mu.Lock()
	d := s.docs[u]
	if d == nil {
		s.mu.Unlock()
		return nil, nil, ""
	}
	c := *d
	profile := model.ProfileAll
	var conf *config.Config
	if d.folder != nil {
		profile, conf = d.folder.settings.Profile, d.folder.conf
	} else if len(s.folders) > 0 {
		profile = s.folders[0].settings.Profile // linted with the first folder's settings
	}
	latest := s.latest
	s.mu.Unlock()
	// A subfolder's config sets the profile its skills are linted with
	// (looked at outside s.mu: it may read the file).
	if p := conf.ProfileAt(filepath.Dir(c.path)); p != "" {
		profile = p
	}
	return &c, latest, profile
}

// hover explains a frontmatter key, an xgs directive, or where a quiz
// action's target resolves.
func (s *Server) hover(u protocol.DocumentURI, pos protocol.Position) *protocol.Hover {
	d, r, _ := s.snapshot(u)
	if d == nil {
		return nil
	}
	if int(pos.Line) >= d.text.lineCount() {
		return nil
	}
	line := d.text.line(int(pos.Line))
	// The byte in line the position names: the patterns' indexes are bytes,
	// the position's character counts the settled encoding's units.
	col := d.text.offset(pos) - d.text.start(int(pos.Line))
	var md string
	switch kindOf(d.path) {
	case markdown:
		if int(pos.Line) >= d.text.frontmatterEnd() {
			return nil
		}
		if m := quizActionRe.FindStringSubmatch(line); m != nil {
			md = s.resolveAction(r, d, m[1], strings.TrimSpace(m[2]))
			break
		}
		if m := frontKey.FindStringSubmatchIndex(line); m != nil && col >= m[4] && col <= m[5] && strings.TrimSpace(line[:m[4]]) == "" {
			md = fieldHover(line[m[4]:m[5]])
		}
	case script:
		if m := directiveRe.FindStringSubmatchIndex(line); m != nil && col <= m[5] {
			md = directiveHover(line[m[4]:m[5]])
		}
	}
	if md == "" {
		return nil
	}
	return &protocol.Hover{Contents: protocol.MarkupContent{Kind: protocol.Markdown, Value: sanitize.String(md)}}
}

func fieldHover(key string) string {
	doc, ok := fieldDocs[key]
	layer := skillmd.FieldLayer(key)
	if !ok && layer == "" {
		return fmt.Sprintf("**%s** is not a field any agent defines; agents ignore it.", key)
	}
	out := fmt.Sprintf("**%s** (%s)\n\n%s", key, layer, doc.meaning)
	if vs := enumValues(key); len(vs) > 0 {
		out += "\n\nAllowed values: `" + strings.Join(vs, "`, `") + "`"
	}
	return out
}

func enumValues(key string) []string {
	if vs := skillmd.FieldValues(key); vs != nil {
		return vs
	}
	return fieldDocs[key].values
}

func directiveHover(key string) string {
	spec, ok := xgs.SpecOf(key)
	if !ok {
		return fmt.Sprintf("**@%s** is not a directive of the spec's header table.", key)
	}
	var notes []string
	if spec.Required {
		notes = append(notes, "required")
	}
	if spec.Repeatable {
		notes = append(notes, "repeatable")
	}
	out := "**@" + key + "**"
	if len(notes) > 0 {
		out += " (" + strings.Join(notes, ", ") + ")"
	}
	out += "\n\n" + spec.Doc
	if vs := directiveValues[key]; len(vs) > 0 {
		out += "\n\nAllowed values: `" + strings.Join(vs, "`, `") + "`"
	}
	return out
}

// resolveAction says where a quiz action's target leads.
func (s *Server) resolveAction(r *result, d *document, action, target string) string {
	switch action {
	case "load-skill":
		if r != nil {
			for _, sk := range r.lib.Skills {
				if sk.Name == target {
					return fmt.Sprintf("**load-skill** %s → %s", codeSpan(target), codeSpan(filepath.ToSlash(s.shown(sk.Location.Path(sk.Location.File)))))
				}
			}
		}
		return fmt.Sprintf("**load-skill** %s → no skill of that name in this workspace", codeSpan(target))
	case "load-reference":
		p := filepath.Join(filepath.Dir(d.path), filepath.FromSlash(target))
		s.mu.Lock()
		f, rel := s.ownerOf(p)
		s.mu.Unlock()
		if f != nil {
			if _, err := f.fs.Stat(rel); err == nil {
				return fmt.Sprintf("**load-reference** %s → %s", codeSpan(target), codeSpan(filepath.ToSlash(rel)))
			}
		}
		return fmt.Sprintf("**load-reference** %s → no such file in the skill", codeSpan(target))
	case "goto":
		body, shift := blankFrontmatter(d.text)
		for _, h := range skillmd.OutlineOf([]byte(body)).Headings {
			if h.Text == target || h.Slug == strings.TrimPrefix(target, "#") {
				// The editor's line number, by offset (see text).
				return fmt.Sprintf("**goto** %s → heading on line %d", codeSpan(target), d.text.lineOf(h.Offset+shift)+1)
			}
		}
		return fmt.Sprintf("**goto** %s → no such heading in the body", codeSpan(target))
	}
	return ""
}

// codeSpan writes skill text (a quiz target, a file name) as one
// CommonMark code span the text cannot close: its fence is one backtick
// longer than the longest run inside, and a space pads text that starts or
// ends with a backtick. Written between single backticks, a target holding
// one ended the span early, and the rest — a remote image the editor
// fetches on hover, a link posing as the tool's advice — was rendered as
// Markdown. Line breaks become spaces: a blank line would end the span's
// paragraph.
func codeSpan(s string) string {
	s = strings.NewReplacer("\r\n", " ", "\r", " ", "\n", " ").Replace(s)
	longest, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") || strings.HasPrefix(s, " ") && strings.HasSuffix(s, " ") {
		s = " " + s + " "
	}
	return fence + s + fence
}

// shown is p relative to its workspace folder when inside one.
func (s *Server) shown(p string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if f, r := s.ownerOf(p); f != nil && r != "." {
		return r
	}
	return p
}

// blankFrontmatter is the text with its frontmatter lines emptied, so a
// Markdown outline's offsets are the file's: shift is what to add to one
// (the frontmatter's length less the blank lines standing for it).
func blankFrontmatter(t *text) (blanked string, shift int) {
	end := t.frontmatterEnd()
	if end < 0 {
		return t.data, 0
	}
	body := min(len(t.data), t.start(min(end+1, len(t.starts)-1)))
	return strings.Repeat("\n", end+1) + t.data[body:], body - (end + 1)
}

// complete offers frontmatter keys (those the profile knows) and their
// enum values in Markdown, directive names and values in scripts.
func (s *Server) complete(u protocol.DocumentURI, pos protocol.Position) *protocol.CompletionList {
	d, _, profile := s.snapshot(u)
	out := &protocol.CompletionList{Items: []protocol.CompletionItem{}}
	if d == nil {
		return out
	}
	line := d.text.line(int(pos.Line))
	before := line[:min(len(line), d.text.offset(pos)-d.text.start(min(int(pos.Line), len(d.text.starts)-1)))]
	add := func(label, detail string, k protocol.CompletionItemKind) {
		out.Items = append(out.Items, protocol.CompletionItem{Label: label, Detail: detail, Kind: k})
	}
	switch kindOf(d.path) {
	case markdown:
		if int(pos.Line) >= d.text.frontmatterEnd() || pos.Line == 0 {
			return out
		}
		if m := frontKey.FindStringSubmatch(before); m != nil && strings.TrimSpace(m[1]) == "" {
			for _, v := range enumValues(m[2]) {
				add(v, m[2], protocol.CompletionItemKindEnumMember)
			}
			return out
		}
		if strings.TrimLeft(before, " \t") != before || strings.Contains(before, ":") {
			return out // nested keys are not top-level fields
		}
		for _, name := range skillmd.FieldNames(profile) {
			if strings.HasPrefix(name, before) {
				add(name, skillmd.FieldLayer(name), protocol.CompletionItemKindField)
			}
		}
	case script:
		m := directiveRe.FindStringSubmatch(before)
		if m == nil {
			return out
		}
		if m[3] != "" { // after the name: its values
			for _, v := range directiveValues[m[2]] {
				add(v, "@"+m[2], protocol.CompletionItemKindEnumMember)
			}
			return out
		}
		for _, spec := range xgs.Directives {
			if strings.HasPrefix(spec.Key, m[2]) {
				add(spec.Key, spec.Doc, protocol.CompletionItemKindKeyword)
			}
		}
	}
	return out
}

// symbols outlines a document: Markdown headings and quiz blocks, script
// functions.
func (s *Server) symbols(u protocol.DocumentURI) []protocol.DocumentSymbol {
	return cleanSymbols(s.rawSymbols(u))
}

// cleanSymbols sanitises the names an editor shows in its outline: they
// are the skill's own text (headings, quiz titles, function names), and a
// terminal editor would otherwise draw an escape or bidi override raw.
func cleanSymbols(syms []protocol.DocumentSymbol) []protocol.DocumentSymbol {
	for i := range syms {
		if syms[i].Name = sanitize.String(syms[i].Name); syms[i].Name == "" {
			syms[i].Name = "(empty)" // editors refuse a symbol without a name
		}
		syms[i].Detail = sanitize.String(syms[i].Detail)
		syms[i].Children = cleanSymbols(syms[i].Children)
	}
	return syms
}

func (s *Server) rawSymbols(u protocol.DocumentURI) []protocol.DocumentSymbol {
	d, _, _ := s.snapshot(u)
	out := []protocol.DocumentSymbol{}
	if d == nil {
		return out
	}
	lineRange := func(n int) protocol.Range {
		l := d.text.line(n)
		return protocol.Range{Start: protocol.Position{Line: uint32(n)}, End: protocol.Position{Line: uint32(n), Character: uint32(d.text.enc.len(l))}}
	}
	switch kindOf(d.path) {
	case markdown:
		end := d.text.frontmatterEnd()
		inQuiz := false
		for i := 1; i < end; i++ {
			l := d.text.line(i)
			if m := frontKey.FindStringSubmatch(l); m != nil && m[1] == "" {
				inQuiz = m[2] == "quiz"
				if inQuiz {
					out = append(out, protocol.DocumentSymbol{Name: "quiz", Kind: protocol.SymbolKindArray, Range: lineRange(i), SelectionRange: lineRange(i)})
				}
				continue
			}
			if inQuiz {
				if m := frontKey.FindStringSubmatch(l); m != nil && strings.Contains(m[1], "-") && slices.Contains([]string{"title", "id", "question"}, m[2]) {
					out[len(out)-1].Children = append(out[len(out)-1].Children, protocol.DocumentSymbol{
						Name: strings.Trim(m[4], `"'`), Detail: m[2], Kind: protocol.SymbolKindObject, Range: lineRange(i), SelectionRange: lineRange(i),
					})
				}
			}
		}
		blanked, shift := blankFrontmatter(d.text)
		for _, h := range skillmd.OutlineOf([]byte(blanked)).Headings {
			name := h.Text
			if name == "" {
				name = "(empty heading)"
			}
			line := d.text.lineOf(h.Offset + shift)
			out = append(out, protocol.DocumentSymbol{
				Name: name, Detail: strings.Repeat("#", h.Level), Kind: protocol.SymbolKindString,
				// By offset: the outline counts lines as the readers do.
				Range: lineRange(line), SelectionRange: lineRange(line),
			})
		}
	case script:
		for i := 0; i < d.text.lineCount(); i++ {
			if m := functionRe.FindStringSubmatch(d.text.line(i)); m != nil {
				out = append(out, protocol.DocumentSymbol{Name: m[1], Kind: protocol.SymbolKindFunction, Range: lineRange(i), SelectionRange: lineRange(i)})
			}
		}
	}
	return out
}
