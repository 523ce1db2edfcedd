package cli

import (
	"bytes"
	"errors"
	"path/filepath"
	"testing"

	"github.com/skillstudio/skillstudio/fix"
	"github.com/skillstudio/skillstudio/model"
)

// One pass's report: skipped fixes (overlaps excepted) and files not
// written on warn, fixes applied on out, paths shown relative to cwd.
func TestPrintFixPass(t *testing.T) {
	cwd := t.TempDir()
	file := filepath.Join(cwd, "s", "SKILL.md")
	f := func(rule, desc string) fix.Fix {
		return fix.Fix{File: file, Diag: model.Diagnostic{Rule: rule, Line: 3, Fix: &model.Fix{Description: desc}}}
	}
	plan := fix.Plan{Skipped: []fix.Skipped{
		{Fix: f("a/bad", ""), Reason: "edit [2,10) is outside the file's 3 bytes"},
		{Fix: f("a/overlap", ""), Reason: "it overlaps", Overlap: true},
	}}
	res := fix.Result{
		Fixed:  []fix.Fix{f("a/fixed", "quote it")},
		Failed: []fix.FileError{{Path: file, Err: errors.New("disk full")}},
	}
	var out, warn bytes.Buffer
	printFixPass(plan, res, &out, &warn, cwd)
	s := filepath.Join("s", "SKILL.md")
	if want := "fixed " + s + ":3: a/fixed: quote it\n"; out.String() != want {
		t.Errorf("out %q, want %q", out.String(), want)
	}
	if want := "skipped fix " + s + ":3: a/bad: edit [2,10) is outside the file's 3 bytes\nnot fixed " + s + ": disk full\n"; warn.String() != want {
		t.Errorf("warn %q, want %q", warn.String(), want)
	}
}
