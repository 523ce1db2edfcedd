package quiz

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/model"
)

// A quiz can name one heading, file or skill from thousands of actions
// (YAML aliases make each a few bytes: `questions: [*q, *q, …]`). Walk
// and a Run read the body's headings, copy a section and read a file once
// each, not once per action: before, 2,000 aliased questions loading a
// 1 MB reference read 2 GB, and 1,000 gotos over a 300 KB body took 7 s,
// growing with the product of the two. Bounded by bytes allocated.
func TestWalkReadsEachTargetOnce(t *testing.T) {
	const actions = 2_000
	var body strings.Builder
	body.WriteString("# Big\n\n")
	for i := range 5_000 {
		fmt.Fprintf(&body, "## Heading %d\n\nSome text under it.\n\n", i)
	}
	big := strings.Repeat(strings.Repeat("x", 99)+"\n", 5_000) // 500 KB
	s := &model.Skill{
		Format: model.FormatSkillMD, Name: "big", Body: body.String(), BodyFile: "big/SKILL.md", BodyLine: 4,
		Location: model.Location{Source: "test", Dir: "big", File: "big/SKILL.md", FS: fstest.MapFS{
			"big/SKILL.md":           {Data: []byte("---\nname: big\n---\n" + body.String())},
			"big/references/big.md":  {Data: []byte(big)},
			"big/references/also.md": {Data: []byte(big)},
		}},
	}
	qu := q("Pick?", 2, 0)
	qu.OnCorrect = []model.Action{{Kind: model.ActionGoto, Target: "# Big"}, {Kind: model.ActionLoadSkill, Target: "helper"}}
	qu.OnIncorrect = []model.Action{{Kind: model.ActionLoadReference, Target: "references/big.md"}}
	missing := q("Where?", 2, 0)
	missing.OnIncorrect = []model.Action{{Kind: model.ActionGoto, Target: "## No such heading"}}
	var qs []model.Question
	for i := range actions {
		if i%2 == 0 {
			qs = append(qs, qu)
		} else {
			qs = append(qs, missing)
		}
	}
	s.Quizzes = []model.QuizBlock{block("Gate", true, 100, qs...)}
	input := len(s.Body) + 2*len(big)

	alloc := allocated(func() {
		rep := Walk(s, testResolver)
		if len(rep.Broken) != actions/2 {
			t.Errorf("%d broken paths, want %d", len(rep.Broken), actions/2)
		}
	})
	if limit := uint64(40 * input); alloc > limit {
		t.Errorf("Walk allocated %d MB for %d KB of skill, want at most %d MB: each action read the body or the file again",
			alloc>>20, input>>10, limit>>20)
	}

	// A run answers question by question; the same holds.
	alloc = allocated(func() {
		r := mustRun(t, s)
		for range actions {
			if _, err := r.Answer(1); err != nil {
				t.Fatal(err)
			}
		}
	})
	if limit := uint64(40 * input); alloc > limit {
		t.Errorf("a run allocated %d MB for %d KB of skill, want at most %d MB", alloc>>20, input>>10, limit>>20)
	}
}

func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// Each name of a file keeps its own name in what the agent is shown,
// though the file is read once.
func TestRunNamesEachReferenceAsWritten(t *testing.T) {
	qu := q("Pick?", 2, 0)
	qu.OnIncorrect = []model.Action{
		{Kind: model.ActionLoadReference, Target: "references/guide.md"},
		{Kind: model.ActionLoadReference, Target: "./references/guide.md"},
		{Kind: model.ActionLoadReference, Target: "references/nope.md"},
		{Kind: model.ActionLoadReference, Target: "references/nope.md"},
	}
	r := mustRun(t, testSkill(block("B", false, 0, qu)))
	rec, err := r.Answer(1)
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range rec.Actions[:2] {
		if !a.OK || a.Reference.Content != "# Guide\n\nRead me.\n" {
			t.Errorf("action %d: %+v", i, a)
		}
	}
	for i, a := range rec.Actions[2:] {
		if a.OK || !strings.Contains(a.Error, "references/nope.md") {
			t.Errorf("missing action %d: %+v", i, a)
		}
	}
}
