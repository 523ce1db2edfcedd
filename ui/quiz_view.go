package ui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/quiz"
	"github.com/skillstudio/skillstudio/sanitize"
)

// Drawing the Quiz tab. Every string from the skill passes through
// sanitize before it is styled.

func sanitizeTitle(s string) string { return sanitize.Line(s) }

func (t *quizTab) View() string {
	if t.width <= 0 || t.height <= 0 || t.entry == nil {
		return ""
	}
	if t.reader != nil {
		if t.inStudio() {
			return t.reader.view(t.width, t.height)
		}
		// Alone, the exam names its keys under the reader too.
		return fitLines(t.reader.view(t.width, t.height-1)+"\n"+t.footer(), t.width, t.height)
	}
	var body string
	focus := -1 // the line of the option or action under the cursor
	switch t.mode {
	case quizIntro:
		body = t.viewIntro()
	case quizLoading:
		body = "\n " + t.c.Styles.Dim.Render("Loading the skill's library…")
	case quizAsking:
		q, at := t.viewQuestion()
		body, focus = t.progress()+"\n\n"+q, at+2
	case quizFeedback:
		f, at := t.viewFeedback()
		body, focus = t.progress()+"\n\n"+f, at
		if at >= 0 {
			focus += 2
		}
	case quizBlockEnd:
		body = t.progress() + "\n\n" + t.viewBlockEnd()
	case quizDone:
		body = t.viewDone()
	}
	lines := strings.Split(body, "\n")
	foot := ""
	if !t.inStudio() {
		// The studio's help bar names the keys; alone, the exam does.
		foot = t.footer()
	}
	lines = t.window(lines, t.height-1, focus)
	for len(lines) < t.height-1 {
		lines = append(lines, "")
	}
	return fitLines(strings.Join(append(lines, foot), "\n"), t.width, t.height)
}

// textWidth leaves a margin of one cell on each side.
func (t *quizTab) textWidth() int { return max(t.width-4, 10) }

// para wraps skill text and indents it.
func (t *quizTab) para(s string, prefix string) string {
	return indent(wrap(sanitize.Display(s), t.textWidth()-len(prefix)+1), prefix)
}

// gateLabel is a block's gate as the exam shows it.
func (t *quizTab) gateLabel(b quiz.BlockRecord) string {
	st := t.c.Styles
	switch b.State {
	case quiz.GateOpen:
		return st.OK.Render("▣ gate open")
	case quiz.GateClosed:
		return st.Warning.Render("▧ gate locked")
	case quiz.GateBlocked:
		return st.Dim.Render("▧ blocked")
	case quiz.GateNone:
		return st.Dim.Render("□ not gated")
	}
	if b.Gate {
		return st.Warning.Render("▧ gate locked")
	}
	return st.Dim.Render("□ not gated")
}

// progress is the exam's header: block, question, score so far, gate.
// The score and gate always show; the block's title gives way first.
func (t *quizTab) progress() string {
	st := t.c.Styles
	rec := t.run.Record()
	att := t.run.Attempt()
	qn := t.run.QuestionIndex() + 1
	if t.mode != quizAsking {
		qn = len(att.Answers)
	}
	right := fmt.Sprintf("%s  Q %d/%d  score %d/%d", t.gateLabel(rec), qn, rec.Questions, att.Correct, len(att.Answers))
	if att.Number > 1 {
		right += fmt.Sprintf("  attempt %d", att.Number)
	}
	right += " "
	left := fmt.Sprintf(" Block %d/%d", rec.Index+1, len(t.entry.Skill.Quizzes))
	room := t.width - ansi.StringWidth(left) - ansi.StringWidth(right) - 4
	if title := sanitize.Line(blockTitle(rec)); room >= 6 {
		left += " · " + st.Bold.Render(ansi.Truncate(title, room, glyphEllip))
	}
	return spread(left, right, t.width)
}

func blockTitle(b quiz.BlockRecord) string {
	if b.Title != "" {
		return b.Title
	}
	return fmt.Sprintf("Block %d", b.Index+1)
}

func (t *quizTab) viewIntro() string {
	st := t.c.Styles
	s := t.entry.Skill
	var b strings.Builder
	b.WriteString(" " + st.Heading.Render("Quiz gates") + st.Dim.Render(" · "+plural(len(s.Quizzes), "block", "blocks")) + "\n\n")
	gated := 0
	for i, q := range s.Quizzes {
		rec := quiz.BlockRecord{Index: i, Title: q.Title, Gate: q.Gate}
		if q.Gate {
			gated++
		}
		fmt.Fprintf(&b, " %d. %s  %s\n", i+1, st.Bold.Render(sanitize.Line(blockTitle(rec))), t.gateLabel(rec))
		meta := fmt.Sprintf("%s · pass at %g%%", plural(len(q.Questions), "question", "questions"), q.PassingScore)
		b.WriteString("    " + st.Dim.Render(meta) + "\n")
		if q.Description != "" {
			b.WriteString(t.para(q.Description, "    ") + "\n")
		}
		b.WriteString("\n")
	}
	if gated > 0 {
		b.WriteString(t.para("The body stays hidden until every gate opens: answer as the agent would, and a wrong answer sends you to the material it missed.", " ") + "\n\n")
	}
	if t.err != "" {
		b.WriteString(t.para(t.err, " ") + "\n\n")
	}
	b.WriteString(" " + st.Key.Render(t.c.Keys.QuizStart.Help().Key) + st.Dim.Render(" begin the exam"))
	return b.String()
}

// viewQuestion draws the question and its options, and says on which of
// its lines the option under the cursor starts.
func (t *quizTab) viewQuestion() (string, int) {
	st := t.c.Styles
	q, _ := t.run.Question()
	var b strings.Builder
	b.WriteString(st.Bold.Render(t.para(q.Text, " ")) + "\n\n")
	focus := -1
	for i, o := range q.Options {
		num := fmt.Sprintf("%d", i+1)
		label := wrap(sanitize.Line(o.Label), t.textWidth()-6)
		label = strings.ReplaceAll(label, "\n", "\n      ")
		if i == t.cursor {
			focus = strings.Count(b.String(), "\n")
			b.WriteString(" " + st.Heading.Render("›") + " " + st.Key.Render(num) + "  " + st.RowSelected.Render(label) + "\n")
		} else {
			b.WriteString("   " + st.Dim.Render(num) + "  " + label + "\n")
		}
	}
	b.WriteString("\n" + t.bodyLine())
	if line := t.outOfReachLine(); line != "" {
		b.WriteString("\n" + line)
	}
	return b.String(), focus
}

// outOfReachLine says, once a gated block's wrong answers are more than
// its passing score allows, that this attempt cannot open the gate: a
// reviewer went on answering a 100% gate after a wrong first answer
// thinking it could still pass. The rest of the block still shows what
// each answer opens.
func (t *quizTab) outOfReachLine() string {
	rec, att := t.run.Record(), t.run.Attempt()
	if !rec.Gate {
		return ""
	}
	wrong := len(att.Answers) - att.Correct
	if wrong == 0 {
		return ""
	}
	if _, can := quiz.Score(rec.Questions-wrong, rec.Questions, rec.PassingScore); can {
		return ""
	}
	text := fmt.Sprintf("This attempt cannot open the gate: it needs %g%% and %s wrong. Answer on to see what each answer opens; %s retries at the end.",
		rec.PassingScore, plural(wrong, "answer is", "answers are"), t.c.Keys.QuizRetry.Help().Key)
	return t.c.Styles.Warning.Render(t.para(text, " "))
}

// bodyLine says whether the body is still hidden behind a gate.
func (t *quizTab) bodyLine() string {
	st := t.c.Styles
	if !t.run.BodyLocked() {
		return " " + st.OK.Render("▣ body unlocked")
	}
	for _, b := range t.run.Transcript().Blocks {
		if b.Gate && b.State != quiz.GateOpen {
			return " " + st.Warning.Render("▧ body hidden") + st.Dim.Render(fmt.Sprintf(" until gate %d (%s) opens", b.Index+1, sanitize.Line(blockTitle(b))))
		}
	}
	return " " + st.Warning.Render("▧ body hidden")
}

// viewFeedback draws the verdict and the branch actions, and says on
// which of its lines the action under the cursor is (-1: none).
func (t *quizTab) viewFeedback() (string, int) {
	st := t.c.Styles
	a := t.last
	var b strings.Builder
	if a.Correct {
		b.WriteString(" " + st.OK.Bold(true).Render(glyphOK+" Correct") + "\n")
	} else {
		// The right option by its label too: "the answer was 2" sent a
		// reviewer back a screen to read what 2 was.
		var opts []model.Option
		if blk := t.run.Block(); a.Question < len(blk.Questions) {
			opts = blk.Questions[a.Question].Options
		}
		nums := make([]string, len(a.CorrectOptions))
		for i, c := range a.CorrectOptions {
			nums[i] = fmt.Sprint(c + 1)
			if c < len(opts) {
				nums[i] += ": " + sanitize.Line(opts[c].Label)
			}
		}
		b.WriteString(" " + st.Error.Render(glyphError+" Incorrect") + "\n")
		b.WriteString(st.Dim.Render(t.para("the answer was "+strings.Join(nums, " or "), "   ")) + "\n")
	}
	b.WriteString(st.Dim.Render(t.para(fmt.Sprintf("you chose %d: %s", a.Choice+1, a.ChoiceLabel), "   ")) + "\n")
	if a.Explanation != "" {
		b.WriteString("\n" + t.para(a.Explanation, " ") + "\n")
	}
	if t.banner != "" {
		b.WriteString("\n" + st.StatusNotice.Render(t.para(t.banner, " ▌ ")) + "\n")
	}
	open, headed, focus := 0, false, -1
	for _, act := range a.Actions {
		if act.Kind == model.ActionMessage && act.OK {
			continue
		}
		if !headed {
			b.WriteString("\n " + st.Dim.Render(a.Branch+":") + "\n")
			headed = true
		}
		line := actionLine(act)
		switch {
		case !act.OK:
			// Wrapped: the reason is the end of the line.
			for i, l := range strings.Split(wrap(sanitize.Line(line), max(t.textWidth()-4, 10)), "\n") {
				lead := "   " + st.Error.Render(glyphError) + " "
				if i > 0 {
					lead = "     "
				}
				b.WriteString(lead + st.Error.Render(l) + "\n")
			}
			if act.Kind == model.ActionLoadSkill {
				// What it means for the skill under review, not only
				// for this library.
				b.WriteString(st.Dim.Render(t.para("An agent without that skill installed gets only the message above.", "     ")) + "\n")
			}
			continue
		case open == t.cursor:
			focus = strings.Count(b.String(), "\n")
			b.WriteString(" " + st.Heading.Render("›") + " " + st.RowSelected.Render(sanitize.Line(line)) + "\n")
		default:
			b.WriteString("   " + sanitize.Line(line) + "\n")
		}
		open++
	}
	return b.String(), focus
}

// actionLine describes what an action handed the agent.
func actionLine(a quiz.ActionResult) string {
	if !a.OK {
		return fmt.Sprintf("%s %q: %s", a.Kind, a.Target, a.Error)
	}
	switch a.Kind {
	case model.ActionGoto:
		return fmt.Sprintf("goto → section “%s”", a.Section.Heading)
	case model.ActionLoadReference:
		return fmt.Sprintf("load-reference → %s (%s)", a.Reference.Path, humanBytes(len(a.Reference.Content)))
	case model.ActionLoadSkill:
		return fmt.Sprintf("load-skill → %s (%s)", a.Skill.Name, a.Skill.Format.Label())
	}
	return string(a.Kind)
}

func (t *quizTab) viewBlockEnd() string {
	st := t.c.Styles
	rec := t.run.Record()
	att := t.run.Attempt()
	var b strings.Builder
	verdict := st.Error.Render("FAILED")
	if att.Passed {
		verdict = st.OK.Bold(true).Render("PASSED")
	}
	fmt.Fprintf(&b, " %s  %s\n", verdict, st.Bold.Render(fmt.Sprintf("%d/%d · %s%%", att.Correct, att.Total, formatPercent(att.Score))))
	b.WriteString(" " + st.Dim.Render(fmt.Sprintf("needs %g%% · attempt %d", rec.PassingScore, att.Number)) + "\n\n")
	switch rec.State {
	case quiz.GateOpen:
		b.WriteString(" " + st.OK.Bold(true).Render("▣ The gate opens.") + "\n")
	case quiz.GateClosed:
		// Wrapped: at 64 columns the way on was cut to "opened,…".
		b.WriteString(" " + st.Warning.Render("▧ The gate stays locked.") + "\n")
		b.WriteString(st.Dim.Render(t.para(fmt.Sprintf("Review what the wrong answers opened, then %s retries the block; the body stays hidden until it passes.", t.c.Keys.QuizRetry.Help().Key), " ")) + "\n")
	default:
		b.WriteString(" " + st.Dim.Render("Not gated: the score is kept, nothing is blocked.") + "\n")
	}
	b.WriteString("\n")
	for _, a := range att.Answers {
		mark := st.OK.Render(glyphOK)
		if !a.Correct {
			mark = st.Error.Render(glyphError)
		}
		q := wrap(sanitize.Line(a.Text), t.textWidth()-6)
		fmt.Fprintf(&b, "  %s Q%d %s\n", mark, a.Question+1, strings.ReplaceAll(q, "\n", "\n      "))
	}
	return b.String()
}

func formatPercent(f float64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", f), "0"), ".")
}

func (t *quizTab) viewDone() string {
	st := t.c.Styles
	tr := t.run.Transcript()
	var b strings.Builder
	if tr.GatesOpen {
		b.WriteString(" " + st.OK.Bold(true).Render(glyphOK+" Every gate is open") + "\n\n")
	} else {
		b.WriteString(" " + st.Warning.Render("▧ A gate stayed locked") + "\n\n")
	}
	for _, rec := range tr.Blocks {
		score := st.Dim.Render("not presented")
		if n := len(rec.Attempts); n > 0 && rec.State != quiz.GateBlocked {
			a := rec.Attempts[n-1]
			score = fmt.Sprintf("%d/%d (%s%%) · %s", a.Correct, a.Total, formatPercent(a.Score), plural(n, "attempt", "attempts"))
		}
		fmt.Fprintf(&b, " %d. %s  %s\n    %s\n", rec.Index+1, st.Bold.Render(sanitize.Line(blockTitle(rec))), t.gateLabel(rec), score)
	}
	if len(tr.Errors) > 0 {
		b.WriteString("\n " + st.Error.Render(plural(len(tr.Errors), "branch action", "branch actions")+" could not be resolved:") + "\n")
		for _, e := range tr.Errors {
			b.WriteString(st.Error.Render(t.para(e, "   ")) + "\n")
		}
	}
	b.WriteString("\n" + t.bodyLine() + "\n")
	return b.String()
}

// footer names the keys that matter right now, from the same bindings
// as the help bar (the stand-alone exam has no help bar).
func (t *quizTab) footer() string {
	st := t.c.Styles
	var parts []string
	bs := t.ShortHelp()
	if t.reader == nil {
		bs = append(bs, t.c.Keys.Quit)
	}
	for _, b := range bs {
		if b.Enabled() {
			h := b.Help()
			parts = append(parts, st.Key.Render(h.Key)+" "+st.Dim.Render(h.Desc))
		}
	}
	return " " + strings.Join(parts, st.Dim.Render(" · "))
}
