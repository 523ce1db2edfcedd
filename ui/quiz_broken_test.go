package ui

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/charmbracelet/x/ansi"

	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/model"
)

// A branch that cannot resolve shows its whole reason, wrapped, in a
// narrow pane (it was cut at the pane's edge).
func TestQuizBrokenBranchReasonIsWrapped(t *testing.T) {
	md := `---
name: gate
description: A gate. Use when testing.
quiz:
  - title: Gate
    gate: true
    passing-score: 100
    questions:
      - question: Pick one
        options:
          - label: right
            correct: true
          - label: wrong
        on-incorrect:
          load-reference: references/a-rather-long-missing-reference-name.md
---

# Gate
`
	base := model.Location{Source: "t", FS: fstest.MapFS{"gate/SKILL.md": {Data: []byte(md)}}}
	found := formats.Find(base.FS, ".")
	if len(found.Candidates) != 1 {
		t.Fatalf("candidates: %v", found.Candidates)
	}
	s := formats.Load(found.Candidates[0], base, model.Options{})
	tab := newQuizTab(NewCommon(Theme{Dark: true}))
	tab.SetSize(50, 30)
	tab.SetEntry(&Entry{ID: 1, Candidate: found.Candidates[0], Base: base, Source: "t", Skill: s, loaded: s, row: newRow(s)}, false)
	quizPress(tab, "enter")
	quizPress(tab, "2")
	view := ansi.Strip(tab.View())
	flat := strings.Join(strings.Fields(view), " ")
	if !strings.Contains(flat, "no such file in the skill folder") {
		t.Fatalf("the reason is not all on screen:\n%s", view)
	}
	for _, l := range strings.Split(view, "\n") {
		if ansi.StringWidth(l) > 50 {
			t.Errorf("line wider than the pane: %q", l)
		}
	}
}
