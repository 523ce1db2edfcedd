package model

import (
	"slices"
	"strings"
	"testing"
)

func TestConfigSeverityOf(t *testing.T) {
	c := &RuleConfig{Rules: map[string]Severity{
		"xgs/":             SeverityWarning,
		"xgs/header/":      SeverityInfo,
		"xgs/header/order": SeverityOff,
		"skillmd/name":     SeverityInfo,
	}}
	cases := []struct {
		id   string
		def  Severity
		want Severity
	}{
		{"xgs/header/order", SeverityError, SeverityOff},    // exact id beats prefixes
		{"xgs/header/markers", SeverityError, SeverityInfo}, // longest prefix wins
		{"xgs/name", SeverityError, SeverityWarning},
		{"skillmd/name", SeverityError, SeverityInfo},
		{"skillmd/name-dir", SeverityError, SeverityError}, // an id is not a prefix
		{"osloop/name", SeverityInfo, SeverityInfo},        // untouched
		{"xgs", SeverityError, SeverityError},              // "xgs/" does not match "xgs"
	}
	for _, tc := range cases {
		if got := c.SeverityOf(tc.id, tc.def); got != tc.want {
			t.Errorf("SeverityOf(%q) = %v, want %v", tc.id, got, tc.want)
		}
	}
	var nilCfg *RuleConfig
	if got := nilCfg.SeverityOf("xgs/name", SeverityError); got != SeverityError {
		t.Errorf("nil config changed a severity to %v", got)
	}
}

func TestConfigApply(t *testing.T) {
	lib := &Library{
		Diagnostics: []Diagnostic{{Rule: "library/unreadable", Severity: SeverityError}},
		Skills: []*Skill{{Diagnostics: []Diagnostic{
			{Rule: "xgs/name", Severity: SeverityError},
			{Rule: "xgs/version", Severity: SeverityWarning},
			{Rule: "skillmd/name", Severity: SeverityError},
		}}},
	}
	c := &RuleConfig{Rules: map[string]Severity{"xgs/": SeverityOff, "xgs/name": SeverityInfo, "library/": SeverityWarning}}
	c.Apply(lib)
	ds := lib.Skills[0].Diagnostics
	if len(ds) != 2 || ds[0].Rule != "xgs/name" || ds[0].Severity != SeverityInfo || ds[1].Rule != "skillmd/name" || ds[1].Severity != SeverityError {
		t.Errorf("skill diagnostics = %+v", ds)
	}
	if lib.Diagnostics[0].Severity != SeverityWarning {
		t.Errorf("library diagnostics = %+v", lib.Diagnostics)
	}
}

func TestRaiseOnlyNeverLowers(t *testing.T) {
	c := &RuleConfig{Rules: map[string]Severity{"review/a": SeverityInfo},
		RaiseOnly: map[string]Severity{"review/": SeverityOff, "review/b": SeverityError, "review/a": SeverityWarning}}
	for _, tc := range []struct {
		id       string
		def, out Severity
	}{
		{"review/a", SeverityError, SeverityWarning}, // Rules lowers, RaiseOnly lifts back to warning
		{"review/b", SeverityInfo, SeverityError},
		{"review/c", SeverityWarning, SeverityWarning}, // "review/: off" does not apply
	} {
		if got := c.SeverityOf(tc.id, tc.def); got != tc.out {
			t.Errorf("SeverityOf(%s, %v) = %v, want %v", tc.id, tc.def, got, tc.out)
		}
	}
	if ds := (&RuleConfig{RaiseOnly: map[string]Severity{"x/": SeverityOff}}).Filter([]Diagnostic{{Rule: "x/y", Severity: SeverityInfo}}); len(ds) != 1 {
		t.Errorf("RaiseOnly off dropped a finding: %v", ds)
	}
}

func TestNestedNearestFileDecides(t *testing.T) {
	sub := map[string]Severity{"skillmd/": SeverityOff}
	c := &RuleConfig{
		Rules: map[string]Severity{"skillmd/name-dir": SeverityError, "xgs/": SeverityInfo},
		Nested: func(dir string) []map[string]Severity {
			if strings.HasPrefix(dir, "/r/sub") {
				return []map[string]Severity{sub}
			}
			return nil
		},
	}
	ds := []Diagnostic{
		{Rule: "skillmd/name-dir", Severity: SeverityWarning, File: "sub/a/SKILL.md"},
		{Rule: "xgs/header", Severity: SeverityWarning, File: "sub/a/SKILL.md"},
		{Rule: "skillmd/name-dir", Severity: SeverityWarning, File: "top/SKILL.md"},
	}
	got := c.FilterAt("/r", slices.Clone(ds))
	want := []Diagnostic{
		{Rule: "xgs/header", Severity: SeverityInfo, File: "sub/a/SKILL.md"}, // the subfolder's file says nothing of xgs/
		{Rule: "skillmd/name-dir", Severity: SeverityError, File: "top/SKILL.md"},
	}
	if !slices.Equal(got, want) {
		t.Errorf("FilterAt = %v, want %v", got, want)
	}
	// Without a root (a remote source's findings), no layer applies.
	if got := c.Filter(slices.Clone(ds[:1])); len(got) != 1 || got[0].Severity != SeverityError {
		t.Errorf("Filter = %v", got)
	}
	// The review's view: each layer may raise, never lower.
	c.NestedRaiseOnly = true
	sub["skillmd/tokens"] = SeverityError
	got = c.FilterAt("/r", []Diagnostic{
		{Rule: "skillmd/name-dir", Severity: SeverityWarning, File: "sub/SKILL.md"},
		{Rule: "skillmd/tokens", Severity: SeverityInfo, File: "sub/SKILL.md"},
	})
	if len(got) != 2 || got[0].Severity != SeverityError || got[1].Severity != SeverityError {
		t.Errorf("raise-only layers: %v", got)
	}
}
