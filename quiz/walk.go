package quiz

import (
	"fmt"

	"github.com/skillstudio/skillstudio/model"
)

// WalkReport is every option of every question tried, and every branch
// action that cannot resolve.
type WalkReport struct {
	Skill   string       `json:"skill"`
	Paths   int          `json:"paths"`   // options tried
	Actions int          `json:"actions"` // branch actions checked
	Broken  []BrokenPath `json:"broken"`
	// Problems are what lint's quiz rules report, or why the quiz cannot
	// run, each with its file, position and a hint, as lint gives them.
	Problems []model.Diagnostic `json:"problems,omitempty"`
	// Invalid is set when a problem is an error: the quiz cannot run as
	// written (lint would fail it).
	Invalid bool `json:"invalid,omitempty"`

	warnings int // problems that are only lint warnings
}

// OK reports whether every path leads somewhere.
// Lint warnings (an unknown key) are reported but do not fail the walk.
func (w WalkReport) OK() bool { return len(w.Broken) == 0 && len(w.Problems) == w.warnings }

// BrokenPath is one branch action that fails, with the options that reach it.
type BrokenPath struct {
	Block        int          `json:"block"`    // 1-based
	Question     int          `json:"question"` // 1-based
	QuestionText string       `json:"questionText"`
	Branch       string       `json:"branch"`
	Options      []int        `json:"options"` // 1-based options that lead here
	OptionLabels []string     `json:"optionLabels"`
	Action       ActionResult `json:"action"`
	// Finding is the broken action as lint words a finding: the rule it
	// falls under, file, position, message and hint.
	Finding model.Diagnostic `json:"finding"`
}

// Findings are the report's problems and broken branches, each a finding
// lint's printers can show.
func (w WalkReport) Findings() []model.Diagnostic {
	out := append([]model.Diagnostic{}, w.Problems...)
	for _, b := range w.Broken {
		out = append(out, b.Finding)
	}
	return out
}

// Walk tries every option of every question and resolves the branch
// actions each one leads to. It reports problems that stop the quiz from
// running, but still walks what it can.
func Walk(s *model.Skill, resolver Resolver) WalkReport {
	rep := WalkReport{Skill: s.Name, Broken: []BrokenPath{}}
	rep.addProblems(s)
	rv := newResolving(s, resolver)
	rv.noContent = true
	for bi, b := range s.Quizzes {
		for qi, q := range b.Questions {
			var onCorrect, onIncorrect []int
			for oi, o := range q.Options {
				rep.Paths++
				if o.Correct {
					onCorrect = append(onCorrect, oi)
				} else {
					onIncorrect = append(onIncorrect, oi)
				}
			}
			for _, br := range []struct {
				name    string
				actions []model.Action
				options []int
			}{{"on-correct", q.OnCorrect, onCorrect}, {"on-incorrect", q.OnIncorrect, onIncorrect}} {
				// Actions no option leads to are still checked: the author
				// meant them to run, and a fixed option list would reach them.
				for _, a := range br.actions {
					rep.Actions++
					res := rv.resolve(a)
					if res.OK {
						continue
					}
					bp := BrokenPath{Block: bi + 1, Question: qi + 1, QuestionText: q.Text, Branch: br.name, Action: res,
						Options: []int{}, OptionLabels: []string{}}
					for _, oi := range br.options {
						bp.Options = append(bp.Options, oi+1)
						bp.OptionLabels = append(bp.OptionLabels, q.Options[oi].Label)
					}
					bp.Finding = brokenFinding(s, bp)
					rep.Broken = append(rep.Broken, bp)
				}
			}
			if len(onCorrect) == 0 && len(q.OnCorrect) > 0 {
				line, col := q.Line, q.Column
				if a := q.OnCorrect[0]; a.Line > 0 {
					line, col = a.Line, a.Column
				}
				rep.Problems = append(rep.Problems, model.Diagnostic{Rule: "quiz/no-correct", Severity: model.SeverityError,
					File: skillFile(s), Line: line, Column: col,
					Message: fmt.Sprintf("block %d, question %d: on-correct can never run: no option is correct", bi+1, qi+1),
					Hint:    "Mark the right answer with correct: true, or remove on-correct."})
			}
		}
	}
	return rep
}
