package formats

import (
	"fmt"
	"sort"
	"strings"

	"github.com/skillstudio/skillstudio/model"
)

// CheckLibrary runs the checks that need every skill at once and appends
// each finding to the skill it concerns.
func CheckLibrary(lib *model.Library) {
	checkLibrary(lib.Skills, func(s *model.Skill, d model.Diagnostic) { s.Diagnostics = append(s.Diagnostics, d) })
}

// checkLibrary is CheckLibrary handing each finding to add, in the order
// CheckLibrary appends them, rather than touching the skills (Check runs
// it beside the listing checks, which append to the same skills).
func checkLibrary(skills []*model.Skill, add func(*model.Skill, model.Diagnostic)) {
	// Sized for every skill: grown from empty, the maps rehash their way
	// up on the serial path after the last read.
	byName := make(map[string][]*model.Skill, len(skills))
	type scopedName struct{ scope, name string }
	clashes := make(map[scopedName][]*model.Skill, len(skills))
	var clashOrder []scopedName
	byNS := map[string][]*model.Skill{}
	plugins := pluginCache{}
	for _, s := range skills {
		if s.Name != "" {
			byName[s.Name] = append(byName[s.Name], s)
			if declaresName(s) {
				k := scopedName{nameScope(s, plugins), s.Name}
				if clashes[k] == nil {
					clashOrder = append(clashOrder, k)
				}
				clashes[k] = append(clashes[k], s)
			}
		}
		if s.Format == model.FormatXGS && s.Namespace != "" {
			k := s.Namespace
			if s.Built {
				k += "\x00" + builtScope(s)
			}
			byNS[k] = append(byNS[k], s)
		}
	}
	for _, k := range clashOrder {
		ss := clashes[k]
		if len(ss) < 2 {
			continue
		}
		for i, s := range ss {
			other := ss[(i+1)%len(ss)]
			add(s, libraryAt("library/duplicate-name", s, "name", "",
				fmt.Sprintf("skill name %q is also used by %s, which agents list beside it", k.name, relativeTo(s, other)),
				"Rename one of the skills so every name is unique."))
		}
	}
	for ns, ss := range byNS {
		if len(ss) < 2 {
			continue
		}
		ns, _, _ = strings.Cut(ns, "\x00")
		for i, s := range ss {
			other := ss[(i+1)%len(ss)]
			add(s, libraryAt("library/duplicate-namespace", s, "namespace", "",
				fmt.Sprintf("@namespace %q is also used by %s", ns, relativeTo(s, other)),
				"Pick a short namespace no other skill uses."))
		}
	}
	for _, s := range skills {
		for _, r := range s.Requires {
			if len(byName[r]) == 0 {
				add(s, libraryAt("library/missing-require", s, "require", r,
					fmt.Sprintf("@require %s: no skill named %q in the library", r, r),
					"Add the required skill to the library or remove the @require line."))
			}
		}
		for _, q := range s.Quizzes {
			for _, question := range q.Questions {
				for _, a := range append(append([]model.Action{}, question.OnCorrect...), question.OnIncorrect...) {
					if a.Kind == model.ActionLoadSkill && len(byName[a.Target]) == 0 {
						add(s, libraryRules.New("quiz/load-skill-unresolved", s.Location.File, a.Line, a.Column,
							fmt.Sprintf("load-skill %q: no skill of that name in the library", a.Target),
							"Check the name, or add the skill's source to the library."))
					}
				}
			}
		}
	}
	for _, cycle := range RequireCycles(skills) {
		first := cycle[0]
		names := make([]string, 0, len(cycle)+1)
		for _, s := range cycle {
			names = append(names, s.Name)
		}
		names = append(names, first.Name)
		for i, s := range cycle {
			add(s, libraryAt("library/require-cycle", s, "require", cycle[(i+1)%len(cycle)].Name,
				"@require cycle: "+strings.Join(names, " → "),
				"Break the cycle: move the shared functions into a skill both can require."))
		}
	}
}

// RequireCycles returns each @require cycle once, as the skills in it.
func RequireCycles(skills []*model.Skill) [][]*model.Skill {
	byName := map[string]*model.Skill{}
	for _, s := range skills {
		if s.Format == model.FormatXGS && s.Name != "" {
			if _, dup := byName[s.Name]; !dup {
				byName[s.Name] = s
			}
		}
	}
	names := make([]string, 0, len(byName))
	for n := range byName {
		names = append(names, n)
	}
	sort.Strings(names)
	const (
		white = iota
		grey
		black
	)
	color := map[string]int{}
	var stack []string
	var cycles [][]*model.Skill
	var visit func(n string)
	visit = func(n string) {
		color[n] = grey
		stack = append(stack, n)
		for _, r := range byName[n].Requires {
			if byName[r] == nil {
				continue
			}
			switch color[r] {
			case white:
				visit(r)
			case grey:
				var cyc []*model.Skill
				for i := len(stack) - 1; i >= 0; i-- {
					cyc = append([]*model.Skill{byName[stack[i]]}, cyc...)
					if stack[i] == r {
						break
					}
				}
				cycles = append(cycles, cyc)
			}
		}
		stack = stack[:len(stack)-1]
		color[n] = black
	}
	for _, n := range names {
		if color[n] == white {
			visit(n)
		}
	}
	return cycles
}
