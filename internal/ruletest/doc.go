// Package ruletest is the one harness every rule set tests with: a table of
// cases (a rule, a scenario, whether the rule must be reported), a check
// that every rule has a failing and a passing case, and a check that every
// rule carries the metadata docs/rules.md is generated from.
//
// A rule set's test builds []Case from its own fixtures (a base skill and
// an edit, a set of files, a fake server…) and calls Run.
package ruletest
