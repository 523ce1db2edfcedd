package model

import (
	"encoding/json"
	"path/filepath"
	"testing"
)

func TestParseSeverity(t *testing.T) {
	for in, want := range map[string]Severity{"error": SeverityError, "Warn": SeverityWarning, " info ": SeverityInfo, "off": SeverityOff} {
		got, err := ParseSeverity(in)
		if err != nil || got != want {
			t.Errorf("ParseSeverity(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	if _, err := ParseSeverity("fatal"); err == nil {
		t.Error("ParseSeverity(fatal): want an error")
	}
	var s Severity
	if err := json.Unmarshal([]byte(`"warning"`), &s); err != nil || s != SeverityWarning {
		t.Errorf("unmarshal warning = %v, %v", s, err)
	}
	if b, _ := json.Marshal(SeverityError); string(b) != `"error"` {
		t.Errorf("marshal error = %s", b)
	}
}

func TestLocationPath(t *testing.T) {
	cases := []struct {
		loc  Location
		want string
	}{
		{Location{}, "a/SKILL.md"},
		{Location{Root: "/tmp/lib", Local: true}, filepath.Join("/tmp/lib", "a", "SKILL.md")},
		{Location{Root: "https://example.com/skills/"}, "https://example.com/skills/a/SKILL.md"},
	}
	for _, c := range cases {
		if got := c.loc.Path("a/SKILL.md"); got != c.want {
			t.Errorf("%+v.Path = %q, want %q", c.loc, got, c.want)
		}
	}
	if got := (Location{Dir: "skills/x"}).Join("references/a.md"); got != "skills/x/references/a.md" {
		t.Errorf("Join = %q", got)
	}
}

func TestRuleSetNew(t *testing.T) {
	rs := RuleSet{{ID: "x/a", Severity: SeverityWarning, Doc: "a"}}
	d := rs.New("x/a", "f", 2, 3, "msg", "hint")
	if d.Severity != SeverityWarning || d.Line != 2 || d.Column != 3 || d.Hint != "hint" {
		t.Errorf("New = %+v", d)
	}
	defer func() {
		if recover() == nil {
			t.Error("New with an unknown id must panic (a programming error)")
		}
	}()
	rs.New("x/missing", "f", 1, 1, "", "")
}

func TestSortAndCount(t *testing.T) {
	ds := []Diagnostic{
		{Rule: "b", File: "b", Line: 1, Severity: SeverityInfo},
		{Rule: "a", File: "a", Line: 2, Severity: SeverityError},
		{Rule: "a", File: "a", Line: 1, Column: 5, Severity: SeverityWarning},
		{Rule: "c", File: "a", Line: 1, Column: 5, Severity: SeverityError},
	}
	SortDiagnostics(ds)
	order := ""
	for _, d := range ds {
		order += d.File + d.Rule + " "
	}
	if order != "aa ac aa bb " {
		t.Errorf("order = %q", order)
	}
	e, w, i := CountDiagnostics(ds)
	if e != 2 || w != 1 || i != 1 {
		t.Errorf("counts = %d %d %d", e, w, i)
	}
}

func TestSkillJSONHasDiagnosticsList(t *testing.T) {
	b, err := json.Marshal(Skill{Name: "x", Format: FormatXGS})
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	if _, ok := m["diagnostics"].([]any); !ok {
		t.Errorf("diagnostics should be [], got %s", b)
	}
	s := &Skill{Functions: []Function{{Name: "a"}, {Name: "b", Primary: true}}}
	if p := s.Primary(); p == nil || p.Name != "b" {
		t.Errorf("Primary = %v", p)
	}
	lib := &Library{Skills: []*Skill{{Name: "one"}}}
	if lib.Lookup("one") == nil || lib.Lookup("two") != nil {
		t.Error("Lookup")
	}
	if FormatSkillMD.Label() != "SKILL.md" || FormatOSLoop.Label() != "OS Loop" || FormatXGS.Label() != "xgs" {
		t.Error("labels")
	}
}
