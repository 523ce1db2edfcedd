package quiz

import (
	"testing/fstest"

	"github.com/skillstudio/skillstudio/model"
)

// testBody is a small skill body with a few sections to goto.
const testBody = `# Demo Skill

Intro text.

## Setup Steps

1. Install.
2. Configure.

### Details

Fine print.

## API Reference

Base URL here.
`

// q builds a question: correct lists the 0-based options marked correct.
func q(text string, n int, correct ...int) model.Question {
	qu := model.Question{Text: text}
	for i := 0; i < n; i++ {
		o := model.Option{Label: string(rune('A' + i))}
		for _, c := range correct {
			o.Correct = o.Correct || c == i
		}
		qu.Options = append(qu.Options, o)
	}
	return qu
}

func block(title string, gate bool, passing float64, qs ...model.Question) model.QuizBlock {
	return model.QuizBlock{Title: title, Gate: gate, PassingScore: passing, Questions: qs}
}

// testSkill is a skill in folder "demo" of a map FS that also holds a
// sibling skill's file and a secret outside every skill.
func testSkill(blocks ...model.QuizBlock) *model.Skill {
	fsys := fstest.MapFS{
		"demo/SKILL.md":               {Data: []byte("---\nname: demo\n---\n" + testBody)},
		"demo/references/guide.md":    {Data: []byte("# Guide\n\nRead me.\n")},
		"demo/references/sub/deep.md": {Data: []byte("deep\n")},
		"other/SKILL.md":              {Data: []byte("---\nname: other\n---\n# Other\n")},
		"secret.txt":                  {Data: []byte("top secret\n")},
	}
	return &model.Skill{
		Format: model.FormatSkillMD, Name: "demo", Description: "A demo skill",
		Body: testBody, BodyFile: "demo/SKILL.md", BodyLine: 4,
		Location: model.Location{Source: "test", Dir: "demo", File: "demo/SKILL.md", FS: fsys},
		Quizzes:  blocks,
	}
}

// testResolver knows one other skill, "helper".
var testResolver = LibraryResolver{Library: &model.Library{Skills: []*model.Skill{
	{Format: model.FormatSkillMD, Name: "helper", Description: "Helps.", Location: model.Location{Source: "embedded"}},
}}}

func mustRun(t interface {
	Helper()
	Fatalf(string, ...any)
}, s *model.Skill) *Run {
	t.Helper()
	r, err := New(s, testResolver)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return r
}
