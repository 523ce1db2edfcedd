package ruletest

import (
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

// ExampleCases turns rule examples into cases, so the examples the docs
// show are tested like any other case. whole says whether a rule's examples
// are complete inputs lint can read (not fragments); lint reads one.
func ExampleCases(rules model.RuleSet, whole func(model.Rule) bool, lint func(t *testing.T, text string) []model.Diagnostic) []Case {
	var out []Case
	for _, r := range rules {
		if !whole(r) {
			continue
		}
		fail, pass := r.Example.Fail, r.Example.Pass
		out = append(out,
			Fails(r.ID, "example", func(t *testing.T) []model.Diagnostic { return lint(t, fail) }),
			Passes(r.ID, "example", func(t *testing.T) []model.Diagnostic { return lint(t, pass) }))
	}
	return out
}
