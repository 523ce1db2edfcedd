package model

import (
	"strings"
	"testing"
	"unicode/utf8"
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

// A message or hint quoting a huge value is cut at a character boundary
// and says how much was left; a short one is left alone.
func TestCapFindingsClipsHugeMessages(t *testing.T) {
	huge := strings.Repeat("é", MaxMessageBytes) // two bytes each: the cut falls inside one
	ds := CapFindings([]Diagnostic{{File: "f", Rule: "r", Message: "link " + huge, Hint: huge}, {File: "f", Rule: "r", Message: "short", Hint: "hint"}})
	for _, s := range []string{ds[0].Message, ds[0].Hint} {
		if len(s) > MaxMessageBytes+64 || !utf8.ValidString(s) || !strings.Contains(s, "bytes more)") {
			t.Errorf("clipped to %d bytes (valid UTF-8 %v): …%q", len(s), utf8.ValidString(s), s[max(0, len(s)-40):])
		}
	}
	if ds[1].Message != "short" || ds[1].Hint != "hint" {
		t.Errorf("a short finding changed: %+v", ds[1])
	}
}
