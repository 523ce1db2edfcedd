package model

import (
	"fmt"
	"unicode/utf8"

	"github.com/dustin/go-humanize"
)

// MaxFindingsPerRule is how many findings of one rule one file lists. A
// hostile file can make a rule fire at every line (500,000 broken
// mentions in an 8 MB SKILL.md made 300 MB of findings); a library of
// such files would have held them all until lint printed them. Real
// skills come nowhere near it: the corpus's most is 13.
const MaxFindingsPerRule = 200

// MaxMessageBytes bounds a finding's message and hint. Both quote the
// skill's own text (a link, an @match, a schema's pattern), and a 1 MB
// value made a 1 MB line of every report: the terminal, a GitHub
// annotation, a SARIF result, an editor's problems panel. Real findings
// come nowhere near it: the longest the goldens hold is under 2 KB.
const MaxMessageBytes = 4096

// ClipText cuts s to MaxMessageBytes at a character boundary and says how
// much was left out.
func ClipText(s string) string {
	if len(s) <= MaxMessageBytes {
		return s
	}
	cut := MaxMessageBytes
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + fmt.Sprintf("… (%s bytes more)", humanize.Comma(int64(len(s)-cut)))
}

// CapFindings clips each finding's message and hint (ClipText) and keeps, in order, at most MaxFindingsPerRule findings per
// rule and file of ds, and puts one finding in place of the rest of each:
// at the first one left out, with its rule and severity (so severity
// overrides, suppressions and exit codes treat it as the rule's own),
// saying how many were left out. ds is compacted in place; a list no
// longer than the cap is returned as it is.
func CapFindings(ds []Diagnostic) []Diagnostic {
	for i := range ds {
		ds[i].Message, ds[i].Hint = ClipText(ds[i].Message), ClipText(ds[i].Hint)
	}
	if len(ds) <= MaxFindingsPerRule {
		return ds
	}
	type key struct{ file, rule string }
	counts := make(map[key]int)
	summary := make(map[key]int) // index in the kept list of the key's summary
	kept := ds[:0]
	for _, d := range ds {
		k := key{d.File, d.Rule}
		counts[k]++
		switch n := counts[k]; {
		case n <= MaxFindingsPerRule:
			kept = append(kept, d)
		case n == MaxFindingsPerRule+1:
			summary[k] = len(kept)
			d.Fix = nil
			d.Hint = "Fix the findings listed and run lint again; the rest then show."
			kept = append(kept, d)
		}
	}
	for k, i := range summary {
		kept[i].Omitted = counts[k] - MaxFindingsPerRule
		kept[i].Message = fmt.Sprintf("%s more %s findings in this file from here on are not listed (at most %d are listed per rule and file)",
			humanize.Comma(int64(counts[k]-MaxFindingsPerRule)), k.rule, MaxFindingsPerRule)
	}
	clear(ds[len(kept):]) // let the collector have what was left out
	return kept
}
