package quiz

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/skillstudio/skillstudio/model"
)

// AnswerError is an answer list that does not fit the quiz: which answer
// (1-based position in the list) and why.
type AnswerError struct {
	Position int // 1-based; 0 when the list as a whole is wrong
	Answer   string
	Reason   string
}

func (e *AnswerError) Error() string {
	if e.Position == 0 {
		return "answers: " + e.Reason
	}
	return fmt.Sprintf("answer %d (%q): %s", e.Position, e.Answer, e.Reason)
}

// SplitAnswers splits an answer list: comma-separated option numbers
// (1-based) or option labels, in the order the questions are met,
// retries included.
func SplitAnswers(spec string) ([]string, error) {
	if strings.TrimSpace(spec) == "" {
		return nil, &AnswerError{Reason: "the list is empty; give one option per question, e.g. 1,3,2"}
	}
	parts := strings.Split(spec, ",")
	for i, p := range parts {
		parts[i] = strings.TrimSpace(p)
		if parts[i] == "" {
			return nil, &AnswerError{Position: i + 1, Reason: "empty answer; give an option number or label"}
		}
	}
	return parts, nil
}

// MatchOption finds the option an answer names: a number from 1 to the
// option count, else a label (exact, then ignoring case and spaces around).
func MatchOption(q model.Question, answer string) (int, error) {
	a := strings.TrimSpace(answer)
	if n, err := strconv.Atoi(a); err == nil && n >= 1 && n <= len(q.Options) {
		return n - 1, nil
	}
	for i, o := range q.Options {
		if o.Label == a {
			return i, nil
		}
	}
	match := -1
	for i, o := range q.Options {
		if strings.EqualFold(strings.TrimSpace(o.Label), a) {
			if match >= 0 {
				return 0, fmt.Errorf("two options are labelled %q; answer with a number", a)
			}
			match = i
		}
	}
	if match >= 0 {
		return match, nil
	}
	labels := make([]string, len(q.Options))
	for i, o := range q.Options {
		labels[i] = fmt.Sprintf("%d %q", i+1, o.Label)
	}
	return 0, fmt.Errorf("%q is neither a number from 1 to %d nor an option label; options: %s", a, len(q.Options), strings.Join(labels, ", "))
}

// Replay runs the quiz with a list of answers, one per question as the
// questions are met. After a block ends: a failed gate is retried while
// answers remain (and ends the run when none do); any other block moves
// on. Too few answers to finish a block, or answers left over at the end,
// are an *AnswerError; the transcript so far comes back with it.
func Replay(r *Run, answers []string) (Transcript, error) {
	next := 0
	for {
		switch r.Phase() {
		case PhaseDone:
			if next < len(answers) {
				return r.Transcript(), &AnswerError{Position: next + 1, Answer: answers[next],
					Reason: fmt.Sprintf("the quiz is over; %d answer(s) left over", len(answers)-next)}
			}
			return r.Transcript(), nil
		case PhaseBlockEnd:
			if r.Record().State == GateClosed && next < len(answers) {
				if err := r.Retry(); err != nil {
					return r.Transcript(), err
				}
				continue
			}
			if err := r.Continue(); err != nil {
				return r.Transcript(), err
			}
		case PhaseQuestion:
			q, _ := r.Question()
			if next >= len(answers) {
				r.Stop()
				return r.Transcript(), &AnswerError{Position: 0, Reason: fmt.Sprintf(
					"the list ends at block %d, question %d (%q), attempt %d; %d answer(s) given",
					r.BlockIndex()+1, r.QuestionIndex()+1, q.Text, r.Attempt().Number, len(answers))}
			}
			opt, err := MatchOption(q, answers[next])
			if err != nil {
				r.Stop()
				return r.Transcript(), &AnswerError{Position: next + 1, Answer: answers[next], Reason: fmt.Sprintf(
					"block %d, question %d: %v", r.BlockIndex()+1, r.QuestionIndex()+1, err)}
			}
			next++
			if _, err := r.Answer(opt); err != nil {
				return r.Transcript(), err
			}
		}
	}
}
