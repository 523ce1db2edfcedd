package xgs

import "strings"

// escapeAngles makes comment text safe to render as Markdown: a Markdown
// renderer takes `<query>` for an inline HTML tag and drops it, so a
// recipe such as `q=<query>` showed as `q=` in the Read tab and in
// `show`. Each `<` outside code (fenced or indented blocks, `code spans`)
// and outside an autolink (<https://…>) becomes `\<`, CommonMark's escape,
// which renders as a plain `<`.
func escapeAngles(md string) string {
	if !strings.Contains(md, "<") {
		return md
	}
	lines := strings.SplitAfter(md, "\n")
	fence := ""
	for i, line := range lines {
		trimmed := strings.TrimLeft(line, " ")
		if fence != "" {
			if strings.HasPrefix(trimmed, fence) {
				fence = ""
			}
			continue
		}
		if strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~") {
			fence = trimmed[:3]
			continue
		}
		if strings.HasPrefix(line, "    ") || strings.HasPrefix(line, "\t") {
			continue // an indented code block
		}
		lines[i] = escapeLine(line)
	}
	return strings.Join(lines, "")
}

func escapeLine(line string) string {
	var b strings.Builder
	inCode := false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == '`':
			inCode = !inCode
		case c == '\\' && !inCode && i+1 < len(line):
			b.WriteByte(c)
			i++
			c = line[i]
		case c == '<' && !inCode && !isAutolink(line[i:]):
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	}
	return b.String()
}

// isAutolink: s starts with <scheme://…> with no space before the '>'.
func isAutolink(s string) bool {
	end := strings.IndexByte(s, '>')
	if end < 0 || strings.ContainsAny(s[:end], " \t") {
		return false
	}
	inner := s[1:end]
	return strings.HasPrefix(inner, "http://") || strings.HasPrefix(inner, "https://") || strings.HasPrefix(inner, "mailto:")
}
