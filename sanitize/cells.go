package sanitize

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	"github.com/clipperhouse/uax29/v2/graphemes"
)

// Cells makes every grapheme cluster of s take the same number of cells
// however it is measured. Layout (lipgloss, and terminals that speak mode
// 2027) measures a cluster as a whole: a ZWJ family, a skin-toned thumb,
// a VS16 heart or a lone regional indicator is 2 cells wide. Most
// terminals, tmux, and Bubble Tea's renderer when the terminal does not
// speak 2027, add up code points (wcwidth): 8, 4, 1 and 1. Text measured
// one way and drawn the other overflows its column, and the line is cut:
// a pane's border, a finding's mark or the next pane goes missing, so a
// skill's name could push what the studio says about it off the screen.
//
// A cluster the two ways disagree on is replaced by its first code point
// when that alone agrees and stays a cluster of its own (the family by
// its first person, the heart without VS16), else by U+FFFD. Text made of
// clusters they agree on (ASCII, CJK, accents, flags) is returned as it
// is.
func Cells(s string) string {
	// A replacement changes its neighbours' context (regional indicator
	// pairs, prepended marks), so go again until nothing changes.
	for range 4 {
		out, changed := cellsOnce(s)
		if !changed {
			return out
		}
		s = out
	}
	// Still not settled (not seen in fuzzing): keep ASCII only.
	return strings.Map(func(r rune) rune {
		if r < utf8.RuneSelf {
			return r
		}
		return '?'
	}, s)
}

func cellsOnce(s string) (string, bool) {
	i := 0
	for i < len(s) && s[i] < utf8.RuneSelf {
		i++
	}
	if i == len(s) {
		return s, false
	}
	// An ASCII character can start a cluster ("#" + VS16 + keycap).
	i = max(i-1, 0)
	var b strings.Builder
	copied := 0 // s[:copied] is in b, when changed
	it := graphemes.FromString(s[i:])
	for it.Next() {
		cluster := it.Value()
		if len(cluster) == 1 || ansi.StringWidth(cluster) == ansi.StringWidthWc(cluster) {
			continue
		}
		if copied == 0 {
			b.Grow(len(s))
		}
		b.WriteString(s[copied : i+it.Start()])
		copied = i + it.End()
		_, size := utf8.DecodeRuneInString(cluster)
		first := cluster[:size]
		// Whether first joins what follows depends on the next code
		// point alone: look at that, never at the whole rest.
		rest := s[i+it.End():]
		_, next := utf8.DecodeRuneInString(rest)
		if c := graphemes.FromString(first + rest[:next]).First(); c == first && ansi.StringWidth(first) == ansi.StringWidthWc(first) {
			b.WriteString(first)
		} else {
			b.WriteRune(utf8.RuneError)
		}
	}
	if copied == 0 {
		return s, false
	}
	b.WriteString(s[copied:])
	return b.String(), true
}

// Display is String for text the studio lays out in columns: Cells too.
func Display(s string) string { return Cells(String(s)) }
