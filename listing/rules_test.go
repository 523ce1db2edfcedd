package listing

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/internal/ruletest"
	"github.com/skillstudio/skillstudio/model"
)

// libCase runs Check over a library with Claude Code and Codex at a 200k
// window.
func libCase(lib ...*model.Skill) func(t *testing.T) []model.Diagnostic {
	return func(t *testing.T) []model.Diagnostic { return Check(lib, []Profile{ClaudeCode, Codex}, 200_000) }
}

// evalCase checks one eval file's text for pdfSkill.
func evalCase(src string) func(t *testing.T) []model.Diagnostic {
	return func(t *testing.T) []model.Diagnostic {
		return CheckEvalFile("pdf-tools/evals/evals.json", []byte(src), pdfSkill())
	}
}

// evalCaseFS checks one eval file of pdfSkill, whose folder holds
// evals/files/a.pdf.
func evalCaseFS(src string) func(t *testing.T) []model.Diagnostic {
	return func(t *testing.T) []model.Diagnostic {
		s := pdfSkill()
		s.Location.FS = fstest.MapFS{"pdf-tools/evals/files/a.pdf": {Data: []byte("%PDF-1.4\n")}}
		return CheckEvalFile("pdf-tools/evals/evals.json", []byte(src), s)
	}
}

// TestRules runs every listing rule through the shared harness: each has
// a failing and a passing case, metadata, and positioned findings with a
// hint at the rule's severity.
func TestRules(t *testing.T) {
	long := skill("long", strings.Repeat("Front words. ", 120)+"Use when deploying kubernetes manifests.")
	short := skill("short", "Deploys kubernetes manifests. Use when deploying to a cluster.")
	pdfA := skill("pdf-merge", "Merge and combine PDF files into one document. Use when the user wants to merge PDFs.")
	pdfB := skill("pdf-combine", "Combine and merge several PDF files into a single document. Use when asked to combine PDFs.")
	chart := skill("csv-chart", "Draw charts from CSV spreadsheets. Use when the user wants a bar or line chart of tabular data.")
	ok := `{"skill_name": "pdf-tools", "evals": [{"id": 1, "prompt": "merge a.pdf and b.pdf", "expectations": ["one file"]}, {"id": 2, "prompt": "split c.pdf", "expectations": ["two files"]}]}`
	balanced := `[{"query": "merge these pdfs", "should_trigger": true}, {"query": "merge two word documents", "should_trigger": false}]`
	cases := []ruletest.Case{
		ruletest.Fails("library/listing-budget", "40 skills of 400 characters", libCase(generated(40, 400)...)),
		ruletest.Passes("library/listing-budget", "40 skills of 150 characters", libCase(generated(40, 150)...)),
		ruletest.Fails("skillmd/description-cap", "1,600-character description", libCase(long)),
		ruletest.Passes("skillmd/description-cap", "short description", libCase(short)),
		ruletest.Fails("library/description-overlap", "two PDF mergers", libCase(pdfA, pdfB, chart)),
		ruletest.Passes("library/description-overlap", "distinct skills", libCase(pdfA, chart, short)),

		ruletest.Fails("evals/json", "evals is an object", evalCase(`{"skill_name": "pdf-tools", "evals": {"prompt": "merge"}}`)),
		ruletest.Fails("evals/json", "should_trigger is a string", evalCase(`[{"query": "merge", "should_trigger": "yes"}]`)),
		ruletest.Passes("evals/json", "well formed", evalCase(ok)),
		ruletest.Fails("evals/prompt", "no prompt", evalCase(`{"evals": [{"id": 1, "expectations": ["one file"]}]}`)),
		ruletest.Passes("evals/prompt", "prompt", evalCase(ok)),
		ruletest.Fails("evals/no-checks", "no expectations", evalCase(`{"evals": [{"id": 1, "prompt": "merge a.pdf and b.pdf"}]}`)),
		ruletest.Passes("evals/no-checks", "assertions count", evalCase(`{"evals": [{"id": 1, "prompt": "merge", "assertions": ["one file"]}]}`)),
		ruletest.Fails("evals/mixed-spelling", "both spellings", evalCase(`{"evals": [{"id": 1, "prompt": "a", "expectations": ["x"]}, {"id": 2, "prompt": "b", "assertions": ["y"]}]}`)),
		ruletest.Passes("evals/mixed-spelling", "one spelling", evalCase(ok)),
		ruletest.Fails("evals/skill-name", "another skill", evalCase(`{"skill_name": "docx", "evals": [{"id": 1, "prompt": "a", "expectations": ["x"]}]}`)),
		ruletest.Passes("evals/skill-name", "this skill", evalCase(ok)),
		ruletest.Fails("evals/duplicate-id", "id 1 twice", evalCase(`{"evals": [{"id": 1, "prompt": "a", "expectations": ["x"]}, {"id": 1, "prompt": "b", "expectations": ["y"]}]}`)),
		ruletest.Passes("evals/duplicate-id", "ids 1 and 2", evalCase(ok)),
		ruletest.Fails("evals/trigger-balance", "positives only", evalCase(`[{"query": "merge pdfs", "should_trigger": true}, {"query": "split a pdf", "should_trigger": true}]`)),
		ruletest.Passes("evals/trigger-balance", "one of each", evalCase(balanced)),
		ruletest.Fails("evals/missing-file", "not there", evalCaseFS(`{"evals": [{"id": 1, "prompt": "merge", "files": ["evals/files/a.pdf", "evals/files/b.pdf"], "expectations": ["one file"]}]}`)),
		ruletest.Fails("evals/missing-file", "leaves the folder", evalCaseFS(`{"evals": [{"id": 1, "prompt": "merge", "files": ["../other/a.pdf"], "expectations": ["one file"]}]}`)),
		ruletest.Passes("evals/missing-file", "there", evalCaseFS(`{"evals": [{"id": 1, "prompt": "merge", "files": ["evals/files/a.pdf", "./evals/files/a.pdf"], "expectations": ["one file"]}]}`)),
		ruletest.Passes("evals/missing-file", "no files", evalCaseFS(ok)),
		ruletest.Fails("evals/missing-file", "relative to the eval file", evalCaseFS(`{"evals": [{"id": 1, "prompt": "merge", "files": ["files/a.pdf"], "expectations": ["one file"]}]}`)),
		ruletest.Fails("evals/near-miss", "only easy negatives", evalCase(`[{"query": "merge pdfs", "should_trigger": true}, {"query": "what is the weather", "should_trigger": false}]`)),
		ruletest.Passes("evals/near-miss", "a near miss", evalCase(balanced)),
	}
	ruletest.Run(t, Rules, cases, ruletest.Options{SeverityVaries: []string{"evals/missing-file"}})
}

// An eval input written relative to the eval file (not the skill's
// folder, as schemas.md reads it) is an info naming the path to write;
// one found nowhere is a warning at the file's name.
func TestEvalInputSeverities(t *testing.T) {
	src := "{\"evals\": [{\"id\": 1, \"prompt\": \"merge\",\n  \"files\": [\"files/a.pdf\", \"files/gone.pdf\"], \"expectations\": [\"one file\"]}]}"
	ds := rulesOf(evalCaseFS(src)(t), "evals/missing-file")
	if len(ds) != 2 {
		t.Fatalf("want 2 findings, got %v", ds)
	}
	if d := ds[0]; d.Severity != model.SeverityInfo || !strings.Contains(d.Hint, `"evals/files/a.pdf"`) {
		t.Errorf("relative to the eval file: %s (hint %q), want an info naming evals/files/a.pdf", d, d.Hint)
	}
	if d := ds[1]; d.Severity != model.SeverityWarning || d.Line != 2 || d.Column != len(`  "files": ["files/a.pdf", `)+1 {
		t.Errorf("missing: %s, want a warning at 2:%d", d, len(`  "files": ["files/a.pdf", `)+1)
	}
}

// The checks shapes found in real eval files all count as checks.
func TestCheckShapes(t *testing.T) {
	for _, src := range []string{
		`[{"prompt": "merge", "expected_behavior": "Runs the merge script and reports one file."}]`,
		`{"evals": [{"id": 0, "prompt": "merge", "assertions": [{"id": "one-file", "text": "one file comes out"}]}]}`,
	} {
		if ds := rulesOf(CheckEvalFile("e.json", []byte(src), nil), "evals/no-checks"); len(ds) != 0 {
			t.Errorf("%s: %v", src, ds)
		}
	}
}

// similarPairs (the inverted index CheckOverlap uses) finds exactly the
// pairs of Similarities at or above the threshold, with the very same
// floats (both sum in term order), run after run.
func TestSimilarPairsMatchesSimilarities(t *testing.T) {
	lib := []*model.Skill{
		skill("pdf-merge", "Merge and combine PDF files into one document. Use when the user wants to merge PDFs."),
		skill("pdf-combine", "Combine and merge several PDF files into a single document. Use when asked to combine PDFs."),
		skill("pdf-join", "Join PDF files into one document."),
		skill("csv-chart", "Draw charts from CSV spreadsheets. Use when the user wants a bar or line chart of tabular data."),
		skill("pdf-merge", "Merge PDF files."),
	}
	lib = append(lib, generated(30, 120)...)
	for _, th := range []float64{0.2, 0.4, OverlapThreshold, 0.9} {
		var want []string
		for _, p := range Similarities(lib) {
			if p.Similarity >= th {
				want = append(want, fmt.Sprintf("%s~%s %x", p.A.Location.File, p.B.Location.File, math.Float64bits(p.Similarity)))
			}
		}
		var got []string
		for range 5 {
			got = got[:0]
			pairs, _ := similarPairs(lib, th, 0)
			for _, p := range pairs {
				got = append(got, fmt.Sprintf("%s~%s %x", p.A.Location.File, p.B.Location.File, math.Float64bits(p.Similarity)))
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				break
			}
		}
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("threshold %.2f: got %v, want %v", th, got, want)
		}
	}
}

// n skills with one description are n²/2 look-alike pairs: each skill
// gets at most maxLookalikes findings, the last naming how many more, so
// findings grow with n, not n² (2,000 copies made 2 million findings).
func TestOverlapFindingsAreBoundedPerSkill(t *testing.T) {
	const n = 300
	var lib []*model.Skill
	for i := range n {
		s := skill(fmt.Sprintf("copy-%03d", i), "Formats sales reports when the user asks for a sales report.")
		s.Location.File = fmt.Sprintf("copy-%03d/SKILL.md", i)
		lib = append(lib, s)
	}
	ds := CheckOverlap(lib, OverlapThreshold)
	if len(ds) > maxLookalikes*n {
		t.Fatalf("%d findings for %d skills, want at most %d", len(ds), n, maxLookalikes*n)
	}
	perFile := map[string]int{}
	for _, d := range ds {
		perFile[d.File]++
	}
	last := "copy-299/SKILL.md"
	if perFile[last] != maxLookalikes {
		t.Errorf("%s: %d findings, want %d", last, perFile[last], maxLookalikes)
	}
	want := fmt.Sprintf("; %d more skills' descriptions are near-duplicates of this one", n-1-maxLookalikes)
	found := false
	for _, d := range ds {
		if d.File == last && strings.Contains(d.Message, want) {
			found = true
		}
	}
	if !found {
		t.Errorf("no finding of %s says %q", last, want)
	}
}
