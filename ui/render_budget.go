package ui

import (
	"fmt"
	"strings"
	"time"
)

// The rendering budget. Glamour's time grows with a document's size and,
// much faster, with how deeply its lists nest (200 list items forty levels
// deep took 5 s, a 1 MB nested list 82 s and 3 GB), and it cannot be
// interrupted. So what is handed to it is bounded before it starts: at
// most MaxBytes of Markdown, cut at a block boundary; indentation outside
// code fences kept to MaxIndent columns; and the text rendered in chunks
// of whole blocks, stopping after the chunk that passes MaxTime. What is
// left out is named in a "shown up to …" note under the rendering. The
// Read tab renders in a command (off the update loop), and `show` uses the
// same budget.

// RenderBudget bounds one rendering.
type RenderBudget struct {
	MaxBytes  int
	MaxIndent int
	MaxTime   time.Duration
	// chunk is the size of the pieces rendered one at a time.
	chunk int
}

// DefaultRenderBudget is what the Read tab and `show` use.
var DefaultRenderBudget = RenderBudget{MaxBytes: 512 << 10, MaxIndent: 8, MaxTime: 800 * time.Millisecond, chunk: 4 << 10}

// budgetCut says how much of a document a rendering shows.
type budgetCut struct {
	shownBytes, totalBytes int
	shownLines, totalLines int
}

func (c budgetCut) whole() bool { return c.shownBytes >= c.totalBytes }

// note is the line shown under a cut rendering.
func (c budgetCut) note() string {
	return fmt.Sprintf("Shown up to line %d of %d (%s of %s): the rest is too large to render here. Open the file in your editor to read it all.",
		c.shownLines, c.totalLines, formatBytes(c.shownBytes), formatBytes(c.totalBytes))
}

func formatBytes(n int) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// limitMarkdown cuts md to MaxBytes at the last block boundary (a blank
// line outside a code fence) before it, and clamps deep indentation.
func (b RenderBudget) limitMarkdown(md string) (string, budgetCut) {
	cut := budgetCut{totalBytes: len(md), totalLines: strings.Count(md, "\n") + 1}
	if b.MaxBytes > 0 && len(md) > b.MaxBytes {
		md = md[:lastBlockEnd(md, b.MaxBytes)]
	}
	cut.shownBytes = len(md)
	cut.shownLines = strings.Count(md, "\n") + 1
	if cut.whole() {
		cut.shownLines = cut.totalLines
	}
	return clampIndent(md, b.MaxIndent), cut
}

// lastBlockEnd is where md may be cut at or before limit: after the last
// blank line outside a code fence when that keeps at least half, else
// after the last newline (one huge list has no blank line).
func lastBlockEnd(md string, limit int) int {
	fenced := false
	lastBlank, lastNL := -1, -1
	for i := 0; i < limit; {
		j := strings.IndexByte(md[i:limit], '\n')
		if j < 0 {
			break
		}
		line := md[i : i+j]
		t := strings.TrimLeft(line, " ")
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			fenced = !fenced
		}
		lastNL = i + j + 1
		if !fenced && strings.TrimSpace(line) == "" {
			lastBlank = lastNL
		}
		i += j + 1
	}
	switch {
	case lastBlank >= limit/2:
		return lastBlank
	case lastNL > 0:
		return lastNL
	}
	return limit
}

// clampIndent keeps at most max columns of leading spaces on lines
// outside code fences (tabs count as four).
func clampIndent(md string, max int) string {
	if max <= 0 {
		return md
	}
	var b strings.Builder
	b.Grow(len(md))
	changed := false
	fenced := false
	for line := range strings.Lines(md) {
		t := strings.TrimLeft(line, " \t")
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			fenced = !fenced
		}
		indent := 0
		for _, r := range line[:len(line)-len(t)] {
			if r == '\t' {
				indent += 4
			} else {
				indent++
			}
		}
		if !fenced && indent > max {
			changed = true
			b.WriteString(strings.Repeat(" ", max))
			b.WriteString(t)
			continue
		}
		b.WriteString(line)
	}
	if !changed {
		return md
	}
	return b.String()
}

// chunks splits md at block boundaries (a line that starts in column 0
// after a blank line, or a top-level list item, outside a code fence)
// into pieces of about size bytes, so each can be rendered on its own: a
// list split between two items renders as it would whole.
func chunks(md string, size int) []string {
	// Documents of an ordinary size render whole, exactly as glamour
	// renders them; chunks only bound the time of large ones.
	if size <= 0 || len(md) <= chunkFrom {
		return []string{md}
	}
	var out []string
	start, fenced, prevBlank := 0, false, false
	for i := 0; i < len(md); {
		j := strings.IndexByte(md[i:], '\n')
		end := len(md)
		if j >= 0 {
			end = i + j + 1
		}
		line := md[i:end]
		t := strings.TrimLeft(line, " ")
		topLevel := len(t) == len(line) && strings.TrimSpace(line) != ""
		if !fenced && (prevBlank || isListItem(t)) && i-start >= size && topLevel {
			out = append(out, md[start:i])
			start = i
		}
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			fenced = !fenced
		}
		prevBlank = strings.TrimSpace(line) == ""
		i = end
	}
	return append(out, md[start:])
}

// chunkFrom is the size from which a document is rendered in chunks.
const chunkFrom = 64 << 10

// isListItem says whether line starts a list item ("- ", "* ", "+ ",
// "1. ", "1) ").
func isListItem(line string) bool {
	if len(line) >= 2 && strings.ContainsRune("-*+", rune(line[0])) && line[1] == ' ' {
		return true
	}
	i := 0
	for i < len(line) && i < 9 && line[i] >= '0' && line[i] <= '9' {
		i++
	}
	return i > 0 && i+1 < len(line) && (line[i] == '.' || line[i] == ')') && line[i+1] == ' '
}
