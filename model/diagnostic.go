package model

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// SeverityPolicy is how every rule's default severity is chosen; each
// rule's Why says which case it is.
const SeverityPolicy = "error: an agent or the format's own reference tooling rejects it, or it breaks at run time; " +
	"warning: it breaks the spec but agents still load it; info: advice."

// Severity orders findings: Info < Warning < Error. Off disables a rule.
type Severity int

const (
	SeverityOff Severity = iota - 1
	SeverityInfo
	SeverityWarning
	SeverityError
)

func (s Severity) String() string {
	switch s {
	case SeverityError:
		return "error"
	case SeverityWarning:
		return "warning"
	case SeverityInfo:
		return "info"
	case SeverityOff:
		return "off"
	}
	return fmt.Sprintf("severity(%d)", int(s))
}

// ParseSeverity reads "error", "warning" (or "warn"), "info" and "off".
func ParseSeverity(s string) (Severity, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "error":
		return SeverityError, nil
	case "warning", "warn":
		return SeverityWarning, nil
	case "info":
		return SeverityInfo, nil
	case "off", "none", "disable", "disabled":
		return SeverityOff, nil
	}
	return SeverityOff, fmt.Errorf("unknown severity %q (want error, warning, info or off)", s)
}

func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

func (s *Severity) UnmarshalText(b []byte) error {
	v, err := ParseSeverity(string(b))
	*s = v
	return err
}

// ColumnKind is what Diagnostic.Column counts, in SARIF's words: UTF-16
// code units, SARIF's default and what editors (LSP) and code hosts count;
// for every character outside the astral planes (emoji) that is one per
// character.
const ColumnKind = "utf16CodeUnits"

// Diagnostic is one finding. Positions are 1-based; Column counts UTF-16
// code units (ColumnKind) from the start of the line, plus one. Readers
// report byte columns; formats.Load converts them, so every finding that
// leaves the load pipeline counts characters, not bytes.
type Diagnostic struct {
	Rule     string   `json:"rule"`
	Severity Severity `json:"severity"`
	// File is the FS path of the offending file (see Location.Path).
	File      string `json:"file"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	EndLine   int    `json:"endLine,omitempty"`
	EndColumn int    `json:"endColumn,omitempty"`
	Message   string `json:"message"`
	// Hint says how to fix it, in one sentence.
	Hint string `json:"hint,omitempty"`
	// Fix, when set, is a safe and exact edit that `lint --fix` may apply.
	Fix *Fix `json:"-"`
	// Omitted, set only on the finding CapFindings puts in place of those
	// it leaves out, is how many it stands for, so counts stay real.
	Omitted int `json:"omitted,omitempty"`
}

func (d Diagnostic) String() string {
	return fmt.Sprintf("%s:%d:%d: %s %s: %s", d.File, d.Line, d.Column, d.Severity, d.Rule, d.Message)
}

// Fix is a set of text edits that resolves a diagnostic exactly.
type Fix struct {
	Description string     `json:"description"`
	Edits       []TextEdit `json:"edits"`
}

// TextEdit replaces bytes [Start, End) of File (an FS path) with NewText.
// A whole-file rewrite is Start 0, End len(content).
type TextEdit struct {
	File    string `json:"file"`
	Start   int    `json:"start"`
	End     int    `json:"end"`
	NewText string `json:"newText"`
}

// CountDiagnostics counts errors, warnings and infos: real findings, so a
// finding standing for the ones CapFindings left out counts as those.
func CountDiagnostics(ds []Diagnostic) (errors, warnings, infos int) {
	for _, d := range ds {
		n := d.Count()
		switch d.Severity {
		case SeverityError:
			errors += n
		case SeverityWarning:
			warnings += n
		case SeverityInfo:
			infos += n
		}
	}
	return
}

// Count is how many real findings d is: Omitted for the one standing for
// those CapFindings left out, else 1.
func (d Diagnostic) Count() int {
	if d.Omitted > 0 {
		return d.Omitted
	}
	return 1
}

// SortDiagnostics orders by file, line, column, rule id, then message.
func SortDiagnostics(ds []Diagnostic) {
	slices.SortStableFunc(ds, CompareDiagnostics)
}

// CompareDiagnostics is the order findings are printed in: by file, line,
// column, rule id, then message.
func CompareDiagnostics(a, b Diagnostic) int {
	return cmp.Or(
		cmp.Compare(a.File, b.File),
		cmp.Compare(a.Line, b.Line),
		cmp.Compare(a.Column, b.Column),
		cmp.Compare(a.Rule, b.Rule),
		cmp.Compare(a.Message, b.Message),
	)
}

// Rule is a check as data: a stable id, a default severity, what it checks
// and why, and an example. docs/rules.md is generated from it, so every
// field is written for a reader who has just seen the finding.
type Rule struct {
	ID       string   `json:"id"`
	Severity Severity `json:"severity"`
	Doc      string   `json:"doc"`
	// Fixable is true when `lint --fix` can resolve the rule's findings.
	Fixable bool `json:"fixable,omitempty"`
	// WholeFile is true when the rule's findings are about a file, not a
	// line: they sit at its start (of the body, in a SKILL.md) whatever is
	// inserted above, so only a file-wide suppression comment disables
	// them (the LSP offers "Disable RULE for this file").
	WholeFile bool `json:"wholeFile,omitempty"`
	// Title names the problem in a few words ("@name is not kebab-case").
	Title string `json:"title"`
	// Why justifies the severity by the policy: error when an agent or the
	// format's own tooling rejects it or it breaks at run time, warning when
	// it breaks the spec but agents still load it, info for advice.
	Why string `json:"why"`
	// Spec is the spec statement the rule enforces, quoted briefly or named
	// by section; for checks the spec does not cover, it says so.
	Spec string `json:"spec"`
	// Example shows the rule on a short snippet.
	Example RuleExample `json:"example"`
}

// RuleExample is a snippet the rule reports (Fail) and the same snippet fixed
// (Pass). Where a rule set can lint a snippet whole, its tests do, so the
// docs stay true.
type RuleExample struct {
	Fail string `json:"fail"`
	Pass string `json:"pass"`
}

// RuleSet is the rules one reader can report, by id.
type RuleSet []Rule

// Get finds a rule; ok is false for an unknown id.
func (rs RuleSet) Get(id string) (Rule, bool) {
	for _, r := range rs {
		if r.ID == id {
			return r, true
		}
	}
	return Rule{}, false
}

// New builds a diagnostic of rule id at its default severity. It panics on
// an unknown id: that is a programming error caught by every rule test.
func (rs RuleSet) New(id, file string, line, col int, msg, hint string) Diagnostic {
	r, ok := rs.Get(id)
	if !ok {
		panic("model: unknown rule " + id)
	}
	return Diagnostic{Rule: id, Severity: r.Severity, File: file, Line: line, Column: col, Message: msg, Hint: hint}
}

// MarshalJSON keeps a nil diagnostics list as [] for stable JSON.
func (s Skill) MarshalJSON() ([]byte, error) {
	type plain Skill
	p := plain(s)
	if p.Diagnostics == nil {
		p.Diagnostics = []Diagnostic{}
	}
	return json.Marshal(p)
}
