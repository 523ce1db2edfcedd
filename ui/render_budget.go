package ui

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
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
	cut.shownLines = strings.Count(md, "\n")
	if !strings.HasSuffix(md, "\n") {
		cut.shownLines++ // a line shown in part counts; the empty one after a last newline does not
	}
	if cut.whole() {
		cut.shownLines = cut.totalLines
	}
	return clampLines(clampIndent(md, b.MaxIndent), b.MaxIndent), cut
}

// maxRenderLine is the longest line handed to glamour; longer ones are
// cut and end with "…" (one line of 200,000 table cells took 32 s).
const maxRenderLine = 16 << 10

// clampLines cuts lines longer than maxRenderLine and keeps at most
// maxQuote blockquote or list markers at the start of a line (">" nested
// 200,000 deep took glamour past a minute and a gigabyte, 120 lines of
// "- - - …" 6 s). An ordinary document is
// returned as it is, not copied.
func clampLines(md string, maxQuote int) string {
	var b strings.Builder
	fenced, changed, done := false, false, 0
	for line := range strings.Lines(md) {
		t := strings.TrimLeft(line, " \t")
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			fenced = !fenced
		}
		clamped := line
		if !fenced && maxQuote > 0 {
			if n, keep, rest := containerDepth(clamped, maxQuote); n > maxQuote {
				if !strings.HasSuffix(keep, " ") {
					keep += " "
				}
				clamped = keep + rest
			}
		}
		if len(clamped) > maxRenderLine {
			cut := maxRenderLine
			for cut > 0 && !utf8.RuneStart(clamped[cut]) {
				cut--
			}
			clamped = clamped[:cut] + "…\n"
		}
		if clamped != line && !changed {
			changed = true
			b.Grow(len(md))
			b.WriteString(md[:done])
		}
		if changed {
			b.WriteString(clamped)
		}
		done += len(line)
	}
	if !changed {
		return md
	}
	return b.String()
}

// containerDepth counts the blockquote and list markers that open line
// (">", "- ", "* ", "+ ", "1. ", "1) ", spaces between) and returns the
// line's text up to the end of the max-th one and the text after them
// all.
func containerDepth(line string, max int) (n int, keep, rest string) {
	i, keepEnd := 0, 0
	for i < len(line) {
		c := line[i]
		switch {
		case c == ' ' || c == '\t':
			i++
			continue
		case c == '>':
			i++
		case (c == '-' || c == '*' || c == '+') && i+1 < len(line) && (line[i+1] == ' ' || line[i+1] == '\t'):
			i += 2
		case c >= '0' && c <= '9':
			j := i
			for j < len(line) && j-i < 9 && line[j] >= '0' && line[j] <= '9' {
				j++
			}
			if j+1 < len(line) && (line[j] == '.' || line[j] == ')') && (line[j+1] == ' ' || line[j+1] == '\t') {
				i = j + 2
				break
			}
			return n, line[:keepEnd], line[i:]
		default:
			return n, line[:keepEnd], line[i:]
		}
		if n++; n == max {
			keepEnd = i
		}
	}
	return n, line[:keepEnd], line[i:]
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
	case lastNL >= limit/2:
		return lastNL
	}
	// One line runs past most of the limit: show its start (clampLines
	// cuts it to maxRenderLine) rather than drop the line and all after.
	for limit > 0 && !utf8.RuneStart(md[limit]) {
		limit--
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
	fence, reopen := "", ""
	for i := 0; i < len(md); {
		j := strings.IndexByte(md[i:], '\n')
		end := len(md)
		if j >= 0 {
			end = i + j + 1
		}
		line := md[i:end]
		t := strings.TrimLeft(line, " ")
		topLevel := len(t) == len(line) && strings.TrimSpace(line) != ""
		switch {
		case !fenced && (prevBlank || isListItem(t)) && i-start >= size && topLevel:
			out = append(out, reopen+md[start:i])
			start, reopen = i, ""
		case i-start >= maxChunkFactor*size:
			// No block boundary for a long way (one huge paragraph, table,
			// quote or code block): split at this line anyway, closing and
			// reopening a code fence around the cut, so each piece's time
			// is bounded and the time budget can stop between them.
			piece := reopen + md[start:i]
			reopen = ""
			if fenced {
				piece += fence + "\n"
				reopen = fence + "\n"
			}
			out = append(out, piece)
			start = i
		}
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			fenced = !fenced
			if fenced {
				fence = strings.TrimRight(t[:3+len(t[3:])-len(strings.TrimLeft(t[3:], t[:1]))], "\n")
			}
		}
		prevBlank = strings.TrimSpace(line) == ""
		i = end
	}
	return append(out, reopen+md[start:])
}

// maxChunkFactor: a chunk is split at any line once it is this many
// times the chunk size.
const maxChunkFactor = 4

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
