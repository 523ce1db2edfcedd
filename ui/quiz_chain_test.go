package ui

import "testing"

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
