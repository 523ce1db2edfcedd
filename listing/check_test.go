package listing

import (
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

func rulesOf(ds []model.Diagnostic, id string) []model.Diagnostic {
	var out []model.Diagnostic
	for _, d := range ds {
		if d.Rule == id {
			out = append(out, d)
		}
	}
	return out
}

func TestListingBudgetRule(t *testing.T) {
	// Failing: a generated library larger than Claude Code's budget names
	// each skill that loses its description.
	lib := generated(40, 400)
	ds := rulesOf(Check(lib, []Profile{ClaudeCode}, 200_000), "library/listing-budget")
	if len(ds) == 0 {
		t.Fatal("no listing-budget finding for an over-budget library")
	}
	l := Build(lib, ClaudeCode, 200_000)
	for _, e := range l.Skills {
		hit := false
		for _, d := range ds {
			hit = hit || d.File == e.Path
		}
		if hit != (e.State == StateNameOnly) {
			t.Errorf("%s (%s): finding %v", e.Name, e.State, hit)
		}
	}
	if !strings.Contains(ds[0].Message, "listed by name only") || !strings.Contains(ds[0].Message, "8,000 chars") {
		t.Errorf("message: %s", ds[0].Message)
	}
	// Passing: the same library with a 1M window, and a small library.
	if ds := rulesOf(Check(lib, []Profile{ClaudeCode}, 1_000_000), "library/listing-budget"); len(ds) != 0 {
		t.Errorf("1M window: %v", ds)
	}
	if ds := rulesOf(Check(generated(5, 200), Profiles, 200_000), "library/listing-budget"); len(ds) != 0 {
		t.Errorf("small library: %v", ds)
	}
}

func TestDescriptionCapRule(t *testing.T) {
	long := skill("long", strings.Repeat("Front words. ", 90)+"Use when deploying kubernetes manifests.")
	ds := rulesOf(Check([]*model.Skill{long}, []Profile{ClaudeCode, Codex}, 1_000_000), "skillmd/description-cap")
	if len(ds) != 1 || !strings.Contains(ds[0].Message, "Codex") || !strings.Contains(ds[0].Message, "kubernetes") {
		t.Fatalf("want one Codex cap finding naming the lost trigger words, got %v", ds)
	}
	ok := skill("short", "Deploy kubernetes manifests. Use when deploying.")
	if ds := rulesOf(Check([]*model.Skill{ok}, Profiles, 0), "skillmd/description-cap"); len(ds) != 0 {
		t.Errorf("short description: %v", ds)
	}
}

func TestDescriptionOverlapRule(t *testing.T) {
	a := skill("pdf-merge", "Merge and combine PDF files into one document. Use when the user wants to merge PDFs.")
	b := skill("pdf-combine", "Combine and merge several PDF files into a single document. Use when asked to combine PDFs.")
	c := skill("csv-chart", "Draw charts from CSV spreadsheets. Use when the user wants a bar or line chart of tabular data.")
	d := skill("git-review", "Review a git diff for bugs and risky changes before committing.")
	ds := rulesOf(Check([]*model.Skill{a, b, c, d}, nil, 0), "library/description-overlap")
	if len(ds) != 1 || !strings.Contains(ds[0].Message, "pdf-") {
		t.Fatalf("want the two PDF skills reported once, got %v", ds)
	}
	if ds := rulesOf(Check([]*model.Skill{a, c, d}, nil, 0), "library/description-overlap"); len(ds) != 0 {
		t.Errorf("distinct skills: %v", ds)
	}
}

func TestRouteFixture(t *testing.T) {
	lib := []*model.Skill{
		skill("pdf-tools", "Merge, split and rotate PDF files. Use when the user wants to combine or split PDF documents."),
		skill("csv-chart", "Draw charts from CSV spreadsheets. Use when the user wants a bar or line chart of tabular data."),
		skill("git-review", "Review a git diff for bugs and risky changes. Use when asked to review uncommitted changes."),
		skill("release-notes", "Write release notes from merged pull requests. Use when preparing a changelog."),
	}
	for req, want := range map[string]string{
		"please combine these two pdf documents":    "pdf-tools",
		"make a bar chart of this csv":              "csv-chart",
		"review my uncommitted changes for bugs":    "git-review",
		"prepare the changelog from the merged PRs": "release-notes",
	} {
		ms := Route(req, lib)
		if len(ms) == 0 || ms[0].Name != want {
			t.Errorf("%q: got %+v, want %s first", req, ms, want)
			continue
		}
		if len(ms[0].Terms) == 0 {
			t.Errorf("%q: no matched terms", req)
		}
	}
	if ms := Route("the and of", lib); ms != nil {
		t.Errorf("stopwords only: %v", ms)
	}
}
