package formats

import (
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/skillstudio/skillstudio/model"
)

// Reread is Collect again after the files at paths (FS paths of source
// si) changed, reading only the skills that own them and reusing every
// other skill's read; the library checks (Check) run again over all of
// them, so a name clash or a look-alike description made or mended by
// the edit shows. It is what an editor needs after a keystroke in one
// file of a big library: the cost of one skill and the library checks,
// not of reading the whole library again.
//
// ok is false when the change may reach past what the readers see, and
// the caller must Collect again: a file the search itself looks at (a
// SKILL.md, an .xgs.js, a manifest.json or index.json no skill owns: a
// new skill, or an OS Loop index), or a file of an OS Loop package, whose
// index is checked while the search runs. A file no reader reads (a
// README beside the skills) changes nothing a reader found; the library
// checks still run, as they read plugin manifests themselves. It is also
// false when a changed path is a folder holding a skill (or the root), or
// a skill it would read again is no longer one (its SKILL.md or .xgs.js
// deleted, renamed or made a folder between the event and the read): a
// reread would show a skill that is gone. c is not changed.
func (c *Collected) Reread(si int, paths []string) (_ *Collected, ok bool) {
	if c.members == nil || si < 0 || si >= len(c.checkSources) || c.checkSources[si] == nil {
		return nil, false
	}
	src := c.checkSources[si].Source
	redo := map[int]bool{}
	for _, p := range paths {
		p = path.Clean(p)
		if p == "." || !fs.ValidPath(p) {
			return nil, false
		}
		owners := 0
		for i, m := range c.members {
			if m.Source != si {
				continue
			}
			if holds(p, c.candidates[i]) {
				return nil, false
			}
			if !reads(c.candidates[i], p) {
				continue
			}
			if m.Skill.Format == model.FormatOSLoop {
				return nil, false
			}
			redo[i] = true
			owners++
		}
		if owners == 0 && searchLooksAt(p) {
			return nil, false
		}
	}
	for i := range redo {
		cand := c.candidates[i]
		if d, ok := Detect(src.Base.FS, cand.Path); !ok || d.Format != cand.Format {
			return nil, false
		}
	}
	out := *c
	out.members = slices.Clone(c.members)
	for i := range redo {
		cand := c.candidates[i]
		cand.listed, cand.noModule = nil, false // the search's listings are of the old tree
		out.members[i].Skill = Read(src, cand, c.set.Options, c.set.Rules)
	}
	out.check()
	return &out, true
}

// holds reports whether p is a folder that is, or holds, the skill of
// candidate c: a change reported for it (a folder renamed or deleted) may
// have taken the skill away.
func holds(p string, c Candidate) bool {
	return strings.HasPrefix(c.Path, p+"/") || (p == c.Path && c.Format != model.FormatXGS)
}

// reads reports whether the reader of candidate c reads the file p: an
// .xgs.js skill its file and the registry.json beside it (a built
// bundle's), a SKILL.md folder or an OS Loop package the files beneath it
// (a nested skill's too).
func reads(c Candidate, p string) bool {
	if c.Format == model.FormatXGS {
		return p == c.Path || p == path.Join(path.Dir(c.Path), "registry.json")
	}
	return c.Path == "." || strings.HasPrefix(p, c.Path+"/")
}
