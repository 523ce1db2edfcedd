package review

import (
	"fmt"
	"strings"
)

// htmlComments finds <!-- … --> ranges in Markdown, outside fenced code
// blocks and inline code spans (where they are shown, not hidden). An
// unterminated comment runs to the end of the file, as CommonMark reads it.
func htmlComments(text string) [][2]int {
	var out [][2]int
	fence := ""
	for pos := 0; pos < len(text); {
		end := strings.IndexByte(text[pos:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += pos + 1
		}
		line := text[pos:end]
		trimmed := strings.TrimLeft(line, " ")
		if f := fenceOf(trimmed); f != "" && len(line)-len(trimmed) < 4 {
			switch {
			case fence == "":
				fence = f
			case strings.HasPrefix(f, fence) && strings.TrimSpace(trimmed[len(f):]) == "":
				fence = ""
			}
			pos = end
			continue
		}
		if fence != "" {
			pos = end
			continue
		}
		i := commentStart(line)
		if i < 0 {
			pos = end
			continue
		}
		start := pos + i
		close := strings.Index(text[start+4:], "-->")
		if close < 0 {
			out = append(out, [2]int{start, len(text)})
			return out
		}
		stop := start + 4 + close + 3
		out = append(out, [2]int{start, stop})
		pos = stop
	}
	return out
}

// fenceOf returns the ``` or ~~~ run opening a fenced code line, or "".
func fenceOf(line string) string {
	for _, c := range []byte{'`', '~'} {
		n := 0
		for n < len(line) && line[n] == c {
			n++
		}
		if n >= 3 {
			return line[:n]
		}
	}
	return ""
}

// commentStart finds "<!--" in line outside `code spans`, or -1.
func commentStart(line string) int {
	inCode := 0
	for i := 0; i < len(line); i++ {
		switch {
		case line[i] == '`':
			n := 1
			for i+n < len(line) && line[i+n] == '`' {
				n++
			}
			if inCode == 0 {
				if strings.Contains(line[i+n:], strings.Repeat("`", n)) {
					inCode = n
				}
			} else if n == inCode {
				inCode = 0
			}
			i += n - 1
		case inCode == 0 && strings.HasPrefix(line[i:], "<!--"):
			return i
		}
	}
	return -1
}

// scanHTMLComments shows each comment's text (evidence a rendered view
// hides) and reports an instruction inside one as hidden.
func (r *reviewer) scanHTMLComments(f *source) {
	for _, c := range htmlComments(f.text) {
		body := strings.TrimSuffix(strings.TrimPrefix(f.text[c[0]:c[1]], "<!--"), "-->")
		shown := clip(Visible(strings.TrimSpace(body)), 160)
		if shown == "" {
			continue
		}
		r.report(f, c[0], "review/html-comment", fmt.Sprintf("HTML comment, hidden when rendered: %q", shown),
			"Read it: the agent sees comments that a rendered view hides.")
		if what := instructionIn(body); what != "" {
			r.report(f, c[0], "review/hidden-instruction", fmt.Sprintf("an HTML comment %s: %q", what, clip(Visible(body), 160)),
				"Remove the comment; an instruction a reviewer cannot see has no place in a skill.")
		}
	}
}
