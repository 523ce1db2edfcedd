package review

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

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
// ties in name order so the listing is stable. A plugin's findings (its
// hooks, manifest, MCP servers and the scripts they run) are shown once,
// with the first of its skills, not once per skill.
func Library(skills []*model.Skill, cfg *model.RuleConfig) []Report {
	out := make([]Report, 0, len(skills))
	seen := map[string]bool{}
	for _, s := range skills {
		rep := Reviewed(s, cfg)
		if ds := OncePerPlugin(s, rep.Findings, seen); len(ds) != len(rep.Findings) {
			rep.Findings, rep.Verdict = ds, Summarize(ds)
		}
		out = append(out, rep)
	}
	SortByRisk(out)
	return out
}

// OncePerPlugin drops from ds the findings in files outside s's own folder
// (a plugin's files, read with each of its skills) that an earlier skill
// reported already; seen remembers them across calls. Reviewing one skill
// keeps them all, so its report stands alone.
func OncePerPlugin(s *model.Skill, ds []model.Diagnostic, seen map[string]bool) []model.Diagnostic {
	dir := s.Location.Dir + "/"
	out := ds[:0:0]
	for _, d := range ds {
		if s.Format == model.FormatSkillMD && !strings.HasPrefix(d.File, dir) {
			key := s.Location.Path(d.File) + "\x00" + d.Rule + "\x00" + d.Message + "\x00" + strconv.Itoa(d.Line) + ":" + strconv.Itoa(d.Column)
			if seen[key] {
				continue
			}
			seen[key] = true
		}
		out = append(out, d)
	}
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
