package lsp

import (
	"io/fs"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skillstudio/skillstudio/fix"
	"github.com/skillstudio/skillstudio/internal/lineend"
	"github.com/skillstudio/skillstudio/internal/pathname"
	"github.com/skillstudio/skillstudio/internal/safefs"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/suppress"
)

// wholeFile says whether rule's findings are about a file, not a line
// (model.Rule.WholeFile): only the file-wide comment disables them.
func (s *Server) wholeFile(rule string) bool {
	r, ok := s.rules.Get(rule)
	return ok && r.WholeFile
}

// codeActions offers, for each finding on the requested lines, its fix
// (the same edits lint --fix writes) and a comment that disables the rule
// for that line.
func (s *Server) codeActions(p *protocol.CodeActionParams) []protocol.CodeAction {
	s.mu.Lock()
	r, d := s.latest, s.docs[p.TextDocument.URI]
	var current string
	if d != nil {
		current = d.text.data
	}
	folders := slices.Clone(s.folders)
	s.mu.Unlock()
	out := []protocol.CodeAction{}
	if r == nil || d == nil || r.texts[d.path] != current {
		return out // not linted since the last keystroke: offsets would be stale
	}
	t := s.textOf(current)
	var fixes, disables []protocol.CodeAction
	disabled := map[[2]any]bool{}
	for _, f := range r.byPath[d.path] {
		// The finding's line as the editor counts (a lone "\r" ends one).
		diag := s.toLSP(r, t, f)
		if line := diag.Range.Start.Line; line < p.Range.Start.Line || line > p.Range.End.Line {
			continue
		}
		if f.Fix != nil {
			// A workspace folder is read with its open buffers; a file
			// outside them from its own folder, through safefs as lint
			// read it.
			base, baseFS := f.base, fs.FS(safefs.Dir(f.base))
			for _, wf := range folders {
				if wf.root == f.base {
					baseFS = wf.fs
				}
			}
			if edit, ok := s.workspaceEdit(r, base, baseFS, f.Fix.Edits); ok {
				fixes = append(fixes, protocol.CodeAction{
					Title: f.Fix.Description + " (" + f.Rule + ")", Kind: protocol.QuickFix,
					Diagnostics: []protocol.Diagnostic{diag}, IsPreferred: true, Edit: edit,
				})
			}
		}
		if f.Line < 1 {
			continue
		}
		key := [2]any{f.Rule, f.Line}
		// The comment goes above the line as the readers count lines
		// (a lone "\r" ends none there, but does in the LSP's: see text).
		begin, text, _ := t.readerLine(f.Line)
		title, at := "Disable "+f.Rule+" for this line", t.lineOf(begin)
		comment, ok := suppress.Comment(d.path, f.Rule, text, at < t.frontmatterEnd())
		if s.wholeFile(f.Rule) {
			// Above the finding's line, past any frontmatter.
			key, title, at = [2]any{f.Rule, 0}, "Disable "+f.Rule+" for this file", max(at, t.frontmatterEnd()+1)
			comment, ok = suppress.FileComment(d.path, f.Rule)
		} else if suppress.SyntaxOf(d.path) == suppress.Markdown && inTableBody(t, at) {
			// In a table's body a comment line above the row ends the
			// table (the rows after it render as a paragraph): the
			// file-wide comment goes at the top of the body instead.
			key, title, at = [2]any{f.Rule, 0}, "Disable "+f.Rule+" for this file", t.frontmatterEnd()+1
			comment, ok = suppress.FileComment(d.path, f.Rule)
		}
		if disabled[key] {
			continue
		}
		if !ok {
			continue
		}
		disabled[key] = true
		pos := protocol.Position{Line: uint32(at)}
		disables = append(disables, protocol.CodeAction{
			Title: title, Kind: protocol.QuickFix,
			Diagnostics: []protocol.Diagnostic{diag},
			Edit: &protocol.WorkspaceEdit{Changes: map[uri.URI][]protocol.TextEdit{
				d.uri: {{Range: protocol.Range{Start: pos, End: pos}, NewText: lineend.Match([]byte(current), comment)}},
			}},
		})
	}
	return append(append(out, fixes...), disables...)
}

// workspaceEdit turns a fix's byte edits (FS paths under root) into
// LSP edits against the text each file had when it was linted. It checks
// them with fix.ApplyToBytes first: edits that do not apply are not
// offered.
func (s *Server) workspaceEdit(r *result, root string, fsys fs.FS, edits []model.TextEdit) (*protocol.WorkspaceEdit, bool) {
	byFile := map[string][]model.TextEdit{}
	for _, e := range edits {
		byFile[filepath.Join(root, filepath.FromSlash(e.File))] = append(byFile[filepath.Join(root, filepath.FromSlash(e.File))], e)
	}
	paths := make([]string, 0, len(byFile))
	for p := range byFile {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	out := &protocol.WorkspaceEdit{Changes: map[uri.URI][]protocol.TextEdit{}}
	for _, p := range paths {
		u := uri.File(p)
		content, ok := r.texts[p]
		if ok {
			u = uri.URI(r.uris[p])
		} else {
			// Read as lint read it: inside the workspace, regular files only.
			rel, inside := pathname.Rel(root, p)
			if !inside || fsys == nil {
				return nil, false
			}
			data, err := fs.ReadFile(fsys, filepath.ToSlash(rel))
			if err != nil {
				return nil, false
			}
			content = string(data)
		}
		if _, err := fix.ApplyToBytes([]byte(content), byFile[p]); err != nil {
			return nil, false
		}
		t := s.textOf(content)
		for _, e := range byFile[p] {
			out.Changes[u] = append(out.Changes[u], protocol.TextEdit{
				Range: protocol.Range{Start: t.pos(e.Start), End: t.pos(e.End)}, NewText: lineend.Match([]byte(content), e.NewText),
			})
		}
	}
	return out, true
}

// inTableBody says whether 0-based line n is a row of a Markdown table
// below its delimiter row: the lines above it, up to a blank one, hold
// '|' and one of them is the delimiter row (| --- | :-: |).
func inTableBody(t *text, n int) bool {
	if !strings.Contains(t.line(n), "|") {
		return false
	}
	for i := n - 1; i >= 0; i-- {
		l := strings.TrimSpace(t.line(i))
		if l == "" || !strings.Contains(l, "|") {
			return false
		}
		if isDelimiterRow(l) {
			return true
		}
	}
	return false
}

// isDelimiterRow: a GFM table's second line, cells of dashes with
// optional colons, separated by '|'.
func isDelimiterRow(l string) bool {
	dash := false
	for _, cell := range strings.Split(strings.Trim(l, "|"), "|") {
		c := strings.TrimSpace(cell)
		c = strings.TrimSuffix(strings.TrimPrefix(c, ":"), ":")
		if c == "" || strings.Trim(c, "-") != "" {
			return false
		}
		dash = true
	}
	return dash
}
