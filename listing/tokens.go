package listing

import (
	"strings"
	"unicode"
)

// stopwords are words too common in skill descriptions to tell skills
// apart. "use", "when", "skill" and friends are here on purpose: nearly
// every description says "Use this skill when…".
var stopwords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`a an and are as at be been but by can do does for from
		has have how i if in into is it its itself me my no not of on or our so such that the their
		them then there these they this those to too up us was we were what when where which while who
		whom why will with you your yours any all also about after again against
		use used uses using skill skills this should would could want wants need needs like etc e g eg ie
		user users asks ask asked request requests help helps`) {
		stopwords[w] = true
	}
}

// terms splits text into lowercase content words with a light stem, so
// "reviews", "reviewing" and "reviewed" meet "review".
func terms(text string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		if len(w) < 2 || stopwords[w] {
			continue
		}
		if w = stem(w); !stopwords[w] {
			out = append(out, w)
		}
	}
	return out
}

// stem strips a few English suffixes. It is deliberately crude: enough
// for lexical matching, never so eager that unrelated words collide.
func stem(w string) string {
	for _, suf := range []string{"ing", "ed", "es", "s"} {
		if len(w) > len(suf)+3 && strings.HasSuffix(w, suf) && !strings.HasSuffix(w, "ss") {
			return strings.TrimSuffix(w, suf)
		}
	}
	return w
}
