package model

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

func severityIn(rules map[string]Severity, id string, def Severity) Severity {
	if len(rules) == 0 {
		return def
	}
	if s, ok := rules[id]; ok {
		return s
	}
	best, found := -1, def
	for k, s := range rules {
		if len(k) > best && len(k) < len(id) && k[len(k)-1] == '/' && id[:len(k)] == k {
			best, found = len(k), s
		}
	}
	return found
}

func (c *RuleConfig) empty() bool {
	return c == nil || len(c.Rules) == 0 && len(c.RaiseOnly) == 0
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

// Filter applies c to one list of findings.
func (c *RuleConfig) Filter(ds []Diagnostic) []Diagnostic {
	if c.empty() {
		return ds
	}
	out := ds[:0]
	for _, d := range ds {
		d.Severity = c.SeverityOf(d.Rule, d.Severity)
		if d.Severity != SeverityOff {
			out = append(out, d)
		}
	}
	return out
}
