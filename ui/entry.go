package ui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/registry"
	"github.com/skillstudio/skillstudio/sanitize"
)

// Entry is one skill in the studio. Its ID stays the same when the skill
// is re-read after a change, so selection and scroll survive the update.
//
// An Entry's skills are never mutated once set: a re-read or a library
// check builds a new *model.Skill and swaps it in from Update, so commands
// running in the background may read them freely.
type Entry struct {
	ID        int
	Candidate formats.Candidate
	// Base is the source's location (FS, Root, Source, Local).
	Base model.Location
	// Source is the label of the source the skill came from.
	Source string
	src    int // index of the source in the loader
	// annotate adds what only the source knows (a remote digest check).
	annotate func(*model.Skill)
	// Skill is what is shown: the reader's result with the library-wide
	// findings added.
	Skill *model.Skill
	// loaded is the reader's result alone (config applied), the starting
	// point of every library check.
	loaded *model.Skill
	row    row
	// risk is the security review of loaded, riskQueued the loaded skill
	// last sent for review (see review_risk.go).
	risk       *riskResult
	riskQueued *model.Skill
	// stub: a remote skill its index named, not fetched yet; failed: it
	// could not be fetched (the source's findings say why).
	stub, failed bool
	// withheld is set when the registry did not use the skill (its
	// digest did not match, its files could not be fetched).
	withheld *registry.Withheld

	// A local skill is kept slim (see hydrate.go): loaded and checked lack
	// the views (body, functions, display fields), which Skill gets from
	// view, a whole read of the same skill, while the skill pane shows it.
	slim bool
	// checked is the shown skill without the views grafted on.
	checked *model.Skill
	view    *model.Skill
	// hydrating is the loaded skill a whole read is under way for.
	hydrating *model.Skill
	// hasFunctions is whether the whole read had functions (the filter
	// and the Functions tab ask, and a slim skill has none).
	hasFunctions bool
	// where, set by the library for a skill whose name another skill
	// shares, says where it lives as far as that differs (namesakes.go).
	where string
}

// row holds an entry's display strings, sanitised once when it is read so
// drawing 5,000 rows costs no sanitising per frame. Each is a bounded head
// of the skill's text, what a row can show and the fuzzy filter reads: a
// 6 KB name and description were sanitised and measured whole, 4 ms a
// skill to load. The skill pane shows the whole description.
type row struct {
	name, version, desc, keywords string
	// filterKey is what `/` matches against: name first, so that a match
	// in the name ranks above one deep in a description.
	filterKey string
	// hay is the whole name, keywords and description in lower case, for
	// "exact" words, which search all of them: built on first use (from
	// src), not for every skill loaded.
	hay                     *string
	src                     *model.Skill
	sortKey                 string // lower-case name
	errors, warnings, infos int
	// Display widths, measured once (measuring is the costly part of
	// laying out 5,000 rows).
	nameWidth, versionWidth, countsWidth int
}

// rowVersionBytes is how much of a version a row keeps: its column is at
// most 10 cells.
const rowVersionBytes = 64

func newRow(s *model.Skill) row {
	r := row{
		name:     sanitize.Line(matchPrefix(s.Name, maxMatchName)),
		version:  sanitize.Line(matchPrefix(s.Version, rowVersionBytes)),
		desc:     sanitize.Line(matchPrefix(s.Description, maxMatchDesc)),
		keywords: sanitize.Line(keywordsHead(s.Keywords, maxMatchName)),
		src:      s,
	}
	if r.name == "" {
		r.name = "(unnamed)"
	}
	r.filterKey = r.name + "  " + r.keywords + "  " + r.desc
	r.sortKey = strings.ToLower(r.name)
	r.errors, r.warnings, r.infos = s.Counts()
	r.nameWidth, r.versionWidth = ansi.StringWidth(r.name), ansi.StringWidth(r.version)
	r.countsWidth = countsWidth(r)
	return r
}

// keywordsHead is the first n bytes of the keywords joined by spaces,
// without joining them all.
func keywordsHead(kw []string, n int) string {
	var b strings.Builder
	for _, k := range kw {
		if b.Len() >= n {
			break
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(matchPrefix(k, n-b.Len()))
	}
	return b.String()
}

// haystack is the row's whole name, keywords and description in lower
// case, built once (rows are replaced, never changed, when a skill is
// read again).
func (r *row) haystack() string {
	if r.hay == nil {
		h := ""
		if r.src != nil {
			s := r.src
			name := s.Name
			if name == "" {
				name = "(unnamed)"
			}
			h = strings.ToLower(sanitize.Line(name + "  " + strings.Join(s.Keywords, " ") + "  " + s.Description))
		}
		r.hay = &h
	}
	return *r.hay
}

// setSkill swaps in a new shown skill and refreshes the row.
func (e *Entry) setSkill(s *model.Skill) {
	e.checked = s
	e.Skill = withViews(s, e.view)
	e.row = newRow(s)
}

// Local reports whether the skill's files are on this machine's disk.
func (e *Entry) Local() bool { return e.Skill.Location.Local }

// OSPath is the path (or URL) of an FS path of the skill, for editors and
// for people.
func (e *Entry) OSPath(fsPath string) string { return e.Skill.Location.Path(fsPath) }

// watchPath is what the watcher follows: the .xgs.js file itself, or the
// skill folder.
func (e *Entry) watchPath() string { return e.Base.Path(e.Candidate.Path) }
