package termout

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Plain is ansi.Strip (what show writes to a pipe or a file), which walks a terminal parser byte by byte
// (a percent of show's instructions on a 16 KB document). What notty
// writes is text with an OSC 8 hyperlink or an SGR here and there: text
// holding only newline, tab, printable ASCII and valid UTF-8 is copied in
// runs, and CSI sequences and OSC strings of printable ASCII ended by BEL
// or ST are dropped whole, as Strip drops them. Anything else goes to
// Strip whole (FuzzPlain holds the two together).
func Plain(s string) string {
	if !utf8.ValidString(s) {
		return ansi.Strip(s)
	}
	var b strings.Builder
	from := 0 // s[from:i] is text not yet copied
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != 0x7f || c == '\n' || c == '\t' {
			i++
			continue
		}
		n := escapeLen(s[i:])
		if n == 0 {
			return ansi.Strip(s)
		}
		if b.Cap() == 0 {
			b.Grow(len(s))
		}
		b.WriteString(s[from:i])
		i += n
		from = i
	}
	if from == 0 {
		return s
	}
	b.WriteString(s[from:])
	return b.String()
}

// escapeLen is the length of the CSI sequence (ESC [, parameter and
// intermediate bytes, a final byte) or OSC string (ESC ], printable
// ASCII, BEL or ESC \) at the head of s, or 0 for anything else.
func escapeLen(s string) int {
	if len(s) < 3 || s[0] != 0x1b {
		return 0
	}
	switch s[1] {
	case '[':
		intermediate := false
		for i := 2; i < len(s); i++ {
			switch c := s[i]; {
			case c >= 0x40 && c <= 0x7e:
				return i + 1
			case c < 0x20 || c > 0x3f:
				return 0
			case c <= 0x2f:
				intermediate = true
			case intermediate:
				// A parameter byte after an intermediate one is not a
				// well-formed sequence: ansi.Strip's parser says what
				// it leaves ("\x1b[ 0A" prints "A").
				return 0
			}
		}
	case ']':
		for i := 2; i < len(s); i++ {
			switch c := s[i]; {
			case c == 0x07:
				return i + 1
			case c == 0x1b:
				if i+1 < len(s) && s[i+1] == '\\' {
					return i + 2
				}
				return 0
			case c < 0x20 || c > 0x7e:
				return 0
			}
		}
	}
	return 0
}
