package quiz

import (
	"fmt"
	"strings"

	"github.com/skillstudio/skillstudio/model"
)

// Problem is a reason a quiz cannot be run. Block and Question are 0-based;
// Question is -1 for a problem of the whole block.
type Problem struct {
	Block, Question int
	Line, Column    int
	Message         string
	// Rule is the lint rule that reports the same problem; Hint says how
	// to fix it.
	Rule, Hint string
}

// diagnostic is p as lint words a finding in file.
func (p Problem) diagnostic(file string) model.Diagnostic {
	where := fmt.Sprintf("block %d", p.Block+1)
	if p.Question >= 0 {
		where += fmt.Sprintf(", question %d", p.Question+1)
	}
	return model.Diagnostic{Rule: p.Rule, Severity: model.SeverityError, File: file, Line: p.Line, Column: p.Column,
		Message: where + ": " + p.Message, Hint: p.Hint}
}

func (p Problem) String() string {
	where := fmt.Sprintf("block %d", p.Block+1)
	if p.Question >= 0 {
		where += fmt.Sprintf(", question %d", p.Question+1)
	}
	if p.Line > 0 {
		where = fmt.Sprintf("line %d: %s", p.Line, where)
	}
	return where + ": " + p.Message
}

// InvalidError is returned for a quiz that cannot be run at all.
type InvalidError struct {
	Skill    string
	Problems []Problem
}

func (e *InvalidError) Error() string {
	if len(e.Problems) == 0 {
		return fmt.Sprintf("%s has no quiz: add a `quiz:` block to its frontmatter", e.Skill)
	}
	lines := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		lines[i] = p.String()
	}
	return fmt.Sprintf("%s: the quiz cannot be run:\n  %s", e.Skill, strings.Join(lines, "\n  "))
}

// Validate returns the problems that stop a quiz from being run: no
// blocks, a block without questions, a question with fewer than two
// options or none correct, a passing score outside 0–100. Branch targets
// are not checked here: they are resolved (and reported) as the run meets
// them, and Walk checks them all.
func Validate(s *model.Skill) error {
	if len(s.Quizzes) == 0 {
		return &InvalidError{Skill: s.Name}
	}
	var ps []Problem
	for bi, b := range s.Quizzes {
		if b.PassingScore < 0 || b.PassingScore > 100 {
			ps = append(ps, Problem{bi, -1, b.Line, b.Column, fmt.Sprintf("passing-score %g is outside 0–100", b.PassingScore),
				"quiz/passing-score", "Write a percentage from 0 to 100."})
		}
		if len(b.Questions) == 0 {
			ps = append(ps, Problem{bi, -1, b.Line, b.Column, "the block has no questions",
				"quiz/shape", "Add questions: with at least one question."})
		}
		for qi, q := range b.Questions {
			if len(q.Options) < 2 {
				ps = append(ps, Problem{bi, qi, q.Line, q.Column, fmt.Sprintf("%d option(s); a question needs at least 2", len(q.Options)),
					"quiz/options-count", "Offer between 2 and 6 answer choices."})
			}
			if len(correctOptions(q)) == 0 {
				ps = append(ps, Problem{bi, qi, q.Line, q.Column, "no option is marked correct: true, so it can never be answered correctly",
					"quiz/no-correct", "Mark the right answer with correct: true."})
			}
		}
	}
	if len(ps) > 0 {
		return &InvalidError{Skill: s.Name, Problems: ps}
	}
	return nil
}

func correctOptions(q model.Question) []int {
	out := []int{}
	for i, o := range q.Options {
		if o.Correct {
			out = append(out, i)
		}
	}
	return out
}
