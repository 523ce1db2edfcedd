package formats

import (
	"github.com/skillstudio/skillstudio/formats/skillmd"
	"github.com/skillstudio/skillstudio/formats/xgs"
	"github.com/skillstudio/skillstudio/model"
)

// fieldPos is where skill s writes field key (an xgs @key directive or a
// SKILL.md frontmatter field), at the value when there is one; value
// picks one of a repeated directive (@require), else the first. 1:1 when the format keeps
// no position, so a library finding always names a place.
func fieldPos(s *model.Skill, key, value string) (line, col int) {
	switch doc := s.Doc.(type) {
	case *xgs.File:
		if doc == nil || doc.Header == nil {
			break
		}
		if d := findDirective(doc.Header, key, value); d != nil {
			return d.Line, d.ValueColumn
		}
	case *skillmd.Document:
		if n := doc.Field(key); n != nil && n.Line > 0 {
			return doc.Frontmatter.Line + n.Line - 1, n.Column
		}
	}
	if key == "name" && s.NameLine > 0 {
		return s.NameLine, 1 // the reader kept the line, not its document
	}
	return 1, 1
}

// findDirective: the @key directive with that value, else the first @key.
func findDirective(h *xgs.Header, key, value string) *xgs.Directive {
	for i, d := range h.Directives {
		if d.Key == key && d.Value == value {
			return &h.Directives[i]
		}
	}
	return h.Find(key)
}

// libraryAt is a library finding about skill s's field key (see fieldPos).
func libraryAt(rule string, s *model.Skill, key, value, msg, hint string) model.Diagnostic {
	line, col := fieldPos(s, key, value)
	return libraryRules.New(rule, s.Location.File, line, col, msg, hint)
}
