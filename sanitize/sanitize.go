// Package sanitize makes text from skills safe to show in a terminal.
//
// Skill text is untrusted: a SKILL.md must not be able to retitle the
// terminal, write the clipboard (OSC 52), move the cursor or reorder text
// with bidi overrides. Sanitise before text reaches glamour or lipgloss;
// after rendering, a skill's escapes cannot be told from the renderer's own.
package sanitize

import (
	"strings"
	"unicode/utf8"
)

// String removes every terminal control sequence and control character
// from s except newline and tab. CRLF and lone CR become newline. Invalid
// UTF-8 bytes become U+FFFD.
func String(s string) string {
	if clean(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == 0x1b: // ESC: drop the whole sequence
			i = skipEscape(s, i+1)
			continue
		case c == '\r':
			if i+1 < len(s) && s[i+1] == '\n' {
				i++
				continue
			}
			b.WriteByte('\n')
			i++
			continue
		case c == '\n' || c == '\t':
			b.WriteByte(c)
			i++
			continue
		case c < 0x20 || c == 0x7f:
			i++
			continue
		case c < utf8.RuneSelf:
			b.WriteByte(c)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteRune(utf8.RuneError)
		case r == 0x9b: // C1 CSI
			i = skipCSI(s, i+size)
			continue
		case r == 0x9d || r == 0x90 || r == 0x98 || r == 0x9e || r == 0x9f: // C1 OSC, DCS, SOS, PM, APC
			i = skipString(s, i+size)
			continue
		case r >= 0x80 && r <= 0x9f, isBidiControl(r):
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// Line is String for text shown on one line: newlines and tabs become
// spaces too, and each cluster takes the same cells however it is
// measured (Cells), so columns line up on every terminal.
func Line(s string) string {
	s = String(s)
	if strings.ContainsAny(s, "\n\t") {
		s = strings.NewReplacer("\n", " ", "\t", " ").Replace(s)
	}
	return Cells(s)
}

// clean reports whether s needs no change (the common case, kept fast).
func clean(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 && c != '\n' && c != '\t' || c == 0x7f {
			return false
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 || r >= 0x80 && r <= 0x9f || isBidiControl(r) {
				return false
			}
			i += size - 1
		}
	}
	return true
}

// isBidiControl: embeddings, overrides and isolates (Trojan Source).
func isBidiControl(r rune) bool {
	return r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 || r == 0x200e || r == 0x200f || r == 0x061c
}

// skipEscape returns the index after the escape sequence whose ESC was at
// i-1: CSI (ESC [), OSC/DCS/SOS/PM/APC strings, or a two-byte escape.
func skipEscape(s string, i int) int {
	if i >= len(s) {
		return i
	}
	switch s[i] {
	case '[':
		return skipCSI(s, i+1)
	case ']', 'P', 'X', '^', '_':
		return skipString(s, i+1)
	}
	// ESC followed by intermediates (0x20–0x2f) then one final byte.
	for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f {
		i++
	}
	if i < len(s) {
		i++
	}
	return i
}

// skipCSI skips parameter and intermediate bytes up to the final byte.
func skipCSI(s string, i int) int {
	for i < len(s) {
		c := s[i]
		i++
		if c >= 0x40 && c <= 0x7e {
			return i
		}
		if c < 0x20 && c != 0x1b {
			continue
		}
		if c == 0x1b { // a new escape aborts this one
			return i - 1
		}
	}
	return i
}

// skipString skips a control string up to BEL, ST (ESC \) or C1 ST.
func skipString(s string, i int) int {
	for i < len(s) {
		switch {
		case s[i] == 0x07:
			return i + 1
		case s[i] == 0x1b:
			if i+1 < len(s) && s[i+1] == '\\' {
				return i + 2
			}
			return i + 1
		case s[i] == 0xc2 && i+1 < len(s) && s[i+1] == 0x9c:
			return i + 2
		}
		i++
	}
	return i
}
