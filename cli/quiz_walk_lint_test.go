package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A walk reports every problem lint's quiz rules report: an out-of-range
// passing-score and an unknown branch action are dropped while parsing, so
// the walk must take them from lint's findings, not from the model.
func TestQuizWalkReportsWhatLintReports(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "lib", "walked")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	skill := filepath.Join(dir, "SKILL.md")
	src := `---
name: walked
description: A skill whose quiz has problems only lint used to see.
quiz:
  gate: true
  passing-score: 150
  questions:
    - question: Which one?
      options:
        - label: A
          correct: true
        - label: B
      on-incorrect:
        jump: "## Nowhere"
---
# Walked

Body.
`
	if err := os.WriteFile(skill, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	_, lintOut, _ := runCLI(t, "lint", dir)
	for _, want := range []string{"quiz/passing-score", "quiz/unknown-action"} {
		if !strings.Contains(lintOut, want) {
			t.Fatalf("lint does not report %s, so this test tests nothing:\n%s", want, lintOut)
		}
	}

	code, out, _ := runCLI(t, "quiz", dir, "--walk")
	if code != 2 {
		t.Errorf("walk exit = %d, want 2 (the quiz is invalid)\n%s", code, out)
	}
	for _, want := range []string{"line 6: quiz/passing-score: passing-score 150 is outside 0-100", `line 14: quiz/unknown-action: on-incorrect action "jump"`} {
		if !strings.Contains(out, want) {
			t.Errorf("walk does not report %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "Every branch leads somewhere") {
		t.Errorf("walk calls a quiz lint fails sound:\n%s", out)
	}
}
