package review

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Visible returns s with every character a reader cannot see spelled out:
// bidi controls, zero-width and other format characters, control
// characters other than tab and newline, and variation selectors become
// ⟨U+202E⟩; a run of Unicode tag characters becomes ⟨tags "text"⟩ with the
// ASCII they encode. Ordinary text, emoji and all visible scripts are left
// alone, so Visible(s) == s for a clean string.
func Visible(s string) string {
	if !hasHidden(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, "⟨0x%02X⟩", s[i])
		case isTag(r) && !isFlagTags(s, i):
			text, end := decodeTags(s, i)
			fmt.Fprintf(&b, "⟨tags %q⟩", text)
			i = end
			continue
		case classAt(s, i) != clean:
			fmt.Fprintf(&b, "⟨U+%04X⟩", r)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

func hasHidden(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 && c != '\t' && c != '\n' && c != '\r' || c == 0x7f {
				return true
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || classAt(s, i) != clean {
			return true
		}
		i += n
	}
	return false
}

// isHiddenRune: a character that draws nothing (or reorders what is drawn).
func isHiddenRune(r rune) bool {
	switch {
	case r == '\t' || r == '\n' || r == '\r':
		return false
	case r < 0x20 || r >= 0x7f && r < 0xa0:
		return true
	case isBidi(r) || isVariationSelector(r):
		return true
	case r == 0x115F || r == 0x1160 || r == 0x3164 || r == 0xFFA0: // Hangul fillers
		return true
	case r == 0x034F: // combining grapheme joiner
		return true
	}
	return unicode.Is(unicode.Cf, r)
}

// isBidi: the explicit embeddings, overrides and isolates that reorder
// display (Trojan Source). The implicit marks LRM/RLM/ALM only nudge
// neutral characters and are treated as plain invisible characters.
func isBidi(r rune) bool {
	return r >= 0x202A && r <= 0x202E || r >= 0x2066 && r <= 0x2069
}

func isTag(r rune) bool { return r >= 0xE0000 && r <= 0xE007F }

func isVariationSelector(r rune) bool {
	return r >= 0xFE00 && r <= 0xFE0F || r >= 0xE0100 && r <= 0xE01EF
}

// decodeTags reads the run of tag characters starting at s[i] and returns
// the ASCII it spells and the offset after the run. U+E0020–U+E007E map to
// ASCII 0x20–0x7E; the language tag and cancel tag spell nothing.
func decodeTags(s string, i int) (string, int) {
	var b strings.Builder
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if !isTag(r) {
			break
		}
		if r >= 0xE0020 && r <= 0xE007E {
			b.WriteByte(byte(r - 0xE0000))
		}
		i += n
	}
	return b.String(), i
}
