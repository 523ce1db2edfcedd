package review

import (
	"cmp"
	"fmt"
	"path"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

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
// It stands alone: the plugin the skill ships in is read for it.
func Reviewed(s *model.Skill, cfg *model.RuleConfig) Report {
	return ReviewedIn(s, cfg, nil)
}

// ReviewedIn is Reviewed with the plugin's findings taken from ps, which
// reads each plugin once per run (nil: read for this skill).
func ReviewedIn(s *model.Skill, cfg *model.RuleConfig, ps *Plugins) Report {
	ds := cfg.FilterAt(s.Location.Root, skillIn(s, nil, ps))
	return Report{Skill: s, Findings: ds, Verdict: Summarize(ds)}
}

// Library reviews every skill and returns the reports most risky first,
// ties in name order so the listing is stable. Skills are reviewed in
// parallel, each plugin read once. A plugin's findings (its hooks,
// manifest, MCP servers and the scripts they run) are shown once, with
// the first of its skills, not once per skill.
func Library(skills []*model.Skill, cfg *model.RuleConfig) []Report {
	raw := make([][]model.Diagnostic, len(skills))
	ps := NewPlugins()
	var wg sync.WaitGroup
	next := make(chan int)
	for range min(runtime.GOMAXPROCS(0), len(skills)) {
		wg.Go(func() {
			for i := range next {
				raw[i] = skillIn(skills[i], nil, ps)
			}
		})
	}
	for i := range skills {
		next <- i
	}
	close(next)
	wg.Wait()
	// The config is applied in order: a nested config is looked up as
	// findings need it, and its notes and first error are in that order.
	out := make([]Report, len(skills))
	for i, s := range skills {
		ds := cfg.FilterAt(s.Location.Root, raw[i])
		out[i] = Report{Skill: s, Findings: ds, Verdict: Summarize(ds)}
	}
	seen := map[string]bool{}
	first := map[string]string{} // plugin (as the user opens it) → the skill showing its findings
	for i, s := range skills {
		rep := &out[i]
		root := ""
		if s.Format == model.FormatSkillMD {
			root = pluginRoot(s)
		}
		if root == "" {
			continue
		}
		key := s.Location.Path(root)
		ds := OncePerPlugin(s, rep.Findings, seen)
		if len(ds) == len(rep.Findings) {
			if _, ok := first[key]; !ok && hasPluginFindings(s, ds) {
				first[key] = s.Name
			}
			continue
		}
		if with, ok := first[key]; ok {
			ds = append(ds, pluginListedWith(s, root, with, rep.Findings))
			model.SortDiagnostics(ds)
		}
		rep.Findings, rep.Verdict = ds, Summarize(ds)
	}
	SortByRisk(out)
	return out
}

// hasPluginFindings: some of ds lie outside s's own folder.
func hasPluginFindings(s *model.Skill, ds []model.Diagnostic) bool {
	dir := s.Location.Dir + "/"
	for _, d := range ds {
		if !strings.HasPrefix(d.File, dir) {
			return true
		}
	}
	return false
}

// pluginListedWith is the one line a plugin's other skills carry once its
// findings are listed with the skill named with: without it they read
// "nothing to flag" with no word of the hooks that install with them.
// The counts are the plugin's own, so the line says how much it holds.
func pluginListedWith(s *model.Skill, root, with string, all []model.Diagnostic) model.Diagnostic {
	dir := s.Location.Dir + "/"
	var theirs []model.Diagnostic
	for _, d := range all {
		if !strings.HasPrefix(d.File, dir) {
			theirs = append(theirs, d)
		}
	}
	v := Summarize(theirs)
	what := v.Line
	if v.Errors+v.Warnings == 0 {
		what = plural(v.Infos, "note", "notes")
	}
	manifest := path.Join(root, ".claude-plugin", "plugin.json")
	name := path.Base(root)
	if root == "." && s.Location.FS != nil {
		// A plugin at the root of what was opened has no folder name to
		// show ("."): its manifest's name, as the user installs it. Only
		// then, so other plugins' manifests are still read once a run.
		name = pluginName(s.Location.FS, root, manifest)
	}
	return Rules.New("review/plugin", manifest, 1, 1,
		fmt.Sprintf("ships in the plugin %q, whose hooks, MCP and language servers and scripts install with this skill too: listed with the skill %q (%s).",
			name, with, what), "")
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
