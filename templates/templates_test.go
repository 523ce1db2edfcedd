package templates

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

// inputCase is one set of values every template is rendered with.
type inputCase struct {
	label string
	v     Values
}

// longName is a 64-character kebab-case name, the SKILL.md limit.
var longName = strings.TrimSuffix(strings.Repeat("abcdefg-", 8), "-") + "x"

// inputCases are short and long names, unicode, and text that must be
// escaped differently in JS strings, YAML scalars, JSON strings, .xgs.js
// header lines and Markdown.
var inputCases = []inputCase{
	{"short", Values{Name: "a", Description: "A.", Author: "x", Matches: []string{"<all_urls>"}}},
	{"long", Values{
		Name:        longName,
		Description: strings.TrimSpace(strings.Repeat("A long description that keeps going. ", 27)),
		Author:      strings.Repeat("Long Author Name ", 8),
		Matches:     []string{"*://*.example.com/*", "https://example.org/app/*", "http://localhost:8080/*"},
		Version:     "10.20.30-rc.1",
	}},
	{"unicode", Values{
		Name:        "resume-helper",
		Description: "Résumé 📄 naïve 中文 — «guillemets» ¿qué? עברית ‘curly’",
		Author:      "Zoë Ångström 🦊",
		Matches:     []string{"*://*.bücher.example/*"},
	}},
	{"escaping", Values{
		Name:        "quote-and-slash",
		Description: `He said "hi": \n is not a newline; # not a comment, {{.Name}} ${x} </script> */ 'single' \\ // ==/XGooseSkill== @match`,
		Author:      `O'Brien "the \ backslash": #1`,
		Namespace:   "$quote_1",
		Matches:     []string{"*://*/*"},
	}},
	{"yaml-words", Values{Name: "yes", Description: "yes", Author: "no", Matches: []string{"*://*/*"}, Version: "1.0.0"}},
	{"numbers", Values{Name: "n1", Description: "1.0", Author: "0755", Matches: []string{"*://*/*"}}},
	{"indicators", Values{
		Name:        "list-like",
		Description: "- starts like a list item: [x] & *bold* | pipe > gt % pct @at `tick` !bang",
		Author:      "@handle",
		Matches:     []string{"*://*/*"},
	}},
}

// partsChoices renders each template with no optional part and with all.
func partsChoices(t *Template) [][]string {
	if len(t.Optional) == 0 {
		return [][]string{nil}
	}
	return [][]string{nil, t.Optional}
}

func allTemplates(t testing.TB) []*Template {
	t.Helper()
	var all []*Template
	for _, f := range model.Formats {
		ts, errs := List(f, t.TempDir())
		if len(errs) > 0 {
			t.Fatalf("built-in templates of %s: %v", f, errs)
		}
		if len(ts) != len(builtinOrder[f]) {
			t.Fatalf("%s has %d templates, want %d", f, len(ts), len(builtinOrder[f]))
		}
		all = append(all, ts...)
	}
	return all
}

// writeNew renders and writes one skill into a fresh folder, returning
// that folder and the plan.
func writeNew(t testing.TB, tm *Template, v Values) (string, *Plan) {
	t.Helper()
	root := t.TempDir()
	dir := filepath.Join(root, v.Name)
	if tm.Format == model.FormatXGS {
		dir = root
	}
	p, err := Prepare(tm, v, dir)
	if err != nil {
		t.Fatalf("%s/%s: Prepare: %v", tm.Format, tm.Name, err)
	}
	if err := p.Write(); err != nil {
		t.Fatalf("%s/%s: Write: %v", tm.Format, tm.Name, err)
	}
	return root, p
}

// TestEveryTemplateLintsClean is the promise of the scaffolder: whatever
// it writes, lint (every rule on) finds no error and no warning, and the
// reader reads back exactly the values typed — which proves each was
// escaped right for the place it landed.
func TestEveryTemplateLintsClean(t *testing.T) {
	for _, tm := range allTemplates(t) {
		for _, c := range inputCases {
			for _, with := range partsChoices(tm) {
				label := c.label
				if len(with) > 0 {
					label += "+parts"
				}
				t.Run(string(tm.Format)+"/"+tm.Name+"/"+label, func(t *testing.T) {
					v := c.v
					v.With = with
					root, p := writeNew(t, tm, v)
					lib, bad := lintTree(t, root)
					for _, d := range bad {
						t.Errorf("%s", d)
					}
					if len(lib.Skills) != 1 {
						t.Fatalf("lint found %d skills, want 1", len(lib.Skills))
					}
					checkReadBack(t, tm, p.Values, lib.Skills[0])
				})
			}
		}
	}
}

// checkReadBack compares what the reader read with what was typed.
func checkReadBack(t *testing.T, tm *Template, v Values, s *model.Skill) {
	t.Helper()
	if s.Format != tm.Format {
		t.Errorf("read as %s", s.Format)
	}
	if s.Name != v.Name {
		t.Errorf("name read back as %q, want %q", s.Name, v.Name)
	}
	if s.Description != v.Description {
		t.Errorf("description read back as\n%q\nwant\n%q", s.Description, v.Description)
	}
	writesAuthor := tm.Format != model.FormatSkillMD || tm.Name == "registry"
	if writesAuthor && s.Author != v.Author {
		t.Errorf("author read back as %q, want %q", s.Author, v.Author)
	}
	if writesAuthor && s.Version != v.Version {
		t.Errorf("version read back as %q, want %q", s.Version, v.Version)
	}
	if tm.Format == model.FormatXGS {
		if s.Namespace != v.Namespace {
			t.Errorf("namespace read back as %q, want %q", s.Namespace, v.Namespace)
		}
		if p := s.Primary(); p == nil {
			t.Error("no ★ primary function")
		}
	}
}

func TestEveryTemplateDescribed(t *testing.T) {
	for _, tm := range allTemplates(t) {
		if tm.Description == "" || strings.Contains(tm.Description, "\n") {
			t.Errorf("%s/%s: description %q", tm.Format, tm.Name, tm.Description)
		}
		if !tm.Builtin() || tm.Origin() != "built in" {
			t.Errorf("%s/%s: not built in", tm.Format, tm.Name)
		}
	}
}

// TestQuizTemplateBranchesResolve: the quiz template's branches point at a
// references/ file and a heading the template itself creates.
func TestQuizTemplateBranchesResolve(t *testing.T) {
	tm, err := Lookup(model.FormatSkillMD, "quiz", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	root, _ := writeNew(t, tm, Values{Name: "gated", Description: "A gated skill"})
	lib, bad := lintTree(t, root)
	if len(bad) > 0 {
		t.Fatalf("%v", bad)
	}
	s := lib.Skills[0]
	if len(s.Quizzes) == 0 || !s.Quizzes[0].Gate {
		t.Fatalf("no gated quiz: %+v", s.Quizzes)
	}
	kinds := map[model.ActionKind]bool{}
	for _, q := range s.Quizzes[0].Questions {
		for _, a := range append(q.OnCorrect, q.OnIncorrect...) {
			kinds[a.Kind] = true
		}
	}
	if !kinds[model.ActionGoto] || !kinds[model.ActionLoadReference] {
		t.Errorf("branches %v: want a goto and a load-reference", kinds)
	}
}
