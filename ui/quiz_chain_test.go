package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"
)

// A wrong answer whose load-skill opens a skill with its own quiz, then
// backspace: the first skill's run is still there, not a fresh quiz.
func TestQuizRunSurvivesALoadSkillIntoAnotherQuiz(t *testing.T) {
	m := embeddedStudio(t, 120, 40)
	q := startQuiz(t, m, "ledger-api-onboarding")
	press(t, m, "1", "space", "1", "space", "1", "space") // three right
	press(t, m, "2")                                      // wrong: load-skill webhook-verification
	if q.last == nil || len(q.openable()) == 0 {
		t.Fatal("no action to open")
	}
	press(t, m, "enter")
	if e := m.skill.entry; e == nil || e.Skill.Name != "webhook-verification" {
		t.Fatalf("load-skill shows %v", name(e))
	}
	press(t, m, "backspace")
	if e := m.skill.entry; e.Skill.Name != "ledger-api-onboarding" || activeTitle(m) != "Quiz" {
		t.Fatalf("back shows %s on %s, want the quiz", e.Skill.Name, activeTitle(m))
	}
	if q.run == nil || q.mode == quizIntro {
		t.Errorf("the run was thrown away (mode %v)", q.mode)
	}
}

// The same, but the loaded skill's own quiz is opened before going back
// through the library: one Quiz tab serves both, and the first run is
// kept aside rather than lost.
func TestQuizRunKeptWhileAnotherSkillsQuizIsOpen(t *testing.T) {
	m := embeddedStudio(t, 120, 40)
	q := startQuiz(t, m, "ledger-api-onboarding")
	press(t, m, "1", "space", "1", "space", "1", "space")
	press(t, m, "2") // wrong: load-skill webhook-verification
	answered := answers(q)
	press(t, m, "enter")
	if e := m.skill.entry; e == nil || e.Skill.Name != "webhook-verification" {
		t.Fatalf("load-skill shows %v", name(e))
	}
	drain(t, m, m.skill.showTab("Quiz"))
	if q.entry.Skill.Name != "webhook-verification" || q.run != nil {
		t.Fatalf("the Quiz tab on the loaded skill: %s, run %v", q.entry.Skill.Name, q.run != nil)
	}
	drain(t, m, func() tea.Msg { return OpenSkillMsg{Name: "ledger-api-onboarding"} })
	drain(t, m, m.skill.showTab("Quiz"))
	if q.entry.Skill.Name != "ledger-api-onboarding" || q.run == nil || q.mode == quizIntro {
		t.Fatalf("back on the first skill the run is gone: run %v, mode %v", q.run != nil, q.mode)
	}
	if got := answers(q); got != answered {
		t.Errorf("resumed run has %d answers, want %d", got, answered)
	}
}

// answers counts the answers the tab's run has recorded.
func answers(q *quizTab) int {
	n := 0
	for _, b := range q.run.Transcript().Blocks {
		for _, a := range b.Attempts {
			n += len(a.Answers)
		}
	}
	return n
}
