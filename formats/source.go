package formats

import (
	"github.com/skillstudio/skillstudio/model"
)

// Source is an opened source, ready to search (registry opens them).
type Source struct {
	// Base carries the FS and where it came from (Source, Root, Local);
	// Dir and File are set per skill.
	Base model.Location
	// Root is the path inside Base.FS to search: a folder or one skill.
	Root string
	// Notes are findings about the source itself rather than one skill
	// (a rejected remote index entry, a stale cache).
	Notes []model.Diagnostic
	// Annotate, when set, adds what only the source knows (a remote
	// skill's verified digest) to each skill read from it.
	Annotate func(*model.Skill)
	// Exclude leaves paths out of the search when the source is local
	// (Stream sets it from Settings.Options.Exclude when nil). Root
	// itself is always searched: a path named explicitly is linted.
	Exclude model.PathFilter
	// Folders is asked about the project files the search finds below
	// a local root (Stream sets it from Settings.Options.Folders when
	// nil): their exclude: and profile: apply below their folders.
	Folders model.FolderConfigs
	// KeepTemplates takes SKILL.md templates for skills (Stream sets it
	// from Settings.Options.KeepTemplates); see find_template.go.
	KeepTemplates bool
}

// Searched is a source with what Find saw in it: the skills to read and
// the OS Loop indexes the library check compares them with.
type Searched struct {
	Source
	Found Found
	// Notes are the search's problems and the source's own notes, with
	// the rule config applied: the source's findings before any check.
	Notes []model.Diagnostic
}

// Search finds the skills of src.
func Search(src Source, cfg *model.RuleConfig) *Searched { return SearchFunc(src, cfg, nil) }

// SearchFunc is Search handing each candidate to emit as it is found (see
// FindFunc).
func SearchFunc(src Source, cfg *model.RuleConfig, emit func(Candidate) bool) *Searched {
	return searchWith(src, cfg, emit, nil)
}

// searchWith is SearchFunc handing left each OS Loop repository the
// search has left (see findWith).
func searchWith(src Source, cfg *model.RuleConfig, emit func(Candidate) bool, left func(index string, packages int)) *Searched {
	found := findWith(src.Base.FS, src.Root, emit, left, src.scope())
	notes := cfg.FilterAt(src.Base.Root, found.Problems)
	notes = append(notes, cfg.FilterAt(src.Base.Root, append([]model.Diagnostic(nil), src.Notes...))...)
	found.Problems = nil // in Notes
	return &Searched{Source: src, Found: found, Notes: notes}
}

// single reports whether the source is one skill named as the root:
// linting one package of a repository checks its own index entry (those
// findings land on the skill) but not the rest of the index, which is
// about packages nobody asked for.
func (s *Searched) single() bool {
	c := s.Found.Candidates
	return len(c) == 1 && c[0].Path == s.Root
}

// Read reads one candidate of src: its format's reader, then the source's
// annotations, then cfg (the only time cfg touches the reader's findings).
func Read(src Source, c Candidate, opts model.Options, cfg *model.RuleConfig) *model.Skill {
	s := Load(c, src.Base, opts)
	if src.Annotate != nil {
		src.Annotate(s)
	}
	s.Diagnostics = cfg.FilterAt(s.Location.Root, s.Diagnostics)
	return s
}
