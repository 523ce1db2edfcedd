package listing

import (
	"github.com/skillstudio/skillstudio/formats/skillmd"
	"github.com/skillstudio/skillstudio/model"
)

// descPos is where a skill's description is written: the value of the
// SKILL.md frontmatter description, else the skill's main file at line 0.
func descPos(s *model.Skill) (file string, line, col int) {
	file = s.Location.File
	if d, ok := s.Doc.(*skillmd.Document); ok && d != nil {
		if n := d.Field("description"); n != nil && d.Frontmatter.Line > 0 {
			return d.File, d.Frontmatter.Line + n.Line - 1, n.Column
		}
	}
	return file, 0, 0
}
