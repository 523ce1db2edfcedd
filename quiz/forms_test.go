package quiz

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/formats/skillmd"
	"github.com/skillstudio/skillstudio/model"
)

// TestQuizFormsRunAlike: `quiz:` as one object and as a list of one block
// read into the same blocks, and a run over either behaves the same.
func TestQuizFormsRunAlike(t *testing.T) {
	const block = `    title: "Check"
    gate: true
    questions:
      - question: "Which heading holds the steps?"
        options:
          - label: "Setup Steps"
            correct: true
          - label: "Teardown"
        on-correct:
          goto: "## Setup Steps"
        on-incorrect:
          load-reference: "references/guide.md"
          message: "Read the guide."
`
	// The list form indents the block under "- "; the object form writes
	// it directly under quiz:, two columns further left.
	list := "quiz:\n  - " + block[4:]
	object := "quiz:\n" + strings.ReplaceAll("\n"+block, "\n  ", "\n")[1:]
	for name, quizYAML := range map[string]string{"list": list, "object": object} {
		src := "---\nname: demo\ndescription: A demo skill for the quiz engine.\n" + quizYAML + "---\n" + testBody
		fsys := fstest.MapFS{
			"demo/SKILL.md":            {Data: []byte(src)},
			"demo/references/guide.md": {Data: []byte("# Guide\n")},
		}
		s := skillmd.Load(fsys, "demo", model.Options{})
		s.Location.FS, s.Location.Dir = fsys, "demo"
		if len(s.Quizzes) != 1 || len(s.Quizzes[0].Questions) != 1 {
			t.Fatalf("%s form: read %d blocks; diagnostics %v", name, len(s.Quizzes), s.Diagnostics)
		}
		if s.Quizzes[0].PassingScore != 100 {
			t.Errorf("%s form: passing score %g, want the default 100", name, s.Quizzes[0].PassingScore)
		}
		r, err := New(s, nil)
		if err != nil {
			t.Fatalf("%s form: %v", name, err)
		}
		wrong, _ := r.Answer(1)
		if len(wrong.Actions) != 2 || !wrong.Actions[0].OK || wrong.Actions[0].Reference.Content != "# Guide\n" || wrong.Actions[1].Message != "Read the guide." {
			t.Errorf("%s form: on-incorrect actions %+v", name, wrong.Actions)
		}
		r.Retry()
		right, _ := r.Answer(0)
		if len(right.Actions) != 1 || !right.Actions[0].OK || right.Actions[0].Section.Heading != "Setup Steps" {
			t.Errorf("%s form: on-correct actions %+v", name, right.Actions)
		}
		if r.Record().State != GateOpen {
			t.Errorf("%s form: gate %s after a correct retry", name, r.Record().State)
		}
	}
}
