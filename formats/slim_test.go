package formats

import (
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

// Slim drops the views but keeps what rows, filters and checks read; a
// skill with quiz gates keeps its body, where its goto sections are.
func TestSlimKeepsWhatTheLibraryReads(t *testing.T) {
	full := &model.Skill{
		Name: "s", Description: "d", Body: "# Setup\n", Functions: []model.Function{{Name: "f"}},
		Fields:      []model.Field{{Name: "license", Value: "MIT"}, {Name: "when_to_use", Value: "w"}},
		Diagnostics: []model.Diagnostic{{Rule: "x/y"}},
	}
	s := Slim(full)
	if s.Body != "" || s.Functions != nil || len(s.Fields) != 1 || s.Fields[0].Name != "when_to_use" {
		t.Errorf("views kept: body %q, functions %v, fields %v", s.Body, s.Functions, s.Fields)
	}
	if s.Name != "s" || s.Description != "d" || len(s.Diagnostics) != 1 {
		t.Errorf("library facts lost: %+v", s)
	}
	if full.Body == "" || len(full.Fields) != 2 {
		t.Error("Slim changed the skill it was given")
	}
	full.Quizzes = []model.QuizBlock{{}}
	if Slim(full).Body != full.Body {
		t.Error("a skill with quiz gates lost its body")
	}
}
