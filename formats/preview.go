package formats

import (
	"github.com/skillstudio/skillstudio/formats/skillmd"
	"github.com/skillstudio/skillstudio/model"
)

// Preview reads c for viewing only (show): a SKILL.md folder's name,
// description and body without its checks; the other formats need their
// reader to find what to show (an OS Loop package's docs, an .xgs.js
// skill's notes), so they are loaded in full.
func Preview(c Candidate, loc model.Location) *model.Skill {
	if c.Format == model.FormatSkillMD {
		if s, err := skillmd.Preview(loc.FS, c.Path); err == nil {
			s.Location.FS, s.Location.Source, s.Location.Root, s.Location.Local = loc.FS, loc.Source, loc.Root, loc.Local
			return s
		}
	}
	return Load(c, loc, model.Options{Profile: model.ProfileAll})
}
