package formats

import (
	"fmt"
	"io/fs"
	"path"
	"slices"

	"github.com/skillstudio/skillstudio/formats/osloop"
	"github.com/skillstudio/skillstudio/formats/skillmd"
	"github.com/skillstudio/skillstudio/formats/xgs"
	"github.com/skillstudio/skillstudio/listing"
	"github.com/skillstudio/skillstudio/model"
)

// Load reads one candidate with its format's reader. It never returns nil
// and never panics: a reader that fails comes back as a skill with an error.
func Load(c Candidate, loc model.Location, opts model.Options) (s *model.Skill) {
	var mark *markFS
	defer func() {
		r := recover()
		if r != nil {
			s = &model.Skill{Format: c.Format, Name: path.Base(c.Path)}
			s.Diagnostics = append(s.Diagnostics, crashRule.New("library/reader-crash", c.Path, 0, 0,
				fmt.Sprintf("the %s reader failed on this skill: %v", c.Format.Label(), r),
				"This is a skillstudio bug: please report it with the file attached."))
		}
		// The reader knows the paths; the caller knows where the FS came from.
		file := s.Location.File
		l := loc
		l.Dir = c.Path
		if c.Format == model.FormatXGS {
			l.Dir = path.Dir(c.Path)
			if file == "" {
				file = c.Path
			}
		}
		if file == "" {
			file = path.Join(c.Path, map[model.Format]string{model.FormatSkillMD: "SKILL.md", model.FormatOSLoop: "manifest.json"}[c.Format])
		}
		l.File = file
		s.Location = l
		if r == nil {
			s.Unmarked = mark.unmarked(c.noModule, l)
		}
		if c.Within != "" {
			s.Diagnostics = append(s.Diagnostics, nestedFinding(c, file))
		}
		s.Diagnostics = model.CapFindings(s.Diagnostics)
		known, text := readWhole(s)
		charColumnsKnown(loc.FS, s.Diagnostics, known, text)
		if opts.FindingsOnly {
			dropViews(s)
		}
	}()
	if c.profile != "" {
		opts.Profile = c.profile // a project file nearer the skill says so
	}
	var fsys fs.FS = loc.FS
	if c.listed != nil {
		fsys = listedFS{fsys: loc.FS, dirs: *c.listed}
	}
	mark = newMarkFS(fsys)
	fsys = mark
	switch c.Format {
	case model.FormatXGS:
		return xgs.Load(fsys, c.Path, opts)
	case model.FormatSkillMD:
		return skillmd.Load(fsys, c.Path, opts)
	case model.FormatOSLoop:
		return osloop.Load(fsys, c.Path, opts)
	}
	return &model.Skill{Format: c.Format, Name: path.Base(c.Path)}
}

// dropViews forgets what only viewers need, for model.Options.FindingsOnly.
// It keeps what the library checks read (name, namespace, requires,
// quizzes, the fields the listing reads) and the findings; an OS Loop
// package keeps the part of its parsed document its index is checked
// against (osloop.Package.ForIndex; Collect drops even that once checked).
func dropViews(s *model.Skill) {
	s.Body, s.Functions = "", nil
	var kept []model.Field // a new array: the old one is mostly views
	for _, f := range s.Fields {
		if slices.Contains(listing.FieldsRead, f.Name) {
			kept = append(kept, f)
		}
	}
	s.Fields = kept
	if pkg, ok := s.Doc.(*osloop.Package); ok {
		s.Doc = pkg.ForIndex()
	} else {
		s.Doc = nil
	}
}

// Slim is a copy of the reader's result s without what only viewers need,
// as model.Options.FindingsOnly would have read it: what the library
// checks, the listing, the filters and the rows read stay. The studio
// keeps its local library slim and reads the skill it shows again whole.
// A skill with quiz gates keeps its body: a quiz run resolves its goto
// sections there, and keys may answer before the whole read lands.
func Slim(s *model.Skill) *model.Skill {
	c := *s
	dropViews(&c)
	if len(s.Quizzes) > 0 {
		c.Body = s.Body
	}
	return &c
}

// readWhole is the file a skill's reader read whole and kept, and its
// bytes: a SKILL.md under skillmd.MaxFileBytes (one at the cap may have
// been cut). Its invalid bytes were read as '?', one for one, which
// counts the same UTF-16 columns as the bytes themselves (utf16Column).
func readWhole(s *model.Skill) (string, []byte) {
	if d, ok := s.Doc.(*skillmd.Document); ok && d.Source != nil && len(d.Source) < skillmd.MaxFileBytes {
		return d.File, d.Source
	}
	return "", nil
}
