package skillmd

import (
	"sort"

	"github.com/skillstudio/skillstudio/model"
)

// FieldNames lists the top-level frontmatter fields profile p knows,
// sorted (an editor completes them).
func FieldNames(p model.Profile) []string {
	var out []string
	for name := range fieldSpecs {
		if knows(p, name) {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// FieldLayer names who defines a frontmatter field ("the open standard",
// "Claude Code", "skillli"); "" for a field no agent defines.
func FieldLayer(name string) string { return fieldSpecs[name].layer }

// FieldValues are the values a registry-checked enum field accepts
// (category, trust-level); nil for other fields.
func FieldValues(name string) []string {
	switch name {
	case "category":
		return categories
	case "trust-level":
		return trustLevels
	}
	return nil
}
