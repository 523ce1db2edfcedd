package lsp

import (
	"context"
	"path/filepath"
	"slices"

	"github.com/skillstudio/skillstudio/report"
	"github.com/skillstudio/skillstudio/sanitize"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/internal/pathname"
	"github.com/skillstudio/skillstudio/model"
)

// result is one lint of the workspace.
type result struct {
	lib *model.Library
	// byPath holds the findings per absolute file path.
	byPath map[string][]found
	// texts are the open buffers as they were linted, by absolute path:
	// fixes carry byte offsets into exactly this text. uris are their URIs
	// as the client spelled them.
	texts map[string]string
	uris  map[string]protocol.DocumentURI
}

// found is a finding with the skill it belongs to (nil for a library
// finding) and the folder its FS paths (a fix's edits) are relative to.
type found struct {
	model.Diagnostic
	skill *model.Skill
	base  string
}

// add takes in the findings of lib, read from an FS opened on base (a
// workspace folder, or the folder above a skill outside them), by
// absolute path. keep, when not nil, says which files' findings are this
// library's to give (a folder nested in another is its own library).
func (r *result) add(lib *model.Library, base string, keep func(path string) bool) {
	if r.lib == nil {
		r.lib = lib
	} else {
		r.lib.Skills = append(r.lib.Skills, lib.Skills...)
	}
	for _, d := range lib.Diagnostics {
		p := filepath.Join(base, filepath.FromSlash(d.File))
		if keep == nil || keep(p) {
			r.byPath[p] = append(r.byPath[p], found{Diagnostic: d, base: base})
		}
	}
	for _, sk := range lib.Skills {
		for _, d := range sk.Diagnostics {
			file := d.File
			if file == "" {
				file = sk.Location.File
			}
			p := sk.Location.Path(file)
			if keep == nil || keep(p) {
				r.byPath[p] = append(r.byPath[p], found{Diagnostic: d, skill: sk, base: base})
			}
		}
	}
}

// lint runs the load pipeline over each workspace folder as the editor
// has it. After a keystroke only the skills that own the changed files are
// read again (formats.Collected.Reread): in a library of 10,000 skills a
// keystroke costs one skill and the library checks, not the library.
// The caller holds s.lintMu.
func (s *Server) lint(ctx context.Context) (*result, []*document) {
	s.mu.Lock()
	folders := slices.Clone(s.folders)
	docs := make([]*document, 0, len(s.docs))
	texts, uris := map[string]string{}, map[string]protocol.DocumentURI{}
	for u, d := range s.docs {
		c := *d
		docs = append(docs, &c)
		texts[d.path], uris[d.path] = d.text.data, u
	}
	changed, all := s.changed, s.rereadAll
	s.changed, s.rereadAll = nil, false
	s.mu.Unlock()
	if folders == nil {
		return nil, nil
	}
	s.rereadConfigs(folders, all)
	r := &result{byPath: map[string][]found{}, texts: texts, uris: uris}
	for _, f := range folders {
		var keep func(string) bool
		if len(folders) > 1 {
			keep = func(p string) bool { o, _ := ownerIn(folders, p); return o == f }
		}
		r.add(f.collect(ctx, changed, all).Library(), f.root, keep)
	}
	// A file outside every folder is linted with the first folder's
	// settings, as lint FILE run from it would; with no folder (none
	// given, all removed, or only the whole disk), with the defaults.
	settings, cfg := defaultSettings(), (*model.RuleConfig)(nil)
	if len(folders) > 0 {
		settings, cfg = folders[0].settings, folders[0].cfg
	}
	s.lintOutside(ctx, r, docs, settings, cfg)
	return r, docs
}

// collect is f's library after the files changed (absolute paths) did:
// the last one when none of them is f's, the last one with their skills
// read again when that is enough, else read whole.
func (f *folder) collect(ctx context.Context, changed []string, all bool) *formats.Collected {
	if !all && f.last != nil {
		var rels []string
		seen := map[string]bool{}
		for _, p := range changed {
			if rel, ok := pathname.Rel(f.root, p); ok && !seen[rel] {
				seen[rel] = true
				rels = append(rels, filepath.ToSlash(rel))
			}
		}
		if len(rels) == 0 {
			return f.last
		}
		// Each path is matched against every skill: past a burst's worth
		// (a checkout reporting thousands of files) reading whole is the
		// cheaper way to the same answer.
		if len(rels) <= maxRereadPaths {
			if c, ok := f.last.Reread(0, rels); ok {
				f.last = c
				return c
			}
		}
	}
	loc := model.Location{Source: f.root, Root: f.root, Local: true, FS: f.fs}
	open := func() (formats.Source, error) { return formats.Source{Base: loc, Root: "."}, nil }
	f.last = formats.Collect(ctx, []formats.Opener{open}, formats.Settings{Options: f.settings, Rules: f.cfg})
	return f.last
}

// maxRereadPaths is the most changed files a lint reads again skill by
// skill.
const maxRereadPaths = 256

// lintAndPublish lints and sends every open document its diagnostics:
// library rules reach across files, so one edit can change another's.
func (s *Server) lintAndPublish(ctx context.Context) {
	s.lintMu.Lock()
	defer s.lintMu.Unlock()
	// Read before lint reads the state: each change is made before the
	// lint it schedules is counted, so this lint covers lint number gen.
	s.mu.Lock()
	gen := s.scheduledGen
	s.mu.Unlock()
	r, docs := s.lint(ctx)
	if r == nil {
		s.linted(ctx, gen, nil, nil)
		return
	}
	s.mu.Lock()
	s.latest = r
	folders := slices.Clone(s.folders)
	pull := s.pull
	s.mu.Unlock()
	s.showConfigProblems(ctx, folders)
	defer s.linted(ctx, gen, r, docs)
	if pull {
		return // the client asks (pull.go)
	}
	for _, d := range docs {
		s.conn.Notify(ctx, protocol.MethodTextDocumentPublishDiagnostics, &protocol.PublishDiagnosticsParams{
			URI: d.uri, Version: uint32(max(d.version, 0)), Diagnostics: s.diagnostics(r, d),
		})
	}
}

// diagnostics are d's findings as LSP diagnostics.
func (s *Server) diagnostics(r *result, d *document) []protocol.Diagnostic {
	// d's index is of the text linted (both taken under one lock): a
	// second index of a 40 MB buffer per publish cost as much again.
	t := d.text
	if t.data != r.texts[d.path] { // two URIs naming one file
		t = s.textOf(r.texts[d.path])
	}
	out := []protocol.Diagnostic{}
	for _, f := range r.byPath[d.path] {
		out = append(out, s.toLSP(r, t, f))
	}
	return out
}

func (s *Server) toLSP(r *result, t *text, f found) protocol.Diagnostic {
	msg := f.Message
	if f.Hint != "" {
		msg += "\n" + f.Hint
	}
	return protocol.Diagnostic{
		Range:              findingRange(t, f.Diagnostic),
		Severity:           lspSeverity(f.Severity),
		Code:               f.Rule,
		CodeDescription:    &protocol.CodeDescription{Href: uri.URI(report.RuleHelpURL(f.Rule))},
		Source:             "skillstudio",
		Message:            sanitize.String(msg),
		RelatedInformation: related(r, f),
	}
}

// findingRange is where a finding is: its span when it has one, else
// from its column to the end of its line (the whole first line when it
// has no position).
func findingRange(t *text, d model.Diagnostic) protocol.Range {
	line := max(d.Line, 1)
	start := t.at(line, max(d.Column, 1))
	if d.Line < 1 {
		start = protocol.Position{}
	}
	end := t.at(line, utf16Len(t.line(line-1))+1)
	if d.EndLine > 0 && d.EndColumn > 0 {
		end = t.at(d.EndLine, d.EndColumn)
	}
	if end.Line < start.Line || end.Line == start.Line && end.Character < start.Character {
		end = start
	}
	return protocol.Range{Start: start, End: end}
}

func lspSeverity(s model.Severity) protocol.DiagnosticSeverity {
	switch s {
	case model.SeverityError:
		return protocol.DiagnosticSeverityError
	case model.SeverityWarning:
		return protocol.DiagnosticSeverityWarning
	}
	return protocol.DiagnosticSeverityInformation
}

// related points a library finding at the other skills involved: the
// other skill of a duplicate name or namespace.
func related(r *result, f found) []protocol.DiagnosticRelatedInformation {
	if f.skill == nil {
		return nil
	}
	same := func(o *model.Skill) bool {
		switch f.Rule {
		case "library/duplicate-name":
			return o.Name == f.skill.Name
		case "library/duplicate-namespace":
			return o.Namespace != "" && o.Namespace == f.skill.Namespace
		}
		return false
	}
	var out []protocol.DiagnosticRelatedInformation
	for _, o := range r.lib.Skills {
		if o == f.skill || !same(o) {
			continue
		}
		out = append(out, protocol.DiagnosticRelatedInformation{
			Location: protocol.Location{URI: protocol.DocumentURI(uri.File(o.Location.Path(o.Location.File)))},
			Message:  "the other skill named " + sanitize.String(o.Name),
		})
	}
	return out
}
