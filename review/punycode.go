package review

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// Punycode host labels: a look-alike host written in its ASCII form
// (xn--gthub-n2e.com) has no Cyrillic letter in the text for
// review/homoglyph to see, yet a browser or an agent's answer may show
// it as gіthub.com. Each xn-- label is decoded and judged as the
// homoglyph check judges a word: Latin letters mixed with Cyrillic or
// Greek look-alikes, or a label made only of look-alikes (аррӏе for
// apple). A label in one script with letters Latin has no look-alike for
// (an honest Cyrillic or Greek name) is not reported.
func (r *reviewer) scanPunycode(f *source) {
	lower := strings.ToLower(f.text)
	if !strings.Contains(lower, "xn--") {
		return
	}
	seen := 0
	for from := 0; seen < maxPerRule; {
		i := strings.Index(lower[from:], "xn--")
		if i < 0 {
			return
		}
		i += from
		end := i + 4
		for end < len(lower) && (isWordByte(lower[end]) || lower[end] == '-') {
			end++
		}
		from = end
		if i > 0 && (isWordByte(lower[i-1]) || lower[i-1] == '-') {
			continue // inside another word
		}
		label := lower[i:end]
		decoded, err := idna.Punycode.ToUnicode(label)
		if err != nil || decoded == label || !spoofLabel(decoded) {
			continue
		}
		seen++
		r.report(f, i, "review/homoglyph", fmt.Sprintf("the host label %q is punycode for %q, which reads as %q: %s", label, decoded, asLatin(decoded), markLookalikes(decoded)),
			"Check which host it really is: a look-alike written as punycode shows as the real name in a browser or an answer.")
	}
}

// spoofLabel: a decoded label mixes Latin with look-alikes, or is made
// only of look-alikes (at least two), with no other Cyrillic or Greek.
func spoofLabel(label string) bool {
	latin, look, other := 0, 0, 0
	for _, ch := range label {
		switch {
		case ch < utf8.RuneSelf && unicode.IsLetter(ch):
			latin++
		case confusables[ch] != 0:
			look++
		case unicode.IsLetter(ch):
			other++
		}
	}
	return other == 0 && look > 0 && (latin > 0 || look >= 2)
}
