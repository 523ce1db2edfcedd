package model

import (
	"path"
	"path/filepath"
)

// RuleConfig changes rules the way eslint and golangci-lint configs do: a
// rule id (or a prefix ending in "/", such as "xgs/") maps to a new
// severity, "off" dropping its findings. It lives here, beside Severity,
// so that package config (which reads it from files) and formats (which
// applies it) share it without config depending on the readers.
type RuleConfig struct {
	Rules map[string]Severity `yaml:"rules" json:"rules"`
	// RaiseOnly are settings that may make a finding more severe but never
	// less, nor turn it off: the security review's view of a project file
	// that came with the skills it reviews (a checkout's own
	// `review/: off` must not silence the review of that checkout).
	RaiseOnly map[string]Severity `yaml:"-" json:"-"`
	// Nested, when set, returns the rules: of the project files found
	// between folder dir (absolute, on disk) and the linted root, nearest
	// first, or nil: a subfolder's config rules the files below it, as
	// eslint's, ruff's and editorconfig's do. FilterAt asks it once per
	// file; package config sets it and caches per folder.
	Nested func(dir string) []map[string]Severity `yaml:"-" json:"-"`
	// NestedRaiseOnly makes every Nested layer RaiseOnly: the review's
	// view, since each of those files came with the skills.
	NestedRaiseOnly bool `yaml:"-" json:"-"`
}

// SeverityOf returns the severity a finding of rule id has under c. The
// most specific entry wins: the exact id, then the longest prefix; a
// RaiseOnly entry then applies only if it is more severe.
func (c *RuleConfig) SeverityOf(id string, def Severity) Severity {
	if c == nil {
		return def
	}
	s := severityIn(c.Rules, id, def)
	if len(c.RaiseOnly) > 0 {
		s = max(s, severityIn(c.RaiseOnly, id, s))
	}
	return s
}

// severityAt is SeverityOf for a file under the Nested layers given. The
// nearest file that says anything about id (its exact id or a prefix)
// decides, so a subfolder's `skillmd/: off` beats the root's
// `skillmd/name-dir: error`; with none, the base rules do. Under
// NestedRaiseOnly each layer may only raise.
func (c *RuleConfig) severityAt(layers []map[string]Severity, id string, def Severity) Severity {
	if len(layers) == 0 {
		return c.SeverityOf(id, def)
	}
	if c.NestedRaiseOnly {
		s := c.SeverityOf(id, def)
		for _, l := range layers {
			s = max(s, severityIn(l, id, s))
		}
		return s
	}
	for _, l := range layers {
		if s, ok := lookup(l, id); ok {
			if len(c.RaiseOnly) > 0 {
				s = max(s, severityIn(c.RaiseOnly, id, s))
			}
			return s
		}
	}
	return c.SeverityOf(id, def)
}

func severityIn(rules map[string]Severity, id string, def Severity) Severity {
	if s, ok := lookup(rules, id); ok {
		return s
	}
	return def
}

// lookup is the most specific entry of rules for id: the exact id, then
// the longest prefix.
func lookup(rules map[string]Severity, id string) (Severity, bool) {
	if len(rules) == 0 {
		return 0, false
	}
	if s, ok := rules[id]; ok {
		return s, true
	}
	best, found := -1, Severity(0)
	for k, s := range rules {
		if len(k) > best && len(k) < len(id) && k[len(k)-1] == '/' && id[:len(k)] == k {
			best, found = len(k), s
		}
	}
	return found, best >= 0
}

func (c *RuleConfig) empty() bool {
	return c == nil || len(c.Rules) == 0 && len(c.RaiseOnly) == 0 && c.Nested == nil
}

// Apply rewrites severities in place and drops findings of rules turned off.
func (c *RuleConfig) Apply(lib *Library) {
	if c.empty() {
		return
	}
	for _, s := range lib.Skills {
		s.Diagnostics = c.Filter(s.Diagnostics)
	}
	lib.Diagnostics = c.Filter(lib.Diagnostics)
}

// Filter applies c to one list of findings, without Nested layers: for
// findings whose files are not on disk under a linted root.
func (c *RuleConfig) Filter(ds []Diagnostic) []Diagnostic { return c.FilterAt("", ds) }

// FilterAt applies c to findings whose files are FS paths under root (a
// local source's folder on disk, model.Location.Root); each file's
// folder picks its Nested layers.
func (c *RuleConfig) FilterAt(root string, ds []Diagnostic) []Diagnostic {
	if c.empty() {
		return ds
	}
	var (
		layers  []map[string]Severity
		lastDir = "\x00"
	)
	out := ds[:0]
	for _, d := range ds {
		if c.Nested != nil && root != "" {
			if dir := path.Dir(d.File); dir != lastDir {
				lastDir, layers = dir, c.Nested(filepath.Join(root, filepath.FromSlash(dir)))
			}
		}
		d.Severity = c.severityAt(layers, d.Rule, d.Severity)
		if d.Severity != SeverityOff {
			out = append(out, d)
		}
	}
	return out
}
