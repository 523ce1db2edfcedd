package examples_test

import (
	"context"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/examples"
	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/model"
)

// isBroken reports whether a path belongs to one of the deliberately flawed
// examples, which are named broken-… on disk whatever their declared name.
func isBroken(fsPath string) bool {
	for _, part := range strings.Split(fsPath, "/") {
		if strings.HasPrefix(part, "broken-") {
			return true
		}
	}
	return false
}

func loadLibrary(t *testing.T) *model.Library {
	t.Helper()
	base := model.Location{Source: "embedded", FS: examples.Library()}
	return formats.LoadAll(context.Background(), base, ".", model.Options{}, nil)
}

// TestLibraryIsCleanExceptBrokenSkills: the library is what a new user sees
// first, so every example but the flawed ones must lint clean.
func TestLibraryIsCleanExceptBrokenSkills(t *testing.T) {
	lib := loadLibrary(t)
	if len(lib.Skills) == 0 {
		t.Fatal("the embedded library holds no skills")
	}
	for _, s := range lib.Skills {
		errs, warns, _ := s.Counts()
		if isBroken(s.Location.File) {
			if errs == 0 {
				t.Errorf("%s (%s): a deliberately broken example must have at least one error; it has none", s.Location.File, s.Name)
			}
			continue
		}
		if errs+warns > 0 {
			for _, d := range s.Diagnostics {
				if d.Severity >= model.SeverityWarning {
					t.Errorf("%s: %v (hint: %s)", s.Location.File, d, d.Hint)
				}
			}
		}
	}
	for _, d := range lib.Diagnostics {
		if d.Severity >= model.SeverityWarning && !isBroken(d.File) {
			t.Errorf("library finding: %v", d)
		}
	}
}

// TestEveryFormatIsRepresented: the studio's first screen shows all three
// formats, each with a clean example and a broken one.
func TestEveryFormatIsRepresented(t *testing.T) {
	lib := loadLibrary(t)
	clean := map[model.Format]int{}
	broken := map[model.Format]int{}
	for _, s := range lib.Skills {
		if isBroken(s.Location.File) {
			broken[s.Format]++
		} else {
			clean[s.Format]++
		}
	}
	for _, f := range model.Formats {
		if clean[f] < 2 {
			t.Errorf("format %s: %d clean examples, want at least 2", f.Label(), clean[f])
		}
		if broken[f] != 1 {
			t.Errorf("format %s: %d broken examples, want exactly 1", f.Label(), broken[f])
		}
	}
}

// TestQuizExamplesAreGated: the two quiz examples are the ones the quiz
// runner's goldens and the studio's quiz tab rely on.
func TestQuizExamplesAreGated(t *testing.T) {
	lib := loadLibrary(t)
	for _, name := range []string{"webhook-verification", "ledger-api-onboarding"} {
		s := lib.Lookup(name)
		if s == nil {
			t.Errorf("%s: not in the library", name)
			continue
		}
		gated := false
		kinds := map[model.ActionKind]bool{}
		for _, b := range s.Quizzes {
			gated = gated || b.Gate
			for _, q := range b.Questions {
				for _, a := range append(append([]model.Action{}, q.OnCorrect...), q.OnIncorrect...) {
					kinds[a.Kind] = true
				}
			}
		}
		if !gated {
			t.Errorf("%s: no gated quiz block", name)
		}
		for _, k := range []model.ActionKind{model.ActionGoto, model.ActionLoadReference, model.ActionLoadSkill, model.ActionMessage} {
			if !kinds[k] {
				t.Errorf("%s: no %s branch action", name, k)
			}
		}
	}
}
