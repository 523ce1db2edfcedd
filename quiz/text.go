package quiz

import (
	"fmt"
	"io"
	"strings"

	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/sanitize"
)

// clean makes skill text safe for a terminal: a quiz is untrusted input.
func clean(s string) string { return sanitize.String(s) }

func cleanLine(s string) string { return sanitize.Line(s) }

// WriteText prints a transcript for a person: each block and attempt, each
// answer with its verdict and explanation, and every action with what it
// handed the agent (section text and reference content indented in full).
func WriteText(w io.Writer, t Transcript) error {
	p := &printer{w: w}
	p.f("Quiz: %s\n", cleanLine(t.Skill))
	for _, b := range t.Blocks {
		p.f("\n")
		p.block(b)
	}
	p.f("\n")
	switch {
	case t.GatesOpen:
		p.f("Result: every gate is open; the skill body is unlocked.\n")
	default:
		for _, b := range t.Blocks {
			if b.Gate && b.State == GateClosed {
				p.f("Result: gate %d %q stayed closed after %s; the skill body stays locked.\n",
					b.Index+1, cleanLine(b.Title), plural(len(b.Attempts), "attempt"))
				break
			}
		}
	}
	if len(t.Errors) > 0 {
		p.f("\n%s could not be resolved:\n", plural(len(t.Errors), "branch action"))
		for _, e := range t.Errors {
			p.f("  ✗ %s\n", cleanLine(e))
		}
	}
	return p.err
}

type printer struct {
	w   io.Writer
	err error
}

func (p *printer) f(format string, a ...any) {
	if p.err == nil {
		_, p.err = fmt.Fprintf(p.w, format, a...)
	}
}

// indent prints text with a prefix on every line.
func (p *printer) indent(prefix, text string) {
	for _, l := range strings.Split(strings.TrimRight(clean(text), "\n"), "\n") {
		p.f("%s\n", strings.TrimRight(prefix+l, " \t"))
	}
}

func (p *printer) block(b BlockRecord) {
	kind := "not gated"
	if b.Gate {
		kind = "gate"
	}
	title := b.Title
	if title == "" {
		title = "(untitled)"
	}
	p.f("Block %d: %s  [%s, pass at %g%%, %s]\n", b.Index+1, cleanLine(title), kind, b.PassingScore, plural(b.Questions, "question"))
	if b.Description != "" {
		p.f("  %s\n", cleanLine(b.Description))
	}
	switch b.State {
	case GateBlocked:
		p.f("  Blocked: an earlier gate is closed, so this block was never presented.\n")
		return
	case GateNotReached:
		p.f("  Not reached.\n")
		return
	}
	for _, a := range b.Attempts {
		p.f("  Attempt %d\n", a.Number)
		for _, ans := range a.Answers {
			p.answer(ans)
		}
		if !a.Complete {
			p.f("    (stopped after %d of %d questions)\n", len(a.Answers), a.Total)
			continue
		}
		verdict := "failed"
		if a.Passed {
			verdict = "passed"
		}
		p.f("    Score: %d/%d (%s%%), %s\n", a.Correct, a.Total, formatScore(a.Score), verdict)
	}
	switch b.State {
	case GateOpen:
		p.f("  Gate: OPEN\n")
	case GateClosed:
		p.f("  Gate: CLOSED\n")
	}
}

func formatScore(s float64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", s), "0"), ".")
}

func (p *printer) answer(a AnswerRecord) {
	mark := "✗ incorrect"
	if a.Correct {
		mark = "✓ correct"
	}
	p.f("    Q%d. %s\n", a.Question+1, cleanLine(a.Text))
	p.f("        answer %d: %s  %s\n", a.Choice+1, cleanLine(a.ChoiceLabel), mark)
	if !a.Correct {
		nums := make([]string, len(a.CorrectOptions))
		for i, c := range a.CorrectOptions {
			nums[i] = fmt.Sprint(c + 1)
		}
		p.f("        correct: %s\n", strings.Join(nums, " or "))
	}
	if a.Explanation != "" {
		p.f("        explanation: %s\n", cleanLine(a.Explanation))
	}
	if len(a.Actions) == 0 {
		return
	}
	p.f("        %s:\n", a.Branch)
	for _, act := range a.Actions {
		p.action(act)
	}
}

func (p *printer) action(a ActionResult) {
	const body = "          | "
	if !a.OK {
		p.f("          ✗ %s %q: %s\n", a.Kind, cleanLine(a.Target), cleanLine(a.Error))
		return
	}
	switch a.Kind {
	case model.ActionGoto:
		p.f("          goto %q → section %q (line %d)\n", cleanLine(a.Target), cleanLine(a.Section.Heading), a.Section.Line)
		p.indent(body, a.Section.Text)
	case model.ActionLoadReference:
		p.f("          load-reference %q → %s (%s)\n", cleanLine(a.Target), cleanLine(a.Reference.Path), plural(len(a.Reference.Content), "byte"))
		p.indent(body, a.Reference.Content)
	case model.ActionLoadSkill:
		p.f("          load-skill %q → %s (%s, from %s)\n", cleanLine(a.Target), cleanLine(a.Skill.Name), a.Skill.Format.Label(), cleanLine(a.Skill.Source))
		if a.Skill.Description != "" {
			p.indent(body, a.Skill.Description)
		}
	case model.ActionMessage:
		p.f("          message: %s\n", cleanLine(a.Message))
	}
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// WalkHeadline is the line a walk's text output opens with.
func (w WalkReport) WalkHeadline() string {
	return fmt.Sprintf("Walk: %s: %s tried, %s checked", cleanLine(w.Skill), plural(w.Paths, "option"), plural(w.Actions, "branch action"))
}

// WalkSummary is the line a walk's text output ends with.
func (w WalkReport) WalkSummary() string {
	if w.OK() && len(w.Problems) == 0 {
		return "Every branch leads somewhere."
	}
	if w.OK() {
		return fmt.Sprintf("Every branch leads somewhere; %s.", plural(len(w.Problems), "warning"))
	}
	return fmt.Sprintf("%s, %s.", plural(len(w.Broken), "broken branch action"), plural(len(w.Problems), "problem"))
}
