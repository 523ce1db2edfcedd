package listing

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

func pdfSkill() *model.Skill {
	return skill("pdf-tools", "Merge, split and rotate PDF files. Use when the user wants to combine or split PDF documents.")
}

func evalRules(t *testing.T, name string) ([]string, []model.Diagnostic, []byte) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", "evals", name))
	if err != nil {
		t.Fatal(err)
	}
	ds := CheckEvalFile("evals/"+name, src, pdfSkill())
	var ids []string
	for _, d := range ds {
		ids = append(ids, d.Rule)
	}
	return ids, ds, src
}

func TestEvalRules(t *testing.T) {
	for _, tc := range []struct {
		file string
		want []string
	}{
		{"clean.json", nil},
		{"triggers-good.json", nil},
		{"mixed.json", []string{"evals/mixed-spelling"}},
		{"bad.json", []string{"evals/skill-name", "evals/prompt", "evals/no-checks", "evals/duplicate-id"}},
		{"triggers-lopsided.json", []string{"evals/trigger-balance", "evals/near-miss"}},
	} {
		got, ds, _ := evalRules(t, tc.file)
		slices.Sort(got)
		want := slices.Clone(tc.want)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: rules %v, want %v\n%v", tc.file, got, want, ds)
		}
	}
	if ds := CheckEvalFile("e.json", []byte("{not json"), nil); len(ds) != 1 || ds[0].Rule != "evals/json" {
		t.Errorf("bad JSON: %v", ds)
	}
}

// The fix renames the minority spelling and leaves valid JSON that reads
// the same evals.
func TestMixedSpellingFix(t *testing.T) {
	_, ds, src := evalRules(t, "mixed.json")
	fix := ds[0].Fix
	if fix == nil || len(fix.Edits) != 1 {
		t.Fatalf("fix = %+v", fix)
	}
	out := applyEdits(src, fix.Edits)
	if bytes.Contains(out, []byte(`"assertions"`)) || !json.Valid(out) {
		t.Fatalf("fixed:\n%s", out)
	}
	f, err := ReadEvals(out)
	if err != nil || len(f.Evals) != 3 || len(f.Evals[1].Checks) != 1 {
		t.Fatalf("re-read %+v %v", f, err)
	}
	// And the other way round, on request.
	f0, _ := ReadEvals(src)
	back := applyEdits(src, ConvertSpelling("x", src, f0, SpellAssertions).Edits)
	if bytes.Contains(back, []byte(`"expectations"`)) {
		t.Errorf("to assertions:\n%s", back)
	}
}

// An eval that holds both spellings would get two keys of one name, and
// JSON.parse keeps the last: the fix is not offered, and the hint says
// what to do instead.
func TestMixedSpellingInOneEvalHasNoFix(t *testing.T) {
	src := []byte(`[
  {"id": 1, "prompt": "Summarise PR 1", "expectations": ["names the files"], "assertions": ["is short"]},
  {"id": 2, "prompt": "Summarise PR 2", "expectations": ["lists risks"]}
]`)
	ds := CheckEvalFile("evals/evals.json", src, pdfSkill())
	var found bool
	for _, d := range ds {
		if d.Rule == "evals/mixed-spelling" {
			found = true
			if d.Fix != nil {
				t.Errorf("a fix that duplicates a key: %s", applyEdits(src, d.Fix.Edits))
			}
			if !strings.Contains(d.Hint, "merged by hand") {
				t.Errorf("hint %q", d.Hint)
			}
		}
	}
	if !found {
		t.Fatalf("no mixed-spelling finding: %v", ds)
	}
}

func applyEdits(src []byte, es []model.TextEdit) []byte {
	out := slices.Clone(src)
	for i := len(es) - 1; i >= 0; i-- { // edits are in file order
		e := es[i]
		out = append(out[:e.Start:e.Start], append([]byte(e.NewText), out[e.End:]...)...)
	}
	return out
}

func FuzzReadEvals(f *testing.F) {
	for _, name := range []string{"mixed.json", "clean.json", "bad.json", "triggers-good.json", "triggers-lopsided.json"} {
		src, _ := os.ReadFile(filepath.Join("testdata", "evals", name))
		f.Add(src)
	}
	f.Add([]byte(`[{"query":1,"should_trigger":"yes"}]`))
	f.Add([]byte(`{"evals":[{"assertions":[{"x":1}],"expectations":null}]}`))
	f.Fuzz(func(t *testing.T, src []byte) {
		file, err := ReadEvals(src)
		CheckEvalFile("evals.json", src, pdfSkill())
		if err != nil {
			return
		}
		for _, to := range []string{SpellExpectations, SpellAssertions} {
			fix := ConvertSpelling("evals.json", src, file, to)
			if fix == nil {
				continue
			}
			out := applyEdits(src, fix.Edits)
			if !json.Valid(out) {
				t.Fatalf("fix to %s broke JSON:\n%q\n->\n%q", to, src, out)
			}
			if after, err := ReadEvals(out); err == nil && bothInOneEval(out, after) && !bothInOneEval(src, file) {
				t.Fatalf("fix to %s gave an eval two checks keys:\n%q\n->\n%q", to, src, out)
			}
		}
	})
}
