package model

import (
	"strings"
	"testing"
)

func TestFindingCapListsAtMostMaxPerRuleAndFile(t *testing.T) {
	var c FindingCap
	var ds []Diagnostic
	add := func(file, rule string, sev Severity, n int) {
		for i := range n {
			d := Diagnostic{File: file, Rule: rule, Severity: sev, Line: i + 1, Column: 1, Message: "m", Fix: &Fix{}}
			if c.Keep(ds, d) {
				ds = append(ds, d)
			}
		}
	}
	add("f.md", "a/x", SeverityWarning, 450)
	add("f.md", "b/y", SeverityError, 3)
	add("g.md", "a/x", SeverityWarning, 250)
	add("f.md", "a/x", SeverityWarning, 1)
	if len(ds) != 2*MaxFindingsPerRule+3 {
		t.Fatalf("%d findings kept", len(ds))
	}
	sum := c.Summaries()
	if len(sum) != 2 {
		t.Fatalf("summaries %v", sum)
	}
	f, g := sum[0], sum[1]
	if f.File != "f.md" || f.Rule != "a/x" || f.Severity != SeverityWarning || f.Line != MaxFindingsPerRule+1 || f.Fix != nil ||
		!strings.HasPrefix(f.Message, "251 more a/x findings") {
		t.Errorf("f.md summary %+v", f)
	}
	if g.File != "g.md" || !strings.HasPrefix(g.Message, "50 more a/x findings") {
		t.Errorf("g.md summary %+v", g)
	}
}

func TestFindingCapCostsNothingBelowTheCap(t *testing.T) {
	var c FindingCap
	ds := make([]Diagnostic, MaxFindingsPerRule-1)
	if !c.Keep(ds, Diagnostic{Rule: "a/x"}) || c.counts != nil || len(c.Summaries()) != 0 {
		t.Error("a short list was counted")
	}
}
