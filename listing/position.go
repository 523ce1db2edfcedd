package listing

import "github.com/skillstudio/skillstudio/model"

// descPos is where a skill's description is written, as its reader
// recorded it (the SKILL.md description value, an xgs @description),
// else the skill's main file at line 1.
func descPos(s *model.Skill) (file string, line, col int) {
	if line, col, ok := s.DeclaredAt("description", ""); ok {
		return s.Location.File, line, col
	}
	return s.Location.File, 1, 1
}
