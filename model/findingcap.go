package model

import (
	"fmt"

	"github.com/dustin/go-humanize"
)

// MaxFindingsPerRule is how many findings of one rule one file lists. A
// hostile file can make one rule fire at every line (500,000 broken
// mentions in an 8 MB SKILL.md took 300 MB to hold); past the cap the
// rest are counted into one finding, so a library of such files stays
// within the memory a lint of it needs anyway. Real skills come nowhere
// near it: the corpus's most is 13.
const MaxFindingsPerRule = 200

// FindingCap keeps a reader's findings within MaxFindingsPerRule per rule
// and file. Its zero value is ready; a reader uses one per list it fills.
type FindingCap struct {
	counts map[findingKey]int
	over   []overflow
}

type findingKey struct{ file, rule string }

// overflow is the first finding past the cap of its key, and how many
// were left out from it on.
type overflow struct {
	first   Diagnostic
	dropped int
}

// Keep says whether d may be added to ds, the list so far: false once its
// rule has MaxFindingsPerRule findings in its file, and d is then counted
// into Summaries. Lists shorter than the cap cost no bookkeeping.
func (c *FindingCap) Keep(ds []Diagnostic, d Diagnostic) bool {
	if c.counts == nil {
		if len(ds) < MaxFindingsPerRule {
			return true
		}
		c.counts = make(map[findingKey]int)
		for _, e := range ds {
			c.counts[findingKey{e.File, e.Rule}]++
		}
	}
	k := findingKey{d.File, d.Rule}
	if c.counts[k] < MaxFindingsPerRule {
		c.counts[k]++
		return true
	}
	for i := range c.over {
		if c.over[i].first.File == d.File && c.over[i].first.Rule == d.Rule {
			c.over[i].dropped++
			return false
		}
	}
	c.over = append(c.over, overflow{first: d, dropped: 1})
	return false
}

// Summaries are one finding per rule and file that passed the cap, at
// the first finding left out, with that rule's severity (so severity
// overrides, suppressions and exit codes treat it as the rule's own).
func (c *FindingCap) Summaries() []Diagnostic {
	out := make([]Diagnostic, 0, len(c.over))
	for _, o := range c.over {
		d := o.first
		d.Message = fmt.Sprintf("%s more %s findings in this file from here on are not listed (at most %d are listed per rule and file)",
			humanize.Comma(int64(o.dropped)), d.Rule, MaxFindingsPerRule)
		d.Hint = "Fix the findings listed and run lint again; the rest then show."
		d.Fix = nil
		out = append(out, d)
	}
	return out
}
