package formats

import (
	"context"
	"slices"

	"github.com/skillstudio/skillstudio/model"
)

// Collected is the pipeline run to the end over several sources.
type Collected struct {
	// Sources are the searched sources, nil where opening failed.
	Sources []*Searched
	// Errs says, per source, why it could not be opened (nil when it was).
	Errs []error
	// Skills are every source's skills, checked, in source then path order.
	Skills []*model.Skill
	// Findings are, per source, its notes and index findings, with FS
	// paths of that source.
	Findings [][]model.Diagnostic

	// What Check was given, kept for Reread: every skill as its reader
	// left it, the candidate it was read from, and each source as Check
	// saw it, with the index findings made while reading.
	members      []Member
	candidates   []Candidate
	checkSources []*Searched
	early        [][]model.Diagnostic
	set          Settings
}

// Collect drains a Stream per source, in order, then runs Check over all
// of them: the CLI's whole load.
func Collect(ctx context.Context, opens []Opener, set Settings) *Collected {
	c := &Collected{Sources: make([]*Searched, len(opens)), Errs: make([]error, len(opens))}
	var members []Member
	checkSources := make([]*Searched, len(opens))
	early := make([][]model.Diagnostic, len(opens))
	set.Repositories = true // each index is checked as soon as its packages are read
	for si, open := range opens {
		var read []Loaded
		idx := newEarlyIndexes(set.Options, set.Rules)
		for ev := range Stream(ctx, open, set) {
			switch {
			case ev.Err != nil:
				c.Errs[si] = ev.Err
			case ev.Repository != nil:
				idx.leftRepo(ev.Repository)
			case ev.Searched != nil:
				c.Sources[si] = ev.Searched
				idx.search(ev.Searched)
			}
			for _, l := range ev.Batch {
				idx.loaded(l.Skill)
			}
			read = append(read, ev.Batch...)
		}
		checkSources[si], early[si] = idx.finish()
		sortByPath(read)
		// Grown once: appended to one at a time, tens of thousands of
		// members and candidates were copied on every regrowth, on the
		// one goroutine running after the last read.
		members, c.candidates = slices.Grow(members, len(read)), slices.Grow(c.candidates, len(read))
		for _, l := range read {
			members = append(members, Member{Source: si, Skill: l.Skill})
			c.candidates = append(c.candidates, l.Candidate)
		}
	}
	c.members, c.checkSources, c.early, c.set = members, checkSources, early, set
	c.check()
	return c
}

// check runs Check over c's members and sets what it found.
func (c *Collected) check() {
	checked := Check(c.checkSources, c.members, c.set.Options, c.set.Rules)
	c.Skills = checked.Skills
	c.Findings = make([][]model.Diagnostic, len(c.Sources))
	for si, src := range c.Sources {
		if src != nil {
			c.Findings[si] = append(append(append([]model.Diagnostic(nil), src.Notes...), c.early[si]...), checked.Sources[si]...)
		}
	}
	if c.set.Options.FindingsOnly {
		for _, s := range c.Skills {
			s.Doc = nil // the OS Loop packages, kept for the index checks
		}
	}
}

// Library is c as one library, its library findings with FS paths (of
// its one source: for a single FS, as LoadAll).
func (c *Collected) Library() *model.Library {
	lib := &model.Library{Skills: c.Skills}
	for _, ds := range c.Findings {
		lib.Diagnostics = append(lib.Diagnostics, ds...)
	}
	return lib
}

// Merged is c as one library whose library findings carry display paths
// (Location.Path): once sources are merged, the FS a finding's path
// belongs to is ambiguous, and they have no skill to say it.
func (c *Collected) Merged() *model.Library {
	lib := &model.Library{Skills: c.Skills}
	for si, ds := range c.Findings {
		if src := c.Sources[si]; src != nil {
			lib.Diagnostics = append(lib.Diagnostics, displayPaths(ds, src.Base)...)
		}
	}
	return lib
}

// displayPaths returns copies of findings whose FS paths (and their
// fixes' edits') are paths a person can open.
func displayPaths(ds []model.Diagnostic, base model.Location) []model.Diagnostic {
	out := make([]model.Diagnostic, len(ds))
	for i, d := range ds {
		d.File = base.Path(d.File)
		if d.Fix != nil {
			fix := *d.Fix
			fix.Edits = slices.Clone(fix.Edits)
			for j := range fix.Edits {
				fix.Edits[j].File = base.Path(fix.Edits[j].File)
			}
			d.Fix = &fix
		}
		out[i] = d
	}
	return out
}

// LoadAll runs the whole pipeline over one opened FS: every skill under
// root, read, checked, with cfg applied.
func LoadAll(ctx context.Context, base model.Location, root string, opts model.Options, cfg *model.RuleConfig) *model.Library {
	open := func() (Source, error) { return Source{Base: base, Root: root}, nil }
	return Collect(ctx, []Opener{open}, Settings{Options: opts, Rules: cfg}).Library()
}
