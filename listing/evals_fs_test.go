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

// Only evals.json must be an eval file. Another JSON file in evals/ that
// is not shaped like evals at all (a JSON Schema, a results file, a home
// runner's {"prompts": [...]}) is left alone, since no eval runner reads
// it as evals; one that looks like evals but is broken is still an error.
func TestOtherJSONInEvalsIsNotAnEvalFile(t *testing.T) {
	fsys := fstest.MapFS{
		"sql/SKILL.md":                  {Data: []byte("---\nname: sql\ndescription: d\n---\n")},
		"sql/evals/rubric.schema.json":  {Data: []byte(`{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object"}`)},
		"sql/evals/results.json":        {Data: []byte(`[{"id": "trigger", "pass": true}]`)},
		"sql/evals/prompts.json":        {Data: []byte(`{"prompts": [{"id": "a", "prompt": "run it", "verify": "true"}]}`)},
		"sql/evals/labels.json":         {Data: []byte(`["a", "b"]`)},
		"sql/evals/eval.yaml":           {Data: []byte("tasks: [\"tasks/*.yaml\"]\n")},
		"sql/evals/trigger-evals.json":  {Data: []byte(`[{"query": "tune this", "should_trigger": "yes"}]`)},
		"sql/evals/broken.json":         {Data: []byte(`{"evals": [`)},
		"sql/evals/evals-not-list.json": {Data: []byte(`{"evals": {"prompt": "a"}}`)},
	}
	s := &model.Skill{Format: model.FormatSkillMD, Name: "sql", Location: model.Location{Local: true, Root: "/x", Dir: "sql", File: "sql/SKILL.md", FS: fsys}}
	var got []string
	for _, d := range CheckEvals(s) {
		got = append(got, d.File+" "+d.Rule)
	}
	want := "sql/evals/broken.json evals/json; sql/evals/evals-not-list.json evals/json; sql/evals/trigger-evals.json evals/json"
	if strings.Join(got, "; ") != want {
		t.Errorf("got %s\nwant %s", strings.Join(got, "; "), want)
	}
	// evals.json itself is read whatever its shape: skill-creator reads it.
	fsys["sql/evals/evals.json"] = &fstest.MapFile{Data: []byte(`{"$schema": "x"}`)}
	found := false
	for _, d := range CheckEvals(s) {
		found = found || d.File == "sql/evals/evals.json" && d.Rule == "evals/json"
	}
	if !found {
		t.Error("evals.json without an evals list is not evals/json")
	}
}
