package quiz

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/formats/skillmd"
	"github.com/skillstudio/skillstudio/model"
)

// TestLintAgreesWithReferenceResolution: for every load-reference target,
// lint reports a quiz/ error exactly when the engine cannot load the file,
// so a skill lint calls clean never has a branch that fails mid-run.
func TestLintAgreesWithReferenceResolution(t *testing.T) {
	for _, target := range []string{
		"references/guide.md", "./references/guide.md", "references/sub/../guide.md",
		`references\guide.md`, "/etc/passwd", "C:/x.md", "../other/SKILL.md",
		"references/missing.md", ".", "references/..", "references",
	} {
		src := "---\nname: demo\ndescription: A demo skill for the quiz engine.\nquiz:\n  gate: true\n  questions:\n    - question: \"Q?\"\n      options:\n        - label: A\n          correct: true\n        - label: B\n      on-incorrect:\n        load-reference: '" + target + "'\n---\n" + testBody
		fsys := fstest.MapFS{
			"demo/SKILL.md":            {Data: []byte(src)},
			"demo/references/guide.md": {Data: []byte("# Guide\n")},
			"other/SKILL.md":           {Data: []byte("---\nname: other\n---\n")},
		}
		s := skillmd.Load(fsys, "demo", model.Options{})
		s.Location.FS, s.Location.Dir = fsys, "demo"
		var lintErr []string
		for _, d := range s.Diagnostics {
			if strings.HasPrefix(d.Rule, "quiz/") && d.Severity == model.SeverityError {
				lintErr = append(lintErr, d.Rule+": "+d.Message)
			}
		}
		res := Resolve(s, model.Action{Kind: model.ActionLoadReference, Target: target}, nil)
		if res.OK != (len(lintErr) == 0) {
			t.Errorf("load-reference %q: engine ok=%v (%s) but lint errors %v", target, res.OK, res.Error, lintErr)
		}
		if len(lintErr) > 0 && d13(s) != 13 {
			t.Errorf("load-reference %q: finding at line %d, want 13 (the target's line)", target, d13(s))
		}
	}
}

func d13(s *model.Skill) int {
	for _, d := range s.Diagnostics {
		if strings.HasPrefix(d.Rule, "quiz/reference-") {
			return d.Line
		}
	}
	return 0
}
