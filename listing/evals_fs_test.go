package listing

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/model"
)

// CheckEvals finds evals/*.json from the reader's file list (or the
// folder when there is none), refuses huge files, and skips remote skills.
func TestCheckEvalsOnAFolder(t *testing.T) {
	fsys := fstest.MapFS{
		"pdf/SKILL.md":             {Data: []byte("---\nname: pdf\ndescription: d\n---\n")},
		"pdf/evals/evals.json":     {Data: []byte(`{"evals": [{"id": 1, "prompt": "a"}]}`)},
		"pdf/evals/huge.json":      {Data: []byte("[" + strings.Repeat(" ", maxEvalBytes) + "]")},
		"pdf/evals/notes.md":       {Data: []byte("not an eval")},
		"pdf/evals/deeper/x.json":  {Data: []byte("{")},
		"pdf/references/data.json": {Data: []byte("{")},
	}
	s := &model.Skill{Format: model.FormatSkillMD, Name: "pdf", Location: model.Location{Local: true, Root: "/x", Dir: "pdf", File: "pdf/SKILL.md", FS: fsys}}
	check := func() string {
		var ids []string
		for _, d := range CheckEvals(s) {
			ids = append(ids, d.File+" "+d.Rule)
		}
		return strings.Join(ids, "; ")
	}
	want := "pdf/evals/evals.json evals/no-checks; pdf/evals/huge.json evals/json"
	if got := check(); got != want {
		t.Errorf("from the folder: %s, want %s", got, want)
	}
	s.Files = []string{"SKILL.md", "evals/evals.json", "evals/huge.json", "evals/notes.md", "evals/deeper/x.json", "references/data.json"}
	if got := check(); got != want {
		t.Errorf("from the file list: %s, want %s", got, want)
	}
	s.Location.Local = false
	if got := check(); got != "" {
		t.Errorf("remote skill: %s", got)
	}
}
