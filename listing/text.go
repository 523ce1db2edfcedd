package listing

import (
	"strings"
	"unicode/utf8"

	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/sanitize"
)

// clean is skill text as one listing line: no control characters, escape
// sequences or bidi overrides (sanitize.Line), whitespace runs collapsed.
// Agents see YAML-folded text; collapsing is the closest plain reading.
func clean(s string) string {
	return strings.Join(strings.Fields(sanitize.Line(s)), " ")
}

// listedText is what an agent lists as the skill's description: the
// description, plus Claude Code's when_to_use when the profile reads it.
func listedText(s *model.Skill, p Profile) string {
	text := s.Description
	if p.WhenToUse {
		if w := fieldValue(s, "when_to_use"); w != "" {
			text = strings.TrimSpace(text + " " + w)
		}
	}
	return clean(text)
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

// modelInvocable is false for a skill the agent never lists for the model
// (Claude Code and Copilot: disable-model-invocation: true).
func modelInvocable(s *model.Skill) bool {
	return !strings.EqualFold(fieldValue(s, "disable-model-invocation"), "true")
}

// userInvocable: user-invocable: false takes the skill out of the slash
// menu too, so one that is not model-invocable either is not "manual
// only": nobody starts it (an internal bundle of files other skills read).
func userInvocable(s *model.Skill) bool {
	return !strings.EqualFold(fieldValue(s, "user-invocable"), "false")
}

// capText cuts text to at most limit characters, the last being ellipsis
// when one is given. kept is how many characters of text survive.
func capText(text string, limit int, ellipsis string) (out string, kept int, cut bool) {
	n := utf8.RuneCountInString(text)
	if limit <= 0 || n <= limit {
		return text, n, false
	}
	kept = limit - utf8.RuneCountInString(ellipsis)
	if kept < 0 {
		kept = 0
	}
	return prefix(text, kept) + ellipsis, kept, true
}

// prefix is the first n characters of s.
func prefix(s string, n int) string {
	i := 0
	for j := range s {
		if i == n {
			return s[:j]
		}
		i++
	}
	return s
}

// cost measures text in the profile's unit.
func (p Profile) cost(text string) int {
	if p.Unit == UnitBytes {
		return len(text)
	}
	return utf8.RuneCountInString(text)
}
