package review

import (
	"cmp"
	"slices"

	"github.com/skillstudio/skillstudio/model"
)

// Report is one skill's review: its findings (after the user's rule
// config) and their verdict.
type Report struct {
	Skill    *model.Skill
	Findings []model.Diagnostic
	Verdict  Verdict
}

// Reviewed reviews one skill and applies cfg (nil: default severities).
func Reviewed(s *model.Skill, cfg *model.RuleConfig) Report {
	ds := cfg.FilterAt(s.Location.Root, Skill(s, nil))
	return Report{Skill: s, Findings: ds, Verdict: Summarize(ds)}
}

// Library reviews every skill and returns the reports most risky first,
// ties in name order so the listing is stable.
func Library(skills []*model.Skill, cfg *model.RuleConfig) []Report {
	out := make([]Report, 0, len(skills))
	for _, s := range skills {
		out = append(out, Reviewed(s, cfg))
	}
	SortByRisk(out)
	return out
}

// SortByRisk orders reports most risky first, then by name and location.
func SortByRisk(rs []Report) {
	slices.SortStableFunc(rs, func(a, b Report) int {
		if c := b.Verdict.Compare(a.Verdict); c != 0 {
			return c
		}
		if c := cmp.Compare(a.Skill.Name, b.Skill.Name); c != 0 {
			return c
		}
		return cmp.Compare(a.Skill.Location.File, b.Skill.Location.File)
	})
}
