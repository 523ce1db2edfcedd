package ruletest

import (
	"slices"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

// Options relax the checks every finding of a case's rule must pass.
type Options struct {
	// Unpositioned lists rules whose findings may have no line and column
	// (a file that cannot be read, a folder that is missing).
	Unpositioned []string
	// NoColumn lists rules whose findings have a line but may lack a column.
	NoColumn []string
	// InfoWithoutHint lets info findings come without a hint.
	InfoWithoutHint bool
	// SeverityVaries lists rules whose severity depends on the scenario (a
	// profile, say) rather than always being the rule's default.
	SeverityVaries []string
}

// Run checks that every rule of rules has a failing and a passing case and
// carries its metadata, then runs each case as a subtest.
func Run(t *testing.T, rules model.RuleSet, cases []Case, o Options) {
	t.Helper()
	t.Run("complete", func(t *testing.T) { CheckComplete(t, rules, cases) })
	t.Run("metadata", func(t *testing.T) { CheckMetadata(t, rules) })
	for _, c := range cases {
		t.Run(c.Rule+"/"+c.verdict()+"/"+c.Name, func(t *testing.T) {
			r, ok := rules.Get(c.Rule)
			if !ok {
				t.Fatalf("case names unknown rule %s", c.Rule)
			}
			ds := c.Findings(t)
			var hits []model.Diagnostic
			for _, d := range ds {
				if d.Rule == c.Rule {
					hits = append(hits, d)
				}
			}
			switch {
			case c.Fail && len(hits) == 0:
				t.Errorf("%s was not reported; got:\n%s", c.Rule, List(ds))
			case !c.Fail && len(hits) > 0:
				t.Errorf("%s was reported on a passing case:\n%s", c.Rule, List(hits))
			}
			for _, d := range hits {
				checkFinding(t, r, d, o)
			}
		})
	}
}

// checkFinding: a finding says what is wrong, where, and how to fix it, at
// its rule's default severity.
func checkFinding(t *testing.T, r model.Rule, d model.Diagnostic, o Options) {
	t.Helper()
	if d.Message == "" {
		t.Errorf("finding without a message: %s", d)
	}
	if d.Hint == "" && !(o.InfoWithoutHint && d.Severity == model.SeverityInfo) {
		t.Errorf("finding without a hint: %s", d)
	}
	if d.Severity != r.Severity && !slices.Contains(o.SeverityVaries, r.ID) {
		t.Errorf("finding at %s, the rule's default is %s: %s", d.Severity, r.Severity, d)
	}
	if slices.Contains(o.Unpositioned, r.ID) {
		return
	}
	if d.File == "" || d.Line < 1 {
		t.Errorf("finding without a position: %s", d)
	}
	if d.Column < 1 && !slices.Contains(o.NoColumn, r.ID) {
		t.Errorf("finding without a column: %s", d)
	}
}

// CheckComplete fails when a rule lacks a failing or a passing case, or a
// case names a rule that is not in rules.
func CheckComplete(t *testing.T, rules model.RuleSet, cases []Case) {
	t.Helper()
	fail, pass := map[string]bool{}, map[string]bool{}
	for _, c := range cases {
		if _, ok := rules.Get(c.Rule); !ok {
			t.Errorf("case %q names unknown rule %s", c.Name, c.Rule)
		}
		if c.Fail {
			fail[c.Rule] = true
		} else {
			pass[c.Rule] = true
		}
	}
	for _, r := range rules {
		if !fail[r.ID] {
			t.Errorf("rule %s has no failing case", r.ID)
		}
		if !pass[r.ID] {
			t.Errorf("rule %s has no passing case", r.ID)
		}
	}
}

// CheckMetadata fails when a rule lacks what docs/rules.md shows: a one-line
// doc and title, a why, a spec reference and both examples; or when ids
// repeat.
func CheckMetadata(t *testing.T, rules model.RuleSet) {
	t.Helper()
	seen := map[string]bool{}
	for _, r := range rules {
		if seen[r.ID] {
			t.Errorf("rule %s is listed twice", r.ID)
		}
		seen[r.ID] = true
		for field, v := range map[string]string{"Doc": r.Doc, "Title": r.Title, "Why": r.Why, "Spec": r.Spec} {
			if strings.TrimSpace(v) == "" || strings.Contains(v, "\n") {
				t.Errorf("rule %s: %s must be one non-empty line", r.ID, field)
			}
		}
		if strings.TrimSpace(r.Example.Fail) == "" || strings.TrimSpace(r.Example.Pass) == "" {
			t.Errorf("rule %s needs a failing and a fixed example", r.ID)
		}
		if r.Example.Fail == r.Example.Pass {
			t.Errorf("rule %s: the fixed example is the failing one", r.ID)
		}
	}
}

// List prints findings one a line for failure messages.
func List(ds []model.Diagnostic) string {
	if len(ds) == 0 {
		return "  (none)\n"
	}
	var b strings.Builder
	for _, d := range ds {
		b.WriteString("  " + d.String() + "\n")
	}
	return b.String()
}
