package review

import (
	"strings"
	"unicode/utf8"
)

// excerpt shows the text around byte off of f's line, hidden characters
// made visible, cut to about width bytes either side so a minified line
// still gives a readable message.
func excerpt(f *source, off, width int) string {
	line, start := f.lineAt(off)
	at := off - start
	from, to := max(0, at-width), min(len(line), at+width)
	for from > 0 && !utf8.RuneStart(line[from]) {
		from--
	}
	for to < len(line) && !utf8.RuneStart(line[to]) {
		to++
	}
	s := strings.TrimSpace(Visible(line[from:to]))
	if from > 0 {
		s = "…" + s
	}
	if to < len(line) {
		s += "…"
	}
	return s
}

// clip shortens s to about n bytes on a rune boundary.
func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
