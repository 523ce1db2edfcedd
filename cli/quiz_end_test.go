package cli

import (
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/quiz"
)

// An interactive run answered to its end prints each block's score and
// the --answers list that replays it, retries included.
func TestQuizEndNamesScoresAndReplay(t *testing.T) {
	tr := &quiz.Transcript{Skill: "gate-demo", Blocks: []quiz.BlockRecord{{
		Index: 0, Title: "Ground rules", Gate: true, State: quiz.GateOpen,
		Attempts: []quiz.AttemptRecord{
			{Number: 1, Answers: []quiz.AnswerRecord{{Choice: 1}, {Choice: 0}}, Correct: 1, Total: 2, Score: 50, Complete: true},
			{Number: 2, Answers: []quiz.AnswerRecord{{Choice: 0}, {Choice: 1}}, Correct: 2, Total: 2, Score: 100, Passed: true, Complete: true},
		},
	}, {Index: 1, Title: "Extra", State: quiz.GateNone, Attempts: []quiz.AttemptRecord{
		{Number: 1, Answers: []quiz.AnswerRecord{{Choice: 2}}, Correct: 0, Total: 1, Complete: true},
	}}}, GatesOpen: true}
	var b strings.Builder
	if err := writeQuizEnd(&b, tr, "my skills/gate-demo"); err != nil {
		t.Fatal(err)
	}
	want := "Quiz: gate-demo\n" +
		"  Block 1: Ground rules  2/2 (100%) on attempt 2, gate open\n" +
		"  Block 2: Extra  0/1 (0%)\n" +
		"Replay: skillstudio quiz 'my skills/gate-demo' --answers 2,1,1,2,3\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}
