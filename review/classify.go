package review

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// hiddenClass is what an invisible character at some position amounts to.
type hiddenClass uint8

const (
	clean     hiddenClass = iota
	bidi                  // reorders display
	tags                  // Unicode tag characters (not an emoji flag)
	invisible             // any other character that draws nothing here
)

// classAt classifies the character at s[i] in its context. Context matters
// because the same code points are ordinary in their proper place: a
// zero-width joiner inside an emoji sequence or between Devanagari
// letters, a variation selector after an emoji, a byte-order mark at the
// start of a file, tag characters that spell a subdivision flag.
func classAt(s string, i int) hiddenClass {
	r, n := utf8.DecodeRuneInString(s[i:])
	if r < utf8.RuneSelf {
		if r < 0x20 && r != '\t' && r != '\n' && r != '\r' && r != '\f' || r == 0x7f {
			return invisible
		}
		return clean
	}
	switch {
	case isBidi(r):
		return bidi
	case isTag(r):
		if isFlagTags(s, i) {
			return clean
		}
		return tags
	case !isHiddenRune(r):
		return clean
	}
	prev, _ := utf8.DecodeLastRuneInString(s[:i])
	next, _ := utf8.DecodeRuneInString(s[i+n:])
	switch r {
	case 0xFEFF:
		if i == 0 {
			return clean
		}
	case 0x200D: // zero-width joiner: emoji sequences, Indic and Arabic shaping
		if isPictographic(prev) || isPictographic(next) || isNonLatinLetter(prev) && isNonLatinLetter(next) {
			return clean
		}
	case 0x200C: // zero-width non-joiner: Persian, Indic
		if isNonLatinLetter(prev) && isNonLatinLetter(next) {
			return clean
		}
	case 0x200E, 0x200F, 0x061C: // directional marks in right-to-left text
		// They sit between an RTL word and punctuation, a number or a
		// Latin term ("‏API‏ של"), so the line, not the neighbour, decides.
		if isRTL(prev) || isRTL(next) || lineHasRTL(s, i) {
			return clean
		}
	case 0xFE0E, 0xFE0F: // text/emoji presentation after a symbol or keycap base
		if !isVariationSelector(next) && (isPictographic(prev) || prev == '#' || prev == '*' || prev >= '0' && prev <= '9' || unicode.IsSymbol(prev) || unicode.IsPunct(prev) && prev > 0x7f) {
			return clean
		}
	}
	if r >= 0xE0100 && r <= 0xE01EF && unicode.Is(unicode.Han, prev) && !isVariationSelector(next) {
		return clean // ideographic variation sequence
	}
	return invisible
}

// isPictographic approximates Extended_Pictographic: the emoji blocks plus
// the older symbol blocks emoji draw from, and skin-tone modifiers.
func isPictographic(r rune) bool {
	return r >= 0x1F000 && r <= 0x1FAFF || r >= 0x2600 && r <= 0x27BF || r >= 0x2300 && r <= 0x23FF ||
		r >= 0x2B00 && r <= 0x2BFF || r == 0x00A9 || r == 0x00AE || r >= 0x2100 && r <= 0x21FF || // letterlike (ℹ ™) and arrows
		r >= 0x2460 && r <= 0x25FF || r == 0x203C || r == 0x2049 || r == 0x3030 || r == 0x303D || r == 0x3297 || r == 0x3299 || r == 0x20E3
}

func isNonLatinLetter(r rune) bool {
	return r > 0x24F && (unicode.IsLetter(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r))
}

func isRTL(r rune) bool {
	return unicode.In(r, unicode.Hebrew, unicode.Arabic, unicode.Syriac, unicode.Thaana, unicode.Nko)
}

// isFlagTags: tag characters following U+1F3F4 WAVING BLACK FLAG and ending
// in CANCEL TAG spell a subdivision flag (🏴 gbeng = England).
func isFlagTags(s string, i int) bool {
	j := i
	for j > 0 {
		r, n := utf8.DecodeLastRuneInString(s[:j])
		if !isTag(r) {
			break
		}
		j -= n
	}
	base, _ := utf8.DecodeLastRuneInString(s[:j])
	if base != 0x1F3F4 {
		return false
	}
	_, end := decodeTags(s, j)
	last, _ := utf8.DecodeLastRuneInString(s[:end])
	return last == 0xE007F && end-j <= 4*8
}

// lineHasRTL: the line holding s[i] has a right-to-left letter.
func lineHasRTL(s string, i int) bool {
	start := strings.LastIndexByte(s[:i], '\n') + 1
	end := strings.IndexByte(s[i:], '\n')
	if end < 0 {
		end = len(s)
	} else {
		end += i
	}
	for _, r := range s[start:end] {
		if r >= 0x590 && isRTL(r) {
			return true
		}
	}
	return false
}
