package ui

import (
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/quiz"
)

// One Quiz tab serves every skill, so a run is kept aside when the tab is
// handed another skill and taken back when its skill returns: a wrong
// answer's load-skill into a skill with its own quiz, that quiz tried, and
// back — the first run is where it was left.

// maxSavedRuns bounds the runs kept aside; the oldest goes first.
const maxSavedRuns = 8

// quizState is a run where it was left.
type quizState struct {
	skill    *model.Skill // the skill the run is of: a changed quiz is not resumed
	mode     quizMode
	run      *quiz.Run
	resolver quiz.Resolver
	err      string
	cursor   int
	last     *quiz.AnswerRecord
	banner   string
}

type savedRuns struct {
	order []int // entry IDs, oldest first
	byID  map[int]quizState
}

func (t *quizTab) state() quizState {
	return quizState{skill: t.entry.Skill, mode: t.mode, run: t.run, resolver: t.resolver, err: t.err,
		cursor: t.cursor, last: t.last, banner: t.banner}
}

func (t *quizTab) restore(s quizState) {
	t.mode, t.run, t.resolver, t.err = s.mode, s.run, s.resolver, s.err
	t.cursor, t.last, t.banner = s.cursor, s.last, s.banner
}

func (r *savedRuns) put(e *Entry, s quizState) {
	if r.byID == nil {
		r.byID = map[int]quizState{}
	}
	r.drop(e.ID)
	r.byID[e.ID] = s
	r.order = append(r.order, e.ID)
	for len(r.order) > maxSavedRuns {
		delete(r.byID, r.order[0])
		r.order = r.order[1:]
	}
}

// take returns e's saved run, if its quiz still has the same questions.
func (r *savedRuns) take(e *Entry) (quizState, bool) {
	if e == nil || e.Skill == nil {
		return quizState{}, false
	}
	s, ok := r.byID[e.ID]
	if !ok {
		return quizState{}, false
	}
	r.drop(e.ID)
	if !sameQuizzes(s.skill, e.Skill) {
		return quizState{}, false
	}
	return s, true
}

func (r *savedRuns) drop(id int) {
	delete(r.byID, id)
	for i, x := range r.order {
		if x == id {
			r.order = append(r.order[:i], r.order[i+1:]...)
			break
		}
	}
}
