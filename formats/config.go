package formats

import (
	"github.com/skillstudio/skillstudio/model"
)

// Config changes rules the way eslint and golangci-lint configs do: a rule
// id (or a prefix ending in "/", such as "xgs/") maps to a new severity,
// "off" dropping its findings.
type Config struct {
	Rules map[string]model.Severity `yaml:"rules" json:"rules"`
}

// SeverityOf returns the severity a finding of rule id has under c. The
// most specific entry wins: the exact id, then the longest prefix.
func (c *Config) SeverityOf(id string, def model.Severity) model.Severity {
	if c == nil || len(c.Rules) == 0 {
		return def
	}
	if s, ok := c.Rules[id]; ok {
		return s
	}
	best, found := -1, def
	for k, s := range c.Rules {
		if len(k) > best && len(k) < len(id) && k[len(k)-1] == '/' && id[:len(k)] == k {
			best, found = len(k), s
		}
	}
	return found
}

// Apply rewrites severities in place and drops findings of rules turned off.
func (c *Config) Apply(lib *model.Library) {
	if c == nil || len(c.Rules) == 0 {
		return
	}
	for _, s := range lib.Skills {
		s.Diagnostics = c.Filter(s.Diagnostics)
	}
	lib.Diagnostics = c.Filter(lib.Diagnostics)
}

// Filter applies c to one list of findings.
func (c *Config) Filter(ds []model.Diagnostic) []model.Diagnostic {
	if c == nil || len(c.Rules) == 0 {
		return ds
	}
	out := ds[:0]
	for _, d := range ds {
		d.Severity = c.SeverityOf(d.Rule, d.Severity)
		if d.Severity != model.SeverityOff {
			out = append(out, d)
		}
	}
	return out
}
