package quiz

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

func TestScoring(t *testing.T) {
	three := []model.Question{q("one", 3, 0), q("two", 3, 0), q("three", 3, 0)}
	tests := []struct {
		passing   float64
		questions []model.Question
		answers   []int // 0 is correct, 1 is wrong
		score     float64
		passed    bool
	}{
		{0, three, []int{1, 1, 1}, 0, true},
		{50, three[:2], []int{0, 1}, 50, true},
		{50, three[:2], []int{1, 1}, 0, false},
		{50, three, []int{0, 1, 1}, 33.33, false},
		{67, three, []int{0, 0, 1}, 66.67, false}, // 2/3 is below 67 %
		{67, three, []int{0, 0, 0}, 100, true},
		{66, three, []int{0, 0, 1}, 66.67, true},
		{66.6, three, []int{0, 0, 1}, 66.67, true},   // lint accepts fractions; never rounded up to 67
		{66.67, three, []int{0, 0, 1}, 66.67, false}, // 2/3 is 66.666…, below 66.67
		{33.3, three, []int{0, 1, 1}, 33.33, true},
		{100, three, []int{0, 0, 1}, 66.67, false},
		{100, three, []int{0, 0, 0}, 100, true},
	}
	for _, tt := range tests {
		r := mustRun(t, testSkill(block("b", true, tt.passing, tt.questions...)))
		for _, a := range tt.answers {
			if _, err := r.Answer(a); err != nil {
				t.Fatal(err)
			}
		}
		if r.Phase() != PhaseBlockEnd {
			t.Fatalf("phase %v after every answer, want block-end", r.Phase())
		}
		att := r.Attempt()
		if att.Score != tt.score || att.Passed != tt.passed {
			t.Errorf("passing %g, answers %v: score %v passed %v; want %v %v", tt.passing, tt.answers, att.Score, att.Passed, tt.score, tt.passed)
		}
		wantState := GateClosed
		if tt.passed {
			wantState = GateOpen
		}
		if r.Record().State != wantState {
			t.Errorf("passing %g, answers %v: gate %s, want %s", tt.passing, tt.answers, r.Record().State, wantState)
		}
	}
}

func TestSeveralCorrectOptionsEachCount(t *testing.T) {
	for _, choice := range []int{1, 3} {
		r := mustRun(t, testSkill(block("b", true, 100, q("pick", 4, 1, 3))))
		rec, err := r.Answer(choice)
		if err != nil {
			t.Fatal(err)
		}
		if !rec.Correct || rec.Branch != "on-correct" {
			t.Errorf("option %d of two correct ones: correct=%v branch=%s", choice+1, rec.Correct, rec.Branch)
		}
		if got := rec.CorrectOptions; len(got) != 2 || got[0] != 1 || got[1] != 3 {
			t.Errorf("correct options %v, want [1 3]", got)
		}
	}
	r := mustRun(t, testSkill(block("b", true, 100, q("pick", 4, 1, 3))))
	if rec, _ := r.Answer(0); rec.Correct {
		t.Error("an option not marked correct counted as correct")
	}
}

func TestGateClosedThenRetriedAndOpened(t *testing.T) {
	qu := q("which?", 3, 2)
	qu.OnIncorrect = []model.Action{{Kind: model.ActionLoadReference, Target: "references/guide.md"}}
	s := testSkill(block("Gate", true, 100, qu), block("After", false, 100, q("later", 2, 0)))
	r := mustRun(t, s)
	if !r.BodyLocked() {
		t.Fatal("the body is visible before the gate was passed")
	}
	rec, _ := r.Answer(0)
	if rec.Correct || len(rec.Actions) != 1 || rec.Actions[0].Reference == nil {
		t.Fatalf("wrong answer should load the guide: %+v", rec)
	}
	if r.Record().State != GateClosed || !r.CanRetry() {
		t.Fatalf("gate %s, can retry %v; want closed and retryable", r.Record().State, r.CanRetry())
	}
	if err := r.Retry(); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Answer(2); err != nil {
		t.Fatal(err)
	}
	if r.Record().State != GateOpen {
		t.Fatalf("gate %s after a correct retry, want open", r.Record().State)
	}
	if r.CanRetry() || r.Retry() == nil {
		t.Error("a passed block offers a retry")
	}
	if err := r.Continue(); err != nil {
		t.Fatal(err)
	}
	if r.BlockIndex() != 1 || r.Phase() != PhaseQuestion {
		t.Fatalf("after the open gate: block %d phase %v", r.BlockIndex(), r.Phase())
	}
	r.Answer(0)
	r.Continue()
	tr := r.Transcript()
	if r.Phase() != PhaseDone || !tr.GatesOpen || !tr.BodyUnlocked {
		t.Fatalf("done=%v gatesOpen=%v body=%v", r.Phase() == PhaseDone, tr.GatesOpen, tr.BodyUnlocked)
	}
	if n := len(tr.Blocks[0].Attempts); n != 2 {
		t.Errorf("%d attempts recorded, want 2", n)
	}
}

func TestClosedGateBlocksLaterBlocksEvenUngated(t *testing.T) {
	s := testSkill(block("Gate", true, 100, q("g", 2, 0)), block("Free", false, 0, q("f", 2, 0)))
	r := mustRun(t, s)
	r.Answer(1)
	if err := r.Continue(); err != nil { // give up at the closed gate
		t.Fatal(err)
	}
	tr := r.Transcript()
	if r.Phase() != PhaseDone {
		t.Fatalf("phase %v, want done", r.Phase())
	}
	if tr.Blocks[0].State != GateClosed || tr.Blocks[1].State != GateBlocked {
		t.Errorf("states %s, %s; want closed, blocked", tr.Blocks[0].State, tr.Blocks[1].State)
	}
	if tr.GatesOpen || tr.BodyUnlocked {
		t.Error("a closed gate left the body unlocked")
	}
}

func TestUngatedBlockNeverBlocks(t *testing.T) {
	s := testSkill(block("Warm-up", false, 100, q("w", 2, 0)), block("Gate", true, 100, q("g", 2, 0)))
	r := mustRun(t, s)
	r.Answer(1) // fail the ungated block
	if r.Record().State != GateNone || r.Attempt().Passed {
		t.Fatalf("ungated block: state %s passed %v", r.Record().State, r.Attempt().Passed)
	}
	if err := r.Continue(); err != nil {
		t.Fatal(err)
	}
	if r.BlockIndex() != 1 {
		t.Fatal("a failed ungated block stopped the run")
	}
	r.Answer(0)
	r.Continue()
	if tr := r.Transcript(); !tr.GatesOpen || !tr.BodyUnlocked {
		t.Errorf("gatesOpen=%v body=%v, want both true", tr.GatesOpen, tr.BodyUnlocked)
	}
}

func TestWrongPhaseAndBadOption(t *testing.T) {
	r := mustRun(t, testSkill(block("b", true, 100, q("x", 2, 0))))
	if r.Continue() != ErrWrongPhase || r.Retry() != ErrWrongPhase {
		t.Error("Continue/Retry mid-question should be ErrWrongPhase")
	}
	if _, err := r.Answer(5); err == nil || !strings.Contains(err.Error(), "options 1 to 2") {
		t.Errorf("out-of-range option: %v", err)
	}
	r.Answer(0)
	if _, err := r.Answer(0); !errors.Is(err, ErrWrongPhase) {
		t.Errorf("Answer at block end: %v", err)
	}
}

func TestInvalidQuiz(t *testing.T) {
	tests := []struct {
		name string
		s    *model.Skill
		want string
	}{
		{"no quiz", testSkill(), "has no quiz"},
		{"no questions", testSkill(block("b", true, 100)), "no questions"},
		{"one option", testSkill(block("b", true, 100, q("x", 1, 0))), "at least 2"},
		{"none correct", testSkill(block("b", true, 100, q("x", 3))), "no option is marked correct"},
		{"score out of range", testSkill(block("b", true, 150, q("x", 2, 0))), "outside 0–100"},
	}
	for _, tt := range tests {
		_, err := New(tt.s, nil)
		var ie *InvalidError
		if !errors.As(err, &ie) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want an InvalidError containing %q", tt.name, err, tt.want)
		}
	}
	if _, err := New(testSkill(block("b", true, 100, q("x", 2, 0))), nil); err != nil {
		t.Errorf("a valid quiz: %v", err)
	}
}

func TestTranscriptIsJSON(t *testing.T) {
	qu := q("x", 2, 0)
	qu.OnCorrect = []model.Action{{Kind: model.ActionLoadSkill, Target: "helper"}}
	r := mustRun(t, testSkill(block("b", true, 100, qu)))
	r.Answer(0)
	r.Continue()
	b, err := json.Marshal(r.Transcript())
	if err != nil {
		t.Fatal(err)
	}
	var back Transcript
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back.Blocks[0].Attempts[0].Answers[0].Actions[0].Skill.Name != "helper" || !back.GatesOpen {
		t.Errorf("round trip lost data: %s", b)
	}
}
