package ui

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/skillstudio/skillstudio/formats/skillmd"
	"github.com/skillstudio/skillstudio/internal/lazyre"
	"github.com/skillstudio/skillstudio/sanitize"
)

// Where each heading lands in glamour's output.
//
// Headings are found by identity, not by their text: text matching cannot
// tell "## Setup" from "## Advanced setup" or from a paragraph line that
// ends in "setup". Before rendering, each heading's text (at the offset the
// outline gives) is prefixed with an invisible marker that spells its
// index; the marker survives rendering on the heading's first line and is
// stripped afterwards. The marker is written as HTML entities of
// zero-width characters: zero width, so wrapping and padding do not move,
// and an entity (which ends in ';', punctuation) leaves emphasis at the
// start of the text as it was, where a raw letter-like character would
// not. Counting headings in glamour's output instead would depend on its
// styles; rendering the sections apart would change the spacing.

const (
	markDelim = '\u2063' // INVISIBLE SEPARATOR: opens and closes a marker
	markZero  = '\u200b' // ZERO WIDTH SPACE: a 0 bit
	markOne   = '\u200c' // ZERO WIDTH NON-JOINER: a 1 bit
)

// readerMarkdown is Markdown as the reader renders it: sanitised, and
// without the marker delimiter, so every marker in the output is ours.
func readerMarkdown(md string) string {
	return strings.ReplaceAll(sanitize.Display(md), string(markDelim), "")
}

// headingMarker is heading i's marker as Markdown source.
func headingMarker(i int) string {
	var b strings.Builder
	b.WriteString("&#x2063;")
	for _, bit := range strconv.FormatInt(int64(i), 2) {
		if bit == '1' {
			b.WriteString("&#x200C;")
		} else {
			b.WriteString("&#x200B;")
		}
	}
	b.WriteString("&#x2063;")
	return b.String()
}

// markHeadings inserts each heading's marker before its text. A heading
// whose text starts with a bare URL or address keeps none (a marker in
// front of it would stop glamour from turning it into a link); it is found
// by its text between its neighbours instead.
func markHeadings(md string, hs []skillmd.Heading) string {
	var b strings.Builder
	b.Grow(len(md) + 40*len(hs))
	from := 0
	for i, h := range hs {
		if h.TextOffset < from || h.TextOffset > len(md) || startsAutolink(md[h.TextOffset:]) {
			continue
		}
		b.WriteString(md[from:h.TextOffset])
		b.WriteString(headingMarker(i))
		from = h.TextOffset
	}
	b.WriteString(md[from:])
	return b.String()
}

func startsAutolink(text string) bool {
	word, _, _ := strings.Cut(text, " ")
	word = strings.ToLower(word)
	return strings.Contains(word, "://") || strings.HasPrefix(word, "www.") || strings.Contains(word, "@") || strings.HasPrefix(word, "mailto:")
}

// markerSpan is a marker in rendered output, with the style glamour may
// have opened right before it and closed right after it.
var markerSpan = lazyre.New("(\x1b\\[[0-9;]*m)?\u2063[\u200b\u200c]*\u2063(\x1b\\[m)?")

// takeMarkers strips the markers from rendered lines and returns the line
// each heading index landed on (-1 where none did).
func takeMarkers(lines []string, n int) []int {
	at := make([]int, n)
	for i := range at {
		at[i] = -1
	}
	for li, line := range lines {
		if !strings.ContainsRune(line, markDelim) {
			continue
		}
		lines[li] = markerSpan.ReplaceAllStringFunc(line, func(m string) string {
			open, close := strings.HasPrefix(m, "\x1b["), strings.HasSuffix(m, "\x1b[m")
			idx := markerIndex(m)
			if idx >= 0 && idx < n && at[idx] < 0 {
				at[idx] = li
			}
			// A style around the marker alone goes with it; one that
			// also holds text stays.
			switch {
			case open && close:
				return ""
			case open:
				return m[:strings.IndexRune(m, markDelim)]
			case close:
				return "\x1b[m"
			}
			return ""
		})
	}
	return at
}

// markerIndex decodes the bits between a marker's delimiters.
func markerIndex(m string) int {
	i, seen := 0, false
	for _, r := range m[strings.IndexRune(m, markDelim)+len(string(markDelim)):] {
		switch r {
		case markZero:
			i, seen = i<<1, true
		case markOne:
			i, seen = i<<1|1, true
		case markDelim:
			if !seen {
				return -1
			}
			return i
		}
	}
	return -1
}

// fillMissing places headings that kept no marker: at the first line
// between their neighbours whose text holds theirs, else just after the
// heading before.
func fillMissing(at []int, lines []string, hs []skillmd.Heading) {
	for i := range at {
		if at[i] >= 0 {
			continue
		}
		from, to := 0, len(lines)
		if i > 0 {
			from = at[i-1] + 1
		}
		for j := i + 1; j < len(at); j++ {
			if at[j] >= 0 {
				to = at[j]
				break
			}
		}
		want := strings.ToLower(strings.Join(strings.Fields(hs[i].Text), " "))
		at[i] = min(from, max(len(lines)-1, 0))
		for l := from; l < to && l < len(lines); l++ {
			plain := strings.ToLower(strings.Join(strings.Fields(ansi.Strip(lines[l])), " "))
			if want != "" && strings.Contains(plain, want) {
				at[i] = l
				break
			}
		}
	}
}

// renderWithHeadings renders md (readerMarkdown already) and says which
// line each of its outline's headings starts on.
func renderWithHeadings(md string, hs []skillmd.Heading, width int, style string) (out string, lines []string, at []int, cut budgetCut, err error) {
	out, cut, err = DefaultRenderBudget.render(sanitize.Display(markHeadings(md, hs)), width, style)
	if err != nil {
		return "", nil, nil, cut, err
	}
	lines = strings.Split(out, "\n")
	at = takeMarkers(lines, len(hs))
	fillMissing(at, lines, hs)
	return strings.Join(lines, "\n"), lines, at, cut, nil
}
