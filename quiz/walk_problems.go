package quiz

import (
	"fmt"
	"strings"

	"github.com/skillstudio/skillstudio/formats/skillmd"
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
	file := skillFile(s)
	for _, d := range s.Diagnostics {
		if !strings.HasPrefix(d.Rule, "quiz/") || walkedRules[d.Rule] {
			continue
		}
		d.File = file
		d.Fix = nil
		w.Problems = append(w.Problems, d)
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
			w.Problems = append(w.Problems, p.diagnostic(file))
		}
		return
	}
	w.Problems = append(w.Problems, model.Diagnostic{Rule: "quiz/shape", Severity: model.SeverityError, File: file,
		Line: 1, Column: 1, Message: err.Error(), Hint: "Add a quiz: block to the frontmatter, with questions and options."})
}

// skillFile is the path of the file a skill's quiz is written in, as lint
// names it.
func skillFile(s *model.Skill) string { return s.Location.Path(s.Location.File) }

// brokenFinding is a broken branch as lint words a finding: the rule and
// hint lint gives the same action when it has a finding there (it checks
// the same targets), else the walk's own.
func brokenFinding(s *model.Skill, b BrokenPath) model.Diagnostic {
	a := b.Action
	d := model.Diagnostic{Severity: model.SeverityError, File: skillFile(s), Line: a.Line, Column: a.Column}
	d.Rule, d.Hint = brokenRule(a)
	for _, ld := range s.Diagnostics {
		if a.refused != refusedNone {
			break // lint sees the name in the folder; only the walk saw what it is
		}
		if walkedRules[ld.Rule] && ld.Line == a.Line && ld.Column == a.Column && a.Line > 0 {
			d.Rule, d.Severity = ld.Rule, ld.Severity
			if ld.Hint != "" {
				d.Hint = ld.Hint
			}
			break
		}
	}
	d.Message = fmt.Sprintf("block %d, question %d (%q), %s %s: %s %q: %s", b.Block, b.Question,
		b.QuestionText, b.Branch, b.via(), a.Kind, a.Target, a.Error)
	return d
}

// brokenRule names the lint rule a failed action falls under and how to
// fix it, for actions lint has no finding on (a load-skill lint resolved
// in a different library, a skill read without lint).
func brokenRule(a ActionResult) (rule, hint string) {
	switch a.Kind {
	case model.ActionGoto:
		return "quiz/goto-heading", "Add the heading to the body, or point goto at an existing one (e.g. \"## Setup Steps\")."
	case model.ActionLoadReference:
		switch a.refused {
		case refusedLinkOut:
			return "quiz/reference-escapes", skillmd.HintReferenceLinkOut
		case refusedNotFile:
			return "quiz/reference-missing", skillmd.HintReferenceNotFile
		}
		if _, err := CleanReference(a.Target); err != nil {
			return "quiz/reference-escapes", "Copy the file into the skill (e.g. references/) and point at it with a slash path relative to the skill folder."
		}
		return "quiz/reference-missing", "Create the file, or fix the path (relative to the skill folder)."
	case model.ActionLoadSkill:
		return "quiz/load-skill-unresolved", "Add a skill of that name to the library or the configured sources, or fix the name."
	default:
		return "quiz/unknown-action", "Give the action a target: the heading, skill name, file path or message text."
	}
}

// via says which options lead to a broken branch.
func (b BrokenPath) via() string {
	if len(b.Options) == 0 {
		return "(no option leads here)"
	}
	opts := make([]string, len(b.Options))
	for i, o := range b.Options {
		opts[i] = fmt.Sprintf("%d %q", o, b.OptionLabels[i])
	}
	return "via option " + strings.Join(opts, ", ")
}
