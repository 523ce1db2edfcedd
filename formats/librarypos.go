package formats

import "github.com/skillstudio/skillstudio/model"

// fieldPos is where skill s writes field key (an xgs @key directive or a
// SKILL.md frontmatter field), at the value, as its reader recorded it;
// value picks one of a repeated directive (@require), else the first.
// 1:1 when the reader kept no position, so a library finding always names
// a place.
func fieldPos(s *model.Skill, key, value string) (line, col int) {
	if line, col, ok := s.DeclaredAt(key, value); ok {
		return line, col
	}
	return 1, 1
}

// libraryAt is a library finding about skill s's field key (see fieldPos).
func libraryAt(rule string, s *model.Skill, key, value, msg, hint string) model.Diagnostic {
	line, col := fieldPos(s, key, value)
	return libraryRules.New(rule, s.Location.File, line, col, msg, hint)
}
