package ui

import (
	"strings"
	"time"
	"unicode"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// From a source line to its rendered line, for a finding opened in the
// reader.
//
// glamour reflows text, so a source line has no fixed rendered line. The
// heading markers (heading_lines.go) pin each section's first rendered
// line; within a section the source line is found by its words: the
// rendered line nearest the section's proportional estimate whose letters
// and digits hold the first words of the source line's. A line whose words
// are nowhere in the section (a blank line, a fence, markup alone) falls
// back to the estimate. Markers on every block were tried in thought and
// left: a marker in a code block or a table cell prints as text.

// flashFor is how long the finding's line stays marked.
const flashFor = 2 * time.Second

// flashDoneMsg ends the mark of jump seq (a later jump has its own).
type flashDoneMsg struct{ seq int }

// renderedLineOf is where source line src (1-based, of md, the Markdown
// rendered) landed in rd, or -1 when md has no such line.
func renderedLineOf(rd *renderedDoc, md string, src int) int {
	srcLines := strings.Split(md, "\n")
	if rd == nil || src < 1 || len(rd.lines) == 0 {
		return -1
	}
	if src > len(srcLines) {
		return len(rd.lines) - 1
	}
	// The section holding src: its first source and rendered lines, and
	// the next section's (the end).
	srcFrom, srcTo := 1, len(srcLines)+1
	from, to := 0, len(rd.lines)
	for i, h := range rd.outline.Headings {
		if i >= len(rd.headings) || rd.headings[i] < 0 {
			continue
		}
		if h.Line <= src {
			srcFrom, from = h.Line, rd.headings[i]
			continue
		}
		if rd.headings[i] >= from {
			srcTo, to = h.Line, rd.headings[i]
		}
		break
	}
	if src == srcFrom && from > 0 {
		return from
	}
	to = max(to, from+1)
	estimate := from + (src-srcFrom)*(to-from)/max(srcTo-srcFrom, 1)
	estimate = min(estimate, to-1)
	words := lineWords(srcLines[src-1])
	for n := min(len(words), 4); n > 0; n-- {
		needle := " " + strings.Join(words[:n], " ") + " "
		if n == 1 && len(words[0]) < 4 {
			break // one short word matches anywhere
		}
		best := -1
		for l := from; l < to && l < len(rd.lines); l++ {
			if strings.Contains(" "+strings.Join(lineWords(ansi.Strip(rd.lines[l])), " ")+" ", needle) &&
				(best < 0 || abs(l-estimate) < abs(best-estimate)) {
				best = l
			}
		}
		if best >= 0 {
			return best
		}
	}
	return estimate
}

// lineWords are the runs of letters and digits of s, lower-cased: what a
// source line and its rendering have in common once markup and wrapping
// are set aside.
func lineWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// takeLineJump scrolls to the pending source line's rendered line and
// marks it; Update starts the timer that ends the mark.
func (t *readTab) takeLineJump() {
	top := t.top()
	if t.jump.line < 1 || top == nil || t.doc == nil || t.shown.doc != t.jump.docID {
		return
	}
	src := t.jump.line + top.lineShift
	t.jump = pendingJump{}
	y := renderedLineOf(t.doc, readerMarkdown(top.markdown), src)
	if y < 0 {
		return
	}
	t.scrollToMatch(y)
	t.flashSeq++
	t.flash = flashMark{line: y, src: src - top.lineShift, on: true, tick: true}
}

// flashTimer is the command that ends a mark just made, once.
func (t *readTab) flashTimer() tea.Cmd {
	if !t.flash.tick {
		return nil
	}
	t.flash.tick = false
	seq := t.flashSeq
	return tea.Tick(flashFor, func(time.Time) tea.Msg { return flashDoneMsg{seq} })
}

// flashMark is the finding's rendered line while it is marked.
type flashMark struct {
	line int // rendered line
	src  int // the file's line, for the footer
	on   bool
	tick bool // its timer is still to start
}

// markFlash draws the marked line: a ▸ in glamour's left margin and the
// text in the selection's colours.
func (t *readTab) markFlash(i int, line string) string {
	if !t.flash.on || i != t.flash.line {
		return line
	}
	w := ansi.StringWidth(line)
	if w == 0 {
		return t.c.Styles.Key.Render("▸")
	}
	line = lipgloss.StyleRanges(line, lipgloss.NewRange(1, w, t.c.Styles.RowSelected))
	if strings.HasPrefix(ansi.Strip(line), " ") {
		line = t.c.Styles.Key.Render("▸") + ansi.Cut(line, 1, w)
	}
	return line
}
