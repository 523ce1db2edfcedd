package formats

import (
	"io/fs"
	"path"
	"sort"

	"github.com/skillstudio/skillstudio/formats/osloop"
	"github.com/skillstudio/skillstudio/model"
)

// earlyIndexes runs a source's OS Loop index checks during Collect, each
// as soon as the search has ended and every package of its repository has
// been read, so that under FindingsOnly the parsed manifests (kept only
// for these checks) are dropped then rather than after the last skill of
// the library is read: at 50,000 skills they were most of the heap.
//
// A repository the stream says the search has left (Event.Repository) is
// checked as soon as its packages are read, while the rest of the library
// is still being read: waiting for the whole search to end put every
// check on the serial path after the last read.
//
// The findings are exactly Check's: the same CheckIndex over the same
// packages in path order, cfg applied to what it adds, the loose findings
// in repository order; Check is then given the source without its
// repositories.
type earlyIndexes struct {
	opts model.Options
	cfg  *model.RuleConfig
	// searched is nil until the search ends; loaded skills wait in
	// waiting until their repository is known (left, or searched).
	searched *Searched
	repos    []*pendingRepo
	byDir    map[string]*pendingRepo
	waiting  map[string][]*model.Skill
	// left are the repositories known before the search ended, by
	// folder; fsys is the source's FS they are read from.
	left map[string]*pendingRepo
	fsys fs.FS
}

type pendingRepo struct {
	index    string
	expected int
	skills   []*model.Skill
	loose    []model.Diagnostic
	done     bool
	// single: the source is this one package (its index's other entries
	// are not checked as loose findings).
	single bool
}

func newEarlyIndexes(opts model.Options, cfg *model.RuleConfig) *earlyIndexes {
	return &earlyIndexes{opts: opts, cfg: cfg, waiting: map[string][]*model.Skill{}, left: map[string]*pendingRepo{}}
}

// leftRepo takes a repository the search has left, with its package
// count: its skills already read are taken from waiting.
func (e *earlyIndexes) leftRepo(l *LeftRepository) {
	if e.searched != nil {
		return // search() has it
	}
	parent := path.Dir(l.Index)
	r := &pendingRepo{index: l.Index, expected: l.Packages}
	e.fsys = l.FS
	e.left[parent] = r
	r.skills = append(r.skills, e.waiting[parent]...)
	delete(e.waiting, parent)
	e.maybeCheck(r)
}

// loaded takes one skill read by the stream.
func (e *earlyIndexes) loaded(s *model.Skill) {
	if s.Format != model.FormatOSLoop {
		return
	}
	parent := path.Dir(s.Location.Dir)
	if e.searched == nil {
		if r := e.left[parent]; r != nil {
			r.skills = append(r.skills, s)
			e.maybeCheck(r)
			return
		}
		e.waiting[parent] = append(e.waiting[parent], s)
		return
	}
	if r := e.byDir[parent]; r != nil {
		r.skills = append(r.skills, s)
		e.maybeCheck(r)
	}
}

// search takes the source's search: what each repository waits for.
func (e *earlyIndexes) search(src *Searched) {
	e.searched, e.fsys = src, src.Base.FS
	e.byDir = map[string]*pendingRepo{}
	for _, repo := range src.Found.Repositories {
		dir := path.Dir(repo.Index) // one index per folder
		r := e.left[dir]
		if r == nil {
			r = &pendingRepo{index: repo.Index, single: src.single()}
		}
		e.repos = append(e.repos, r)
		e.byDir[dir] = r
	}
	for _, c := range src.Found.Candidates {
		if c.Format == model.FormatOSLoop {
			if r := e.byDir[path.Dir(c.Path)]; r != nil && e.left[path.Dir(c.Path)] == nil {
				r.expected++
			}
		}
	}
	e.left = nil
	for parent, ss := range e.waiting {
		if r := e.byDir[parent]; r != nil {
			r.skills = append(r.skills, ss...)
		}
	}
	e.waiting = nil
	for _, r := range e.repos {
		e.maybeCheck(r)
	}
}

func (e *earlyIndexes) maybeCheck(r *pendingRepo) {
	if r.done || len(r.skills) < r.expected {
		return
	}
	r.done = true
	// Check passes the packages in path order (a candidate's path is its
	// folder for OS Loop), and CheckIndex's findings follow that order.
	sort.SliceStable(r.skills, func(i, j int) bool { return r.skills[i].Location.Dir < r.skills[j].Location.Dir })
	own := make([]int, len(r.skills))
	for i, s := range r.skills {
		own[i] = len(s.Diagnostics)
	}
	ds := osloop.CheckIndex(e.fsys, r.index, r.skills, e.opts)
	if !r.single {
		r.loose = ds
	}
	for i, s := range r.skills {
		s.Diagnostics = append(s.Diagnostics[:own[i]], e.cfg.FilterAt(s.Location.Root, s.Diagnostics[own[i]:])...)
		if e.opts.FindingsOnly {
			s.Doc = nil // the manifest was kept for this check only
		}
	}
	r.skills = nil
}

// finish returns the source to give Check, without the repositories
// checked here, and the loose findings of those, cfg applied, in
// repository order: what Check would have put first in the source's
// findings. A repository whose packages did not all arrive (a cancelled
// stream) is left to Check.
func (e *earlyIndexes) finish() (src *Searched, loose []model.Diagnostic) {
	if e.searched == nil {
		return nil, nil
	}
	trimmed := *e.searched
	trimmed.Found.Repositories = nil
	for i, r := range e.repos {
		if r.done {
			loose = append(loose, r.loose...)
		} else {
			trimmed.Found.Repositories = append(trimmed.Found.Repositories, e.searched.Found.Repositories[i])
		}
	}
	// Capped as a skill's findings are: a hostile index.json of 60,000
	// entries gives 200 per rule and a line saying how many more.
	return &trimmed, model.CapFindings(e.cfg.FilterAt(e.searched.Base.Root, loose))
}
