package quiz

import (
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

func TestWalkFindsEveryBrokenBranch(t *testing.T) {
	good := q("good", 3, 0)
	good.OnCorrect = []model.Action{{Kind: model.ActionGoto, Target: "## Setup Steps"}}
	good.OnIncorrect = []model.Action{
		{Kind: model.ActionLoadReference, Target: "references/guide.md"},
		{Kind: model.ActionLoadSkill, Target: "helper"},
		{Kind: model.ActionMessage, Target: "Try again."},
	}
	bad := q("bad", 3, 1)
	bad.OnCorrect = []model.Action{{Kind: model.ActionGoto, Target: "## Nowhere"}}
	bad.OnIncorrect = []model.Action{
		{Kind: model.ActionLoadReference, Target: "references/gone.md"},
		{Kind: model.ActionLoadReference, Target: "../secret.txt"},
		{Kind: model.ActionLoadSkill, Target: "ghost"},
	}
	rep := Walk(testSkill(block("b", true, 100, good, bad)), testResolver)
	if rep.Paths != 6 || rep.Actions != 8 {
		t.Errorf("paths %d actions %d, want 6 and 8", rep.Paths, rep.Actions)
	}
	if len(rep.Broken) != 4 {
		t.Fatalf("%d broken branches, want 4: %+v", len(rep.Broken), rep.Broken)
	}
	if b := rep.Broken[1]; b.Question != 2 || b.Branch != "on-incorrect" || len(b.Options) != 2 || b.Options[0] != 1 || b.Options[1] != 3 {
		t.Errorf("second broken path %+v: want question 2, on-incorrect, options [1 3]", b)
	}
	if rep.OK() {
		t.Error("a report with broken branches is OK")
	}

	clean := Walk(testSkill(block("b", true, 100, good)), testResolver)
	if !clean.OK() {
		t.Errorf("clean quiz reported broken: %+v", clean)
	}
}

func TestWalkReportsUnrunnableQuiz(t *testing.T) {
	qu := q("none correct", 2)
	qu.OnCorrect = []model.Action{{Kind: model.ActionMessage, Target: "never"}, {Kind: model.ActionGoto, Target: "## Nowhere"}}
	rep := Walk(testSkill(block("b", true, 100, qu)), nil)
	if len(rep.Problems) != 2 {
		t.Errorf("problems %v, want the missing correct option and the dead on-correct", rep.Problems)
	}
	// A broken action no option reaches is still reported.
	if len(rep.Broken) != 1 || len(rep.Broken[0].Options) != 0 || rep.Broken[0].Action.Kind != model.ActionGoto {
		t.Errorf("broken %+v, want the unreachable goto with no options", rep.Broken)
	}
}

func BenchmarkWalk(b *testing.B) {
	qu := q("x", 4, 0)
	qu.OnCorrect = []model.Action{{Kind: model.ActionGoto, Target: "## API Reference"}}
	qu.OnIncorrect = []model.Action{{Kind: model.ActionLoadReference, Target: "references/guide.md"}, {Kind: model.ActionLoadSkill, Target: "helper"}}
	s := testSkill(block("b", true, 100, qu, qu, qu, qu, qu))
	for b.Loop() {
		Walk(s, testResolver)
	}
}

// Lint's quiz findings on the skill are the walk's problems; errors make
// the quiz invalid, warnings are reported but do not fail the walk.
func TestWalkTakesLintQuizFindings(t *testing.T) {
	s := &model.Skill{Name: "s", Quizzes: []model.QuizBlock{{PassingScore: 100, Questions: []model.Question{{
		Text: "q", Options: []model.Option{{Label: "a", Correct: true}, {Label: "b"}}}}}}}
	s.Diagnostics = []model.Diagnostic{
		{Rule: "quiz/unknown-key", Severity: model.SeverityWarning, Line: 5, Message: "quiz block key \"x\" is not part of the quiz format"},
		{Rule: "skillmd/name", Severity: model.SeverityError, Line: 2, Message: "not a quiz finding"},
		{Rule: "quiz/goto-heading", Severity: model.SeverityError, Line: 9, Message: "walked as a broken branch instead"},
	}
	rep := Walk(s, nil)
	if len(rep.Problems) != 1 || rep.Problems[0].Rule != "quiz/unknown-key" || rep.Problems[0].Line != 5 {
		t.Fatalf("problems = %q, want only the unknown-key warning", rep.Problems)
	}
	if !strings.Contains(rep.WalkSummary(), "1 warning") {
		t.Errorf("summary %q does not count the warning", rep.WalkSummary())
	}
	if rep.Invalid || !rep.OK() {
		t.Errorf("a lint warning made the walk fail: invalid=%v ok=%v", rep.Invalid, rep.OK())
	}
	s.Diagnostics = append(s.Diagnostics, model.Diagnostic{Rule: "quiz/passing-score", Severity: model.SeverityError, Line: 4, Message: "passing-score 150 is outside 0-100"})
	if rep = Walk(s, nil); !rep.Invalid || rep.OK() || len(rep.Problems) != 2 {
		t.Errorf("an error finding did not fail the walk: %+v", rep)
	}
}

// Every problem a walk reports is a finding lint's printers can show in
// full: a rule, the skill's file, a line and column, and a hint, whether
// it comes from lint's findings, from Validate (a skill read without lint)
// or from the walk itself (broken branches, an on-correct no option reaches).
func TestWalkFindingsNameFilePositionAndHint(t *testing.T) {
	dead := q("none correct", 2)
	dead.Line, dead.Column = 9, 7
	dead.OnCorrect = []model.Action{{Kind: model.ActionMessage, Target: "never", Line: 12, Column: 11}}
	one := q("one option", 1, 0)
	one.Line, one.Column = 14, 7
	broken := q("broken", 2, 0)
	broken.Line, broken.Column = 17, 7
	broken.OnCorrect = []model.Action{
		{Kind: model.ActionGoto, Target: "## Nowhere", Line: 20, Column: 15},
		{Kind: model.ActionMessage, Target: " ", Line: 21, Column: 18},
	}
	broken.OnIncorrect = []model.Action{
		{Kind: model.ActionLoadReference, Target: "references/gone.md", Line: 22, Column: 25},
		{Kind: model.ActionLoadReference, Target: "../secret.txt", Line: 23, Column: 25},
		{Kind: model.ActionLoadSkill, Target: "ghost", Line: 24, Column: 21},
	}
	b := block("b", true, 150, dead, one, broken)
	b.Line, b.Column = 5, 3
	s := testSkill(b)
	rep := Walk(s, testResolver)
	fs := rep.Findings()
	if len(fs) != 9 { // passing-score, no-correct, dead on-correct, options-count, 5 broken
		t.Errorf("%d findings, want 9: %+v", len(fs), fs)
	}
	for _, d := range fs {
		if d.Rule == "" || !strings.HasPrefix(d.Rule, "quiz/") || d.File != "demo/SKILL.md" || d.Line <= 0 || d.Column <= 0 || d.Hint == "" || d.Message == "" {
			t.Errorf("finding without rule, file:line:col or hint: %+v", d)
		}
	}
}
