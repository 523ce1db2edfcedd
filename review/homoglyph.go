package review

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// confusables are the Cyrillic and Greek letters drawn like a Latin one.
// Only these count: a Greek μ in "μs" or a whole Russian word is ordinary,
// "pаypal" with a Cyrillic а is a spoof.
var confusables = map[rune]rune{
	// Cyrillic
	'а': 'a', 'в': 'b', 'е': 'e', 'к': 'k', 'м': 'm', 'н': 'h', 'о': 'o', 'р': 'p', 'с': 'c', 'т': 't',
	'у': 'y', 'х': 'x', 'і': 'i', 'ј': 'j', 'ѕ': 's', 'ԁ': 'd', 'ԛ': 'q', 'ԝ': 'w', 'һ': 'h', 'ӏ': 'l', 'ү': 'y',
	'А': 'A', 'В': 'B', 'Е': 'E', 'К': 'K', 'М': 'M', 'Н': 'H', 'О': 'O', 'Р': 'P', 'С': 'C', 'Т': 'T',
	'Х': 'X', 'І': 'I', 'Ј': 'J', 'Ѕ': 'S', 'Ү': 'Y',
	// Greek
	'ο': 'o', 'ν': 'v', 'ρ': 'p', 'ι': 'i', 'α': 'a', 'υ': 'u', 'κ': 'k',
	'Α': 'A', 'Β': 'B', 'Ε': 'E', 'Ζ': 'Z', 'Η': 'H', 'Ι': 'I', 'Κ': 'K', 'Μ': 'M', 'Ν': 'N', 'Ο': 'O',
	'Ρ': 'P', 'Τ': 'T', 'Υ': 'Y', 'Χ': 'X',
}

// scanHomoglyphs reports words that mix Latin letters with Cyrillic or
// Greek look-alikes. A word is a run of letters, digits, '.', '-' and '_'
// so that a spoofed host name is one word.
func (r *reviewer) scanHomoglyphs(f *source) {
	text := f.text
	for i := 0; i < len(text); {
		if text[i] < utf8.RuneSelf && !isWordByte(text[i]) {
			i++
			continue
		}
		start := i
		latin, lookalike, other := 0, 0, 0
		for i < len(text) {
			ch, n := utf8.DecodeRuneInString(text[i:])
			if !(unicode.IsLetter(ch) || unicode.IsDigit(ch) || ch == '_' || ch == '-' || ch == '.') {
				break
			}
			switch {
			case ch < utf8.RuneSelf && unicode.IsLetter(ch):
				latin++
			case confusables[ch] != 0:
				lookalike++
			case unicode.In(ch, unicode.Cyrillic, unicode.Greek):
				other++
			}
			i += n
		}
		if i == start {
			_, n := utf8.DecodeRuneInString(text[i:])
			i += n
			continue
		}
		// A Cyrillic or Greek letter with no Latin look-alike means the
		// word is written in that script (perhaps with a Latin typo).
		if latin > 0 && lookalike > 0 && other == 0 && !compoundInProse(text, start, i) {
			word := text[start:i]
			r.report(f, start, "review/homoglyph", fmt.Sprintf("%q mixes Latin with look-alike letters: %s reads as %q", word, markLookalikes(word), asLatin(word)),
				"Spell the word in one script; if it names a host, command or package, check which one it really is.")
		}
	}
}

func markLookalikes(word string) string {
	var b strings.Builder
	for _, ch := range word {
		if confusables[ch] != 0 {
			script := "Cyrillic"
			if unicode.Is(unicode.Greek, ch) {
				script = "Greek"
			}
			fmt.Fprintf(&b, "⟨U+%04X %s %c⟩", ch, script, ch)
			continue
		}
		b.WriteRune(ch)
	}
	return b.String()
}

func asLatin(word string) string {
	return strings.Map(func(ch rune) rune {
		if l := confusables[ch]; l != 0 {
			return l
		}
		return ch
	}, word)
}

func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// compoundInProse: a hyphenated compound whose parts are each in one
// script ("Google-аккаунт", "iPhone-версия"), no host or path (no '.'),
// on a line that is itself written in Cyrillic or Greek (a letter with
// no Latin look-alike outside the word). Russian and Greek prose joins
// Latin names to native words this way; a spoof mixes inside one part
// or stands in Latin text.
func compoundInProse(text string, start, end int) bool {
	word := text[start:end]
	if strings.ContainsAny(word, "._") || !strings.Contains(word, "-") {
		return false
	}
	for _, part := range strings.Split(word, "-") {
		latin, look := false, false
		for _, ch := range part {
			switch {
			case ch < utf8.RuneSelf && unicode.IsLetter(ch):
				latin = true
			case confusables[ch] != 0:
				look = true
			}
		}
		if latin && look {
			return false
		}
	}
	ls := strings.LastIndexByte(text[:start], '\n') + 1
	le := strings.IndexByte(text[end:], '\n')
	if le < 0 {
		le = len(text)
	} else {
		le += end
	}
	for _, ch := range text[ls:start] + " " + text[end:le] {
		if unicode.In(ch, unicode.Cyrillic, unicode.Greek) && confusables[ch] == 0 {
			return true
		}
	}
	return false
}
