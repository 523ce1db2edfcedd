package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

// cappedLibrary has one skill whose file has 250 findings of one rule
// (capped to 200 and a line for the 50 left out) and one other finding.
func cappedLibrary() *model.Library {
	root := filepath.FromSlash("/work/repo")
	var ds []model.Diagnostic
	for i := range 250 {
		ds = append(ds, model.Diagnostic{Rule: "skillmd/unknown-field", Severity: model.SeverityWarning, File: "s/SKILL.md", Line: i + 1, Column: 1, Message: fmt.Sprintf("field %d", i)})
	}
	ds = append(ds, model.Diagnostic{Rule: "skillmd/name-format", Severity: model.SeverityError, File: "s/SKILL.md", Line: 1, Column: 1, Message: "bad name"})
	ds = model.CapFindings(ds)
	loc := model.Location{Source: ".", Root: root, Local: true, Dir: "s", File: "s/SKILL.md"}
	return &model.Library{Skills: []*model.Skill{{Format: model.FormatSkillMD, Name: "s", Location: loc, Diagnostics: ds}}}
}

// The summary counts every finding, the ones left out of the listing
// too, says how many are listed, and text, JSON and SARIF agree.
func TestSummaryCountsFindingsLeftOutOfTheListing(t *testing.T) {
	lib := cappedLibrary()
	want := Summary{Skills: 1, Errors: 1, Warnings: 250, Listed: 201}
	if got := Summarize(lib); got != want {
		t.Fatalf("Summarize = %+v, want %+v", got, want)
	}

	var text bytes.Buffer
	if err := Text(&text, lib, opts()); err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(text.String(), "1 error, 250 warnings, 0 infos in 1 skill (201 listed)\n") {
		t.Errorf("text summary line: %q", text.String()[strings.LastIndexByte(strings.TrimSuffix(text.String(), "\n"), '\n')+1:])
	}

	var js bytes.Buffer
	if err := JSON(&js, lib, opts()); err != nil {
		t.Fatal(err)
	}
	var jr struct{ Summary Summary }
	if err := json.Unmarshal(js.Bytes(), &jr); err != nil {
		t.Fatal(err)
	}
	if jr.Summary != want {
		t.Errorf("JSON summary = %+v, want %+v", jr.Summary, want)
	}

	var sarif bytes.Buffer
	if err := SARIF(&sarif, lib, opts()); err != nil {
		t.Fatal(err)
	}
	validateSARIF(t, sarif.Bytes())
	var log struct {
		Runs []struct {
			Results    []json.RawMessage
			Properties struct{ Summary Summary }
		}
	}
	if err := json.Unmarshal(sarif.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	if got := log.Runs[0].Properties.Summary; got != want {
		t.Errorf("SARIF run summary = %+v, want %+v", got, want)
	}
	if n := len(log.Runs[0].Results); n != 202 {
		t.Errorf("SARIF has %d results, want 201 listed and the line for the rest", n)
	}
}

// With nothing left out the text summary line is as it always was.
func TestSummaryLineSaysListedOnlyWhenSomeAreLeftOut(t *testing.T) {
	if got := SummaryLine(Summary{Skills: 2, Errors: 3, Listed: 3}); got != "3 errors, 0 warnings, 0 infos in 2 skills" {
		t.Errorf("SummaryLine = %q", got)
	}
}
