package xgs

import (
	"os"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
)

func loadTestdata(t *testing.T, name string) (string, *Analysis) {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b), Analyze(name, b, false)
}

// TestGoldenLint keeps every finding on a skill that breaks most rules,
// so a change in verdicts, positions or wording shows up in review.
func TestGoldenLint(t *testing.T) {
	_, a := loadTestdata(t, "flaky-forum.xgs.js")
	golden.RequireEqual(t, diagList(a.Diagnostics))
}

func TestGoldenDescribe(t *testing.T) {
	s := loadString(t, "hotel-rates.xgs.js", baseSkill(t))
	golden.RequireEqual(t, string(Describe(s.Functions))+"\n")
}

func TestGoldenBody(t *testing.T) {
	s := loadString(t, "hotel-rates.xgs.js", baseSkill(t))
	if s.BodyLine != 14 {
		t.Errorf("BodyLine = %d, want 14 (the first comment after the imports)", s.BodyLine)
	}
	var fields strings.Builder
	for _, f := range s.Fields {
		fields.WriteString(f.Name + ": " + f.Value + strings.Join(f.List, ", ") + "\n")
	}
	golden.RequireEqual(t, s.Body+"\n---\n"+fields.String())
}
