package model

import (
	"strings"
	"testing"
)

func TestCapFindingsListsAtMostMaxPerRuleAndFile(t *testing.T) {
	var ds []Diagnostic
	add := func(file, rule string, sev Severity, n int) {
		for i := range n {
			ds = append(ds, Diagnostic{File: file, Rule: rule, Severity: sev, Line: i + 1, Column: 1, Message: "m", Fix: &Fix{}})
		}
	}
	add("f.md", "a/x", SeverityWarning, 450)
	add("f.md", "b/y", SeverityError, 3)
	add("g.md", "a/x", SeverityWarning, 250)
	add("f.md", "a/x", SeverityWarning, 1)
	got := CapFindings(ds)
	if len(got) != 2*MaxFindingsPerRule+3+2 {
		t.Fatalf("%d findings kept", len(got))
	}
	f := got[MaxFindingsPerRule]
	if f.File != "f.md" || f.Rule != "a/x" || f.Severity != SeverityWarning || f.Line != MaxFindingsPerRule+1 || f.Fix != nil ||
		!strings.HasPrefix(f.Message, "251 more a/x findings") {
		t.Errorf("f.md summary %+v", f)
	}
	if b := got[MaxFindingsPerRule+1]; b.Rule != "b/y" || b.Message != "m" {
		t.Errorf("the other rule's findings moved: %+v", b)
	}
	g := got[len(got)-1]
	if g.File != "g.md" || g.Line != MaxFindingsPerRule+1 || !strings.HasPrefix(g.Message, "50 more a/x findings") {
		t.Errorf("g.md summary %+v", g)
	}
}

func TestCapFindingsLeavesShortListsAlone(t *testing.T) {
	ds := make([]Diagnostic, MaxFindingsPerRule)
	for i := range ds {
		ds[i] = Diagnostic{File: "f", Rule: "a/x", Message: "m"}
	}
	if got := CapFindings(ds); len(got) != MaxFindingsPerRule || got[len(got)-1].Message != "m" {
		t.Errorf("a list at the cap changed: %d", len(got))
	}
}
