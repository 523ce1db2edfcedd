package formats

import (
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
// ok is false when the change may reach past what one reader sees, and
// the caller must Collect again: a file no SKILL.md folder or .xgs.js
// file owns (a new skill, an index.json, a plugin's manifest), a file
// inside two skills (a nested SKILL.md folder), or an OS Loop package,
// whose index is checked while the search runs. c is not changed.
func (c *Collected) Reread(si int, paths []string) (_ *Collected, ok bool) {
	if c.members == nil || si < 0 || si >= len(c.checkSources) || c.checkSources[si] == nil {
		return nil, false
	}
	src := c.checkSources[si].Source
	redo := map[int]bool{}
	for _, p := range paths {
		i, ok := c.owner(si, path.Clean(p))
		if !ok {
			return nil, false
		}
		redo[i] = true
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

// owner is the index of the one member of source si whose reader reads
// the file p.
func (c *Collected) owner(si int, p string) (int, bool) {
	found := -1
	for i, m := range c.members {
		if m.Source != si || !reads(c.candidates[i], p) {
			continue
		}
		if found >= 0 || m.Skill.Format == model.FormatOSLoop {
			return 0, false
		}
		found = i
	}
	return found, found >= 0
}

// reads reports whether the reader of candidate c reads the file p: an
// .xgs.js skill its one file, a SKILL.md folder or an OS Loop package
// the files beneath it.
func reads(c Candidate, p string) bool {
	if c.Format == model.FormatXGS {
		return p == c.Path
	}
	return c.Path == "." || strings.HasPrefix(p, c.Path+"/")
}
