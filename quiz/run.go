package quiz

import (
	"errors"
	"fmt"
	"math"

	"github.com/skillstudio/skillstudio/model"
)

// Phase is where a run stands.
type Phase int

const (
	// PhaseQuestion: a question waits for Answer.
	PhaseQuestion Phase = iota
	// PhaseBlockEnd: a block's attempt is scored. Retry repeats a failed
	// block; Continue moves on (or, at a closed gate, ends the run).
	PhaseBlockEnd
	// PhaseDone: nothing more to ask; the transcript is final.
	PhaseDone
)

func (p Phase) String() string {
	switch p {
	case PhaseQuestion:
		return "question"
	case PhaseBlockEnd:
		return "block-end"
	case PhaseDone:
		return "done"
	}
	return fmt.Sprintf("phase(%d)", int(p))
}

// ErrWrongPhase is returned by a method called in a phase it has no
// meaning in (Answer at a block's end, Retry mid-block…).
var ErrWrongPhase = errors.New("quiz: not possible at this point of the run")

// Run is one pass of an agent through a skill's quiz blocks.
type Run struct {
	skill    *model.Skill
	resolver *resolving
	phase    Phase
	block    int // index into skill.Quizzes
	question int // index into the block's questions
	t        Transcript
}

// New starts a run at the first question of the first block. It fails
// with an *InvalidError when the quiz cannot be run (see Validate).
// resolver resolves load-skill actions; nil makes each one an error.
func New(s *model.Skill, resolver Resolver) (*Run, error) {
	if err := Validate(s); err != nil {
		return nil, err
	}
	r := &Run{skill: s, resolver: newResolving(s, resolver)}
	r.t.Skill = s.Name
	for i, b := range s.Quizzes {
		r.t.Blocks = append(r.t.Blocks, BlockRecord{
			Index: i, Title: b.Title, Description: b.Description, Gate: b.Gate,
			PassingScore: b.PassingScore, Questions: len(b.Questions), State: GateNotReached,
			Attempts: []AttemptRecord{},
		})
	}
	r.startAttempt()
	r.refresh()
	return r, nil
}

// Skill is the skill being quizzed.
func (r *Run) Skill() *model.Skill { return r.skill }

// Phase says what the run waits for.
func (r *Run) Phase() Phase { return r.phase }

// BlockIndex and QuestionIndex locate the run (0-based).
func (r *Run) BlockIndex() int    { return r.block }
func (r *Run) QuestionIndex() int { return r.question }

// Block is the current block.
func (r *Run) Block() model.QuizBlock { return r.skill.Quizzes[r.block] }

// Question is the question waiting for an answer; ok is false outside
// PhaseQuestion.
func (r *Run) Question() (q model.Question, ok bool) {
	if r.phase != PhaseQuestion {
		return model.Question{}, false
	}
	return r.skill.Quizzes[r.block].Questions[r.question], true
}

// Attempt is the current (or last) attempt at the current block.
func (r *Run) Attempt() AttemptRecord {
	as := r.t.Blocks[r.block].Attempts
	return as[len(as)-1]
}

// Record is the current block's record.
func (r *Run) Record() BlockRecord { return r.t.Blocks[r.block] }

// Transcript returns the run so far; after PhaseDone it is final.
func (r *Run) Transcript() Transcript {
	t := r.t
	t.Blocks = append([]BlockRecord(nil), r.t.Blocks...)
	return t
}

// BodyLocked reports whether a closed gate hides the body right now: a
// gated block that has not passed yet, at or before the current block.
func (r *Run) BodyLocked() bool { return !r.t.BodyUnlocked }

// Answer records option (0-based) for the waiting question, resolves the
// branch actions it leads to, and moves to the next question or to the
// block's end. The returned record is also in the transcript.
func (r *Run) Answer(option int) (AnswerRecord, error) {
	q, ok := r.Question()
	if !ok {
		return AnswerRecord{}, ErrWrongPhase
	}
	if option < 0 || option >= len(q.Options) {
		return AnswerRecord{}, fmt.Errorf("option %d does not exist: the question has options 1 to %d", option+1, len(q.Options))
	}
	rec := AnswerRecord{
		Question:       r.question,
		Text:           q.Text,
		Choice:         option,
		ChoiceLabel:    q.Options[option].Label,
		Correct:        q.Options[option].Correct,
		CorrectOptions: correctOptions(q),
		Explanation:    q.Explanation,
		Branch:         "on-incorrect",
		Actions:        []ActionResult{},
	}
	actions := q.OnIncorrect
	if rec.Correct {
		rec.Branch, actions = "on-correct", q.OnCorrect
	}
	for _, a := range actions {
		res := r.resolver.resolve(a)
		if !res.OK {
			r.t.Errors = append(r.t.Errors, fmt.Sprintf("block %d, question %d, %s %s %q: %s",
				r.block+1, r.question+1, rec.Branch, a.Kind, a.Target, res.Error))
		}
		rec.Actions = append(rec.Actions, res)
	}
	att := r.attempt()
	att.Answers = append(att.Answers, rec)
	if rec.Correct {
		att.Correct++
	}
	if r.question+1 < len(r.Block().Questions) {
		r.question++
	} else {
		r.endBlock()
	}
	r.refresh()
	return rec, nil
}

// Retry starts the current block again after a failed attempt.
func (r *Run) Retry() error {
	if r.phase != PhaseBlockEnd || r.Attempt().Passed {
		return ErrWrongPhase
	}
	r.startAttempt()
	r.refresh()
	return nil
}

// CanRetry reports whether Retry is possible now.
func (r *Run) CanRetry() bool { return r.phase == PhaseBlockEnd && !r.Attempt().Passed }

// Continue leaves a scored block: on to the next block, or — when this
// block is a gate that stayed closed — to the end of the run, with every
// later block blocked.
func (r *Run) Continue() error {
	if r.phase != PhaseBlockEnd {
		return ErrWrongPhase
	}
	rec := &r.t.Blocks[r.block]
	if rec.State == GateClosed {
		for i := r.block + 1; i < len(r.t.Blocks); i++ {
			r.t.Blocks[i].State = GateBlocked
		}
		r.phase = PhaseDone
		r.refresh()
		return nil
	}
	if r.block+1 >= len(r.skill.Quizzes) {
		r.phase = PhaseDone
		r.refresh()
		return nil
	}
	r.block++
	r.startAttempt()
	r.refresh()
	return nil
}

// Stop ends the run where it stands: an unfinished gated block counts as
// closed and everything after it as blocked or not reached.
func (r *Run) Stop() {
	if r.phase == PhaseDone {
		return
	}
	rec := &r.t.Blocks[r.block]
	if r.phase == PhaseQuestion && rec.Gate && !rec.Passed() {
		rec.State = GateClosed
	}
	if rec.State == GateClosed {
		for i := r.block + 1; i < len(r.t.Blocks); i++ {
			r.t.Blocks[i].State = GateBlocked
		}
	}
	r.phase = PhaseDone
	r.refresh()
}

func (r *Run) attempt() *AttemptRecord {
	as := r.t.Blocks[r.block].Attempts
	return &as[len(as)-1]
}

func (r *Run) startAttempt() {
	rec := &r.t.Blocks[r.block]
	rec.Attempts = append(rec.Attempts, AttemptRecord{
		Number:  len(rec.Attempts) + 1,
		Total:   len(r.Block().Questions),
		Answers: []AnswerRecord{},
	})
	if rec.Gate {
		rec.State = GateClosed // a gate is closed until its block passes
	} else {
		rec.State = GateNone
	}
	r.question = 0
	r.phase = PhaseQuestion
}

func (r *Run) endBlock() {
	att := r.attempt()
	att.Complete = true
	att.Score, att.Passed = Score(att.Correct, att.Total, r.Block().PassingScore)
	rec := &r.t.Blocks[r.block]
	switch {
	case !rec.Gate:
		rec.State = GateNone
	case att.Passed:
		rec.State = GateOpen
	default:
		rec.State = GateClosed
	}
	r.phase = PhaseBlockEnd
}

// refresh recomputes the run-wide flags from the block states.
func (r *Run) refresh() {
	open := true
	for _, b := range r.t.Blocks {
		switch {
		case b.State == GateClosed, b.State == GateBlocked:
			open = false
		case b.Gate && b.State == GateNotReached:
			open = false
		}
	}
	r.t.GatesOpen = open
	r.t.BodyUnlocked = open
}

// Score is the percentage of correct answers (rounded to two decimals
// for display) and whether it reaches passing, compared on the exact
// fraction: correct×100 ≥ passing×total, with passing as written (66.6
// stays 66.6, so 2 of 3 = 66.67% passes it and 67 does not). The
// tolerance only absorbs the binary rounding of a decimal like 66.6; it
// is far below the gap between any two scores a quiz can produce.
func Score(correct, total int, passing float64) (float64, bool) {
	if total == 0 {
		return 100, true
	}
	pct := math.Round(float64(correct)*10000/float64(total)) / 100
	return pct, float64(correct)*100 >= passing*float64(total)-1e-9
}
