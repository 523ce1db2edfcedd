package ruletest

import (
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

// Case is one scenario for one rule.
type Case struct {
	Rule string
	Name string
	// Fail is true when the scenario must report Rule, false when it must
	// not.
	Fail bool
	// Findings runs the scenario and returns everything it reported.
	Findings func(t *testing.T) []model.Diagnostic
}

// Fails and Passes build cases tersely.
func Fails(rule, name string, f func(t *testing.T) []model.Diagnostic) Case {
	return Case{Rule: rule, Name: name, Fail: true, Findings: f}
}

func Passes(rule, name string, f func(t *testing.T) []model.Diagnostic) Case {
	return Case{Rule: rule, Name: name, Findings: f}
}

func (c Case) verdict() string {
	if c.Fail {
		return "fail"
	}
	return "pass"
}
