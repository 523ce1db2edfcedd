package review

import (
	"fmt"
	"strings"

	"github.com/skillstudio/skillstudio/internal/lazyre"
	"github.com/skillstudio/skillstudio/model"
)

// listingTag finds markup that frames an agent's skill listing (the XML
// entries GitHub Copilot and Gemini CLI wrap each skill in) or the
// agent's own prompt. Any closing tag counts; an opening one only for the
// frames, since <name> or <file> is also how a description writes a
// placeholder.
var listingTag = lazyre.New(`(?i)<\s*/\s*(available_skills|skills?|name|description|location|file|system|system-reminder|instructions)\s*>|<\s*(available_skills|skills?|system|system-reminder)\s*>`)

// reportListingMarkup names a description (or Claude Code's when_to_use)
// that holds such markup: an agent pasting descriptions into its listing
// as written ends this skill's entry there, and what follows reads as
// another skill or as the agent's own instructions.
func (r *reviewer) reportListingMarkup() {
	s := r.skill
	for _, field := range []struct{ key, value string }{{"description", s.Description}, {"when_to_use", fieldValue(s, "when_to_use")}} {
		m := listingTag.FindStringIndex(field.value)
		if m == nil {
			continue
		}
		line, col, ok := s.DeclaredAt(field.key, field.value)
		if !ok {
			line, col = 1, 1
		}
		tag := strings.Join(strings.Fields(field.value[m[0]:m[1]]), "")
		r.reportAt(s.Location.File, line, col, "review/listing-markup",
			fmt.Sprintf("the %s holds %q, markup of an agent's skill listing or prompt: an agent that lists descriptions as written ends this skill's entry there, and the text after it (%q) reads as another skill or as the agent's own instructions",
				field.key, clip(tag, 40), clip(strings.TrimSpace(field.value[m[1]:]), 80)),
			"Describe the skill in plain words; a description never needs listing or prompt tags.")
	}
}

// fieldValue is a top-level metadata field's scalar value, or "".
func fieldValue(s *model.Skill, name string) string {
	for _, f := range s.Fields {
		if f.Name == name {
			return f.Value
		}
	}
	return ""
}
