package mdrender

import (
	"bytes"
	"io"
	"strings"
	"sync"

	"charm.land/lipgloss/v2"
	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/formatters"
	xansi "github.com/charmbracelet/x/ansi"
)

// Long code lines. glamour wraps a code block's output with the rest of
// the document: a line longer than the width broke at a space or "|" and
// went on at the block's left edge, outside the code's indent, and a line
// with no break point inside a list ran past the width. Here the chroma
// formatter glamour calls marks where each code line starts and ends and
// writes its spaces as a stand-in glamour's wrapper cannot break at; Render
// then joins what glamour broke and, in a coloured style, wraps the line
// again inside the block: the same indent, each continuation led by a dim
// "↪", broken after a space or punctuation where one is near, never inside
// a grapheme or a wide character, the colours carried over. A style with
// no colours (notty, show's output to a pipe) keeps each code line whole,
// so that what is copied runs as written; the terminal wraps it.

// The markers and the space stand-in: private-use characters, one cell
// each, that a body is cleared of before rendering (codeMarkersOut).
const (
	codeLineStart = "\ue010"
	codeLineEnd   = "\ue011"
	codeSpace     = "\ue012"
	codeChunk     = "\ue013" // starts each chunk of a line after the first
	codeMarkRange = "\ue010\ue011\ue012\ue013"
)

// continuation leads each continued piece of a code line: one cell in
// every terminal (East Asian width neutral, unlike "…").
const continuation = "↪"

// ContinuationMark is how a continued piece of a wrapped code line
// starts, after the block's indent, in Render's output: the dim mark.
// Search in the reader joins such a piece to the line above it, so a
// match may span the break.
const ContinuationMark = "\x1b[2m" + continuation + "\x1b[22m"

// codeBreaks are the characters a long code line is broken after.
const codeBreaks = " ,;:|/&=+-.)]}>"

// codeLinesFormatter registers, once, a formatter that marks the code lines
// of inner's output, and returns its name.
func codeLinesFormatter(inner string) string {
	codeFormattersOnce.Do(func() {
		for _, name := range []string{"terminal256", "noop"} {
			formatters.Register("skillstudio-lines-"+name, lineMarker{inner: formatters.Get(name)})
		}
	})
	return "skillstudio-lines-" + inner
}

var codeFormattersOnce sync.Once

// lineMarker formats with inner, then marks each line and cuts it into
// chunks of at most chunkCells cells, each on a line of its own: glamour
// indents every line and breaks none that fits, so each chunk comes back
// with the block's whole indent, which codeLines reads.
type lineMarker struct{ inner chroma.Formatter }

// chunkCells is short enough to fit inside a list in a quote at 40 columns.
const chunkCells = 16

func (f lineMarker) Format(w io.Writer, style *chroma.Style, it chroma.Iterator) error {
	var buf bytes.Buffer
	if err := f.inner.Format(&buf, style, it); err != nil {
		return err
	}
	out := buf.String()
	var b strings.Builder
	b.Grow(len(out) + len(out)/4)
	for len(out) > 0 {
		line, rest, found := strings.Cut(out, "\n")
		line = strings.ReplaceAll(line, " ", codeSpace)
		if xansi.StringWidth(line) > chunkCells {
			line = strings.ReplaceAll(xansi.Hardwrap(line, chunkCells, true), "\n", "\n"+codeChunk)
		}
		b.WriteString(codeLineStart)
		b.WriteString(line)
		b.WriteString(codeLineEnd)
		if found {
			b.WriteByte('\n')
		}
		out = rest
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// codeMarkersOut clears md of the markers, which would be taken for ours.
func codeMarkersOut(md string) string {
	if !strings.ContainsAny(md, codeMarkRange) {
		return md
	}
	return strings.Map(func(r rune) rune {
		if strings.ContainsRune(codeMarkRange, r) {
			return '\uFFFD'
		}
		return r
	}, md)
}

// codeLines joins each code line glamour broke, and wraps it again inside
// its block at most width cells wide when wrap is set, or leaves it whole.
func codeLines(out string, width int, wrap bool) string {
	if width < 0 || !strings.Contains(out, codeLineStart) {
		return out
	}
	lines := strings.Split(out, "\n")
	var b strings.Builder
	b.Grow(len(out) + len(out)/8)
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		start := strings.Index(line, codeLineStart)
		if start < 0 {
			b.WriteString(line)
			b.WriteByte('\n')
			continue
		}
		prefix := line[:start]
		indent := xansi.StringWidth(prefix)
		edge := min(xansi.StringWidth(line), width)
		var content strings.Builder
		rest, tail := line[start+len(codeLineStart):], ""
		for {
			if end := strings.Index(rest, codeLineEnd); end >= 0 {
				content.WriteString(rest[:end])
				tail = withoutPadding(rest[end+len(codeLineEnd):])
				break
			}
			content.WriteString(withoutPadding(rest))
			if i+1 >= len(lines) || strings.Contains(lines[i+1], codeLineStart) {
				break // the end marker lost: leave the rest as it is
			}
			i++
			if at := strings.Index(lines[i], codeChunk); at >= 0 {
				content.WriteString(escapesOnly(lines[i][:at])) // the indent's pen reset and restore
				rest = lines[i][at+len(codeChunk):]
			} else { // glamour broke a chunk (a width below the chunk's)
				rest = strings.TrimLeft(lines[i], " ")
			}
		}
		code := strings.ReplaceAll(content.String(), codeSpace, " ")
		if !wrap || indent+xansi.StringWidth(code) <= edge {
			b.WriteString(prefix + code + codePad(edge-indent-xansi.StringWidth(code)) + tail + "\n")
			continue
		}
		room := max(edge-indent-1, 1) // a cell for the mark on every piece but the first
		var pieces []string
		for k, p := range strings.Split(lipgloss.Wrap(code, room, codeBreaks), "\n") {
			limit := room
			if k == 0 {
				limit++ // no mark
			}
			if xansi.StringWidth(p) > limit { // the space it broke at, or a run of spaces kept whole
				if p = withoutPadding(p); xansi.StringWidth(p) > limit {
					p = xansi.Hardwrap(p, room, true)
				}
			}
			pieces = append(pieces, strings.Split(p, "\n")...)
		}
		for k, p := range pieces {
			w := xansi.StringWidth(p)
			b.WriteString(prefix)
			if k > 0 {
				b.WriteString(ContinuationMark)
				w++
			}
			b.WriteString(p + codePad(edge-indent-w))
			if k == len(pieces)-1 {
				b.WriteString(tail)
			}
			b.WriteString("\x1b[m\n")
		}
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// codePad is n spaces, none when n is not positive.
func codePad(n int) string {
	if n <= 0 {
		return ""
	}
	return strings.Repeat(" ", n)
}

// withoutPadding is s without its trailing run of spaces and escapes:
// glamour's padding, each space in an escape of its own (a code line's own
// spaces are stand-ins, and the pen is restored after the next indent).
func withoutPadding(s string) string {
	end := 0 // just past the last text that is not a space
	var state byte
	for i := 0; i < len(s); {
		seq, width, n, newState := xansi.DecodeSequence(s[i:], state, nil)
		n = max(n, 1)
		if width > 0 && seq != " " {
			end = i + n
		}
		state, i = newState, i+n
	}
	return s[:end]
}

// escapesOnly is s's escape sequences, its text left out.
func escapesOnly(s string) string {
	var b strings.Builder
	var state byte
	for len(s) > 0 {
		seq, width, n, newState := xansi.DecodeSequence(s, state, nil)
		if width == 0 && n > 0 && seq[0] == 0x1b {
			b.WriteString(seq)
		}
		state, s = newState, s[n:]
	}
	return b.String()
}
