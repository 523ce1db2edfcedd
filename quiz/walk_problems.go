package quiz

import (
	"fmt"
	"strings"

	"github.com/skillstudio/skillstudio/model"
)

// walkedRules are the quiz rules whose findings the walk reports itself,
// as broken branches with the options that reach them.
var walkedRules = map[string]bool{
	"quiz/goto-heading":          true,
	"quiz/reference-escapes":     true,
	"quiz/reference-missing":     true,
	"quiz/load-skill-unresolved": true,
}

// addProblems reports what lint's quiz rules found in s — the same
// findings, from the same parser — so a walk never calls a quiz sound
// that lint fails (a passing-score of 150 or an unknown branch action is
// dropped while parsing, so the model alone cannot show it). A skill built
// without lint (no quiz findings at all) falls back to Validate.
func (w *WalkReport) addProblems(s *model.Skill) {
	for _, d := range s.Diagnostics {
		if !strings.HasPrefix(d.Rule, "quiz/") || walkedRules[d.Rule] {
			continue
		}
		where := ""
		if d.Line > 0 {
			where = fmt.Sprintf("line %d: ", d.Line)
		}
		w.Problems = append(w.Problems, fmt.Sprintf("%s%s: %s", where, d.Rule, d.Message))
		if d.Severity == model.SeverityError {
			w.Invalid = true
		} else {
			w.warnings++
		}
	}
	if len(w.Problems) > 0 {
		return
	}
	err := Validate(s)
	if err == nil {
		return
	}
	w.Invalid = true
	if ie, ok := err.(*InvalidError); ok && len(ie.Problems) > 0 {
		for _, p := range ie.Problems {
			w.Problems = append(w.Problems, p.String())
		}
		return
	}
	w.Problems = append(w.Problems, err.Error())
}
