package skillmd

import (
	"reflect"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

func TestQuizSingleBlockDefaults(t *testing.T) {
	src := md("quiz:\n  title: \"Simple\"\n  questions:\n    - question: \"Working?\"\n      options:\n        - label: \"Yes\"\n          correct: true\n        - label: \"No\"\n", plainBody)
	s := loadCase(map[string]string{"SKILL.md": src}, "")
	if len(s.Quizzes) != 1 {
		t.Fatalf("quizzes %+v", s.Quizzes)
	}
	q := s.Quizzes[0]
	if q.Title != "Simple" || q.Gate || q.PassingScore != 100 || len(q.Questions) != 1 || q.Line != 5 || q.Column != 3 {
		t.Errorf("block %+v", q)
	}
	opts := q.Questions[0].Options
	if len(opts) != 2 || !opts[0].Correct || opts[1].Correct || opts[1].Label != "No" || opts[1].Line != 11 {
		t.Errorf("options %+v", opts)
	}
}

// TestQuizActionsKeepOrder: a branch's actions come back in written order,
// with the file position of each target.
func TestQuizActionsKeepOrder(t *testing.T) {
	src := md(quizFM(`  - questions:
      - question: "Q?"
        options:
          - {label: A, correct: true}
          - {label: B}
        on-incorrect:
          message: "first"
          load-skill: "security-basics"
          goto: "## Setup Steps"
          load-reference: "references/auth.md"
`), plainBody)
	s := loadCase(map[string]string{"SKILL.md": src, "references/auth.md": "x"}, "")
	if e, w, _ := s.Counts(); e+w > 0 {
		t.Fatalf("%v", s.Diagnostics)
	}
	got := s.Quizzes[0].Questions[0].OnIncorrect
	want := []model.Action{
		{Kind: model.ActionMessage, Target: "first", Line: 11, Column: 20},
		{Kind: model.ActionLoadSkill, Target: "security-basics", Line: 12, Column: 23},
		{Kind: model.ActionGoto, Target: "## Setup Steps", Line: 13, Column: 17},
		{Kind: model.ActionLoadReference, Target: "references/auth.md", Line: 14, Column: 27},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("actions\n got %+v\nwant %+v", got, want)
	}
}

// TestQuizParsedUnderEveryProfile: the quiz engine gets the blocks even
// when the profile does not check them.
func TestQuizParsedUnderEveryProfile(t *testing.T) {
	for _, p := range model.Profiles {
		s := loadCase(map[string]string{"SKILL.md": md(quizFM(goodQuiz), plainBody), "references/auth.md": "x"}, p)
		if len(s.Quizzes) != 1 || len(s.Quizzes[0].Questions) != 1 {
			t.Errorf("profile %s: %+v", p, s.Quizzes)
		}
	}
}

func TestFindHeading(t *testing.T) {
	body := "# Title\n\nintro\n\n## Setup Steps\n\nstep one\n\n### Detail\n\nmore\n\n## API Reference\n\n```\n## Not a heading\n```\n\n## C#\n"
	tests := []struct {
		target     string
		text       string
		level      int
		line       int
		start, end int
	}{
		{"## Setup Steps", "Setup Steps", 2, 5, 16, 60},
		{"setup steps", "Setup Steps", 2, 5, 16, 60},
		{"# SETUP STEPS", "Setup Steps", 2, 5, 16, 60},
		{"#setup-steps", "Setup Steps", 2, 5, 16, 60},
		{"### Detail", "Detail", 3, 9, 42, 60},
		{"## C#", "C#", 2, 19, len(body) - 6, len(body)},
		{"# Title", "Title", 1, 1, 0, len(body)},
	}
	for _, tc := range tests {
		h, ok := FindHeading(body, tc.target)
		if !ok || h.Text != tc.text || h.Level != tc.level || h.Line != tc.line || h.Offset != tc.start || h.End != tc.end {
			t.Errorf("FindHeading(%q) = %+v, %v; want %s level %d line %d [%d,%d)", tc.target, h, ok, tc.text, tc.level, tc.line, tc.start, tc.end)
		}
	}
	for _, miss := range []string{"## Not a heading", "## Teardown", "", "#"} {
		if h, ok := FindHeading(body, miss); ok {
			t.Errorf("FindHeading(%q) found %+v", miss, h)
		}
	}
}

func TestSlugs(t *testing.T) {
	hs := Headings("# Hello, World!\n# Hello, World!\n## `code` & Co.\n# Émoji 🎉 café\n# snake_case-name\n")
	var got []string
	for _, h := range hs {
		got = append(got, h.Slug)
	}
	want := []string{"hello-world", "hello-world-1", "code--co", "émoji--café", "snake_case-name"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("slugs %q, want %q", got, want)
	}
}

func TestReferenceMentions(t *testing.T) {
	text := "See references/a.md, ./references/b/c.json. Not xreferences/d.md; (references/e_f-g.md) references/ and references/h."
	var got []string
	for _, m := range referenceMentions([]byte(text)) {
		got = append(got, text[m[0]:m[1]])
	}
	want := []string{"references/a.md", "./references/b/c.json", "references/e_f-g.md"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("mentions %q, want %q", got, want)
	}
}
