package review

import (
	"strings"
	"testing"
	"time"
)

// A line of many bidi controls (or other hidden characters) is reviewed in
// time linear in its length: the scan looked up the line around each
// non-ASCII character by scanning it both ways, so ten times the controls
// on one line took a hundred times as long (80,000 took over 5 minutes).
// A ratio, not a deadline: the machine may be loaded.
func TestHiddenCharactersOnOneLongLineAreLinear(t *testing.T) {
	for _, word := range []string{"\u202ereqeusts\u202c", "reqeusts\u200b", "\u2066x\u2069\u200d"} {
		skill := func(n int) string {
			return "```sh\npip install " + strings.TrimSpace(strings.Repeat(word+" ", n)) + "\n```\n"
		}
		cost := func(n int) time.Duration {
			s := body(skill(n))
			best := time.Duration(1 << 62)
			for range 3 {
				start := time.Now()
				if len(Skill(s, nil)) == 0 {
					t.Fatalf("%q ×%d: no finding", word, n)
				}
				best = min(best, time.Since(start))
			}
			return best
		}
		small, large := cost(2000), cost(20000)
		// Linear is about 10x; quadratic was over 60x.
		if ratio := float64(large) / float64(small); ratio > 30 {
			t.Errorf("%q: 20,000 on one line took %.0fx as long as 2,000 (%v against %v)", word, ratio, large, small)
		}
	}
}

// lineAt gives the line holding an offset, as scanning for the newlines
// either side of it does.
func TestLineAtAgreesWithAScan(t *testing.T) {
	for _, text := range []string{"", "a", "\n", "ab\ncd\r\n\nef", "\n\nx\n", "x\r\ny\r"} {
		s := newSource("f", "f", text)
		for off := 0; off <= len(text); off++ {
			start := strings.LastIndexByte(text[:off], '\n') + 1
			end := strings.IndexByte(text[off:], '\n')
			if end < 0 {
				end = len(text)
			} else {
				end += off
			}
			want := strings.TrimSuffix(text[start:end], "\r")
			if got, gotStart := s.lineAt(off); got != want || gotStart != start {
				t.Errorf("%q at %d: %q at %d, want %q at %d", text, off, got, gotStart, want, start)
			}
		}
	}
}
