package quiz

import (
	"errors"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

func labelled(text string, labels []string, correct int) model.Question {
	qu := model.Question{Text: text}
	for i, l := range labels {
		qu.Options = append(qu.Options, model.Option{Label: l, Correct: i == correct})
	}
	return qu
}

func replaySkill() *model.Skill {
	return testSkill(
		block("Gate", true, 100,
			labelled("port?", []string{"8080", "443", "Both"}, 1),
			labelled("proto?", []string{"HTTP", "gRPC"}, 0)),
		block("Extra", false, 50, labelled("extra?", []string{"yes", "no"}, 0)),
	)
}

func TestReplay(t *testing.T) {
	tests := []struct {
		spec      string
		gatesOpen bool
		attempts  int
		wantErr   string
	}{
		{"2,1,1", true, 1, ""},
		{"443,http,YES", true, 1, ""}, // labels, case-insensitive
		{" 2 , HTTP , no ", true, 1, ""},
		{"1,1", false, 1, ""},                                      // gate fails, no answers left: run ends closed
		{"1,1,2,1,1", true, 2, ""},                                 // gate fails, retried, passes
		{"1,1,1,2", false, 2, ""},                                  // fails twice
		{"8080", false, 1, "the list ends at block 1, question 2"}, // stops mid-block
		{"2,1,1,1", true, 1, "answer 4 (\"1\"): the quiz is over"},
		{"2,SOAP,1", false, 1, `answer 2 ("SOAP"): block 1, question 2`},
		{"2,7,1", false, 1, "neither a number from 1 to 2"},
	}
	for _, tt := range tests {
		answers, err := SplitAnswers(tt.spec)
		if err != nil {
			t.Fatalf("%q: %v", tt.spec, err)
		}
		tr, err := Replay(mustRun(t, replaySkill()), answers)
		if tt.wantErr != "" {
			var ae *AnswerError
			if !errors.As(err, &ae) || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("%q: error %v, want %q", tt.spec, err, tt.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tt.spec, err)
			continue
		}
		if tr.GatesOpen != tt.gatesOpen || len(tr.Blocks[0].Attempts) != tt.attempts {
			t.Errorf("%q: gatesOpen %v attempts %d; want %v %d", tt.spec, tr.GatesOpen, len(tr.Blocks[0].Attempts), tt.gatesOpen, tt.attempts)
		}
	}
}

func TestSplitAnswersRejectsEmpty(t *testing.T) {
	for _, spec := range []string{"", "  ", "1,,2", "1,"} {
		if _, err := SplitAnswers(spec); err == nil {
			t.Errorf("SplitAnswers(%q): no error", spec)
		}
	}
}

func TestMatchOptionAmbiguousLabel(t *testing.T) {
	qu := labelled("x", []string{"Yes", "yes"}, 0)
	if i, err := MatchOption(qu, "yes"); err != nil || i != 1 {
		t.Errorf("exact label should win: %d %v", i, err)
	}
	if _, err := MatchOption(qu, "YES"); err == nil || !strings.Contains(err.Error(), "answer with a number") {
		t.Errorf("ambiguous label: %v", err)
	}
}

func FuzzReplay(f *testing.F) {
	for _, s := range []string{"1,2,3", "2,1,1", "443,http,yes", ",,", "99999999999999999999", "-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		answers, err := SplitAnswers(spec)
		if err != nil {
			return
		}
		if len(answers) > 64 {
			answers = answers[:64]
		}
		tr, _ := Replay(mustRun(t, replaySkill()), answers)
		if len(tr.Blocks) != 2 {
			t.Fatalf("transcript has %d blocks", len(tr.Blocks))
		}
	})
}

func BenchmarkReplay(b *testing.B) {
	answers, _ := SplitAnswers("1,1,2,1,1")
	for b.Loop() {
		r, _ := New(replaySkill(), testResolver)
		Replay(r, answers)
	}
}
