package cli

import (
	"os"
	"path/filepath"
	"regexp"
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
	for _, want := range []string{"SKILL.md:6:18: error quiz/passing-score: passing-score 150 is outside 0-100\n    hint: ",
		`SKILL.md:14:9: error quiz/unknown-action: on-incorrect action "jump"`} {
		if !strings.Contains(out, want) {
			t.Errorf("walk does not report %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "Every branch leads somewhere") {
		t.Errorf("walk calls a quiz lint fails sound:\n%s", out)
	}
}

// Every problem `quiz --walk` prints reads like a lint finding:
// file:line:col, severity and rule, the message, then a hint line, whatever
// found it (lint's quiz rules, a broken branch, an on-correct no option
// reaches).
func TestQuizWalkMessagesNameFileLineColumnAndHint(t *testing.T) {
	isolateConfig(t)
	dir := filepath.Join(t.TempDir(), "lib", "many")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	src := "---\nname: many\ndescription: A quiz with every kind of walk problem in it.\nquiz:\n" +
		"  - title: First\n    gate: true\n    colour: red\n    questions:\n" +
		"      - question: Which one?\n        options:\n          - label: A\n          - label: B\n" +
		"        on-correct:\n          goto: \"## Done\"\n        on-incorrect:\n          message: \"\"\n" +
		"      - question: Next?\n        options:\n          - label: Yes\n            correct: true\n          - label: No\n" +
		"        on-incorrect:\n          load-skill: nobody-has-this\n          load-reference: references\\x.md\n          goto: \"## Gone\"\n" +
		"---\n# Many\n\n## Done\n"
	if err := os.WriteFile(filepath.Join(dir, "SKILL.md"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runCLI(t, "quiz", dir, "--walk")
	if code != 2 {
		t.Errorf("exit %d, want 2\n%s", code, out)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) < 3 {
		t.Fatalf("output too short:\n%s", out)
	}
	body := lines[1 : len(lines)-1] // between the headline and the summary
	findingLine := regexp.MustCompile(`^\S*SKILL\.md:\d+:\d+: (?:error|warning|info) (quiz/[a-z-]+): \S`)
	rules := map[string]bool{}
	for i := 0; i < len(body); i += 2 {
		m := findingLine.FindStringSubmatch(body[i])
		if m == nil {
			t.Errorf("line %q is not file:line:col: severity rule: message", body[i])
			continue
		}
		rules[m[1]] = true
		if i+1 >= len(body) || !strings.HasPrefix(body[i+1], "    hint: ") {
			t.Errorf("finding %q has no hint line after it", body[i])
		}
	}
	for _, want := range []string{"quiz/unknown-key", "quiz/no-correct", "quiz/unknown-action", "quiz/load-skill-unresolved", "quiz/reference-escapes", "quiz/goto-heading"} {
		if !rules[want] {
			t.Errorf("no %s finding in:\n%s", want, out)
		}
	}
}
