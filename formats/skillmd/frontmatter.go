package skillmd

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"gopkg.in/yaml.v3"

	"github.com/skillstudio/skillstudio/internal/lazyre"
)

// Frontmatter is the YAML block between the opening and closing --- lines
// of a SKILL.md, parsed into yaml.v3 nodes so every finding has a position.
type Frontmatter struct {
	// Node is the top-level mapping; nil when there is no frontmatter, it
	// cannot be read, or it is not a mapping.
	Node *yaml.Node
	// Present: the file starts with a --- line. Closed: a closing --- line
	// follows.
	Present, Closed bool
	// Start and End are the byte range of the YAML text in the file; Line is
	// the file line where it starts (node lines are relative to it).
	Start, End, Line int
	// BodyStart is the byte offset where the Markdown body begins; BodyLine
	// its 1-based line.
	BodyStart, BodyLine int
	// Repairs are plain values holding ": " that YAML rejects; they were read
	// as agents read them (the whole rest of the line).
	Repairs []Repair
	// Problems say why the frontmatter could not be read (empty when fine).
	Problems []Problem
}

// Repair is one unquoted value holding ": " and the exact quoted form that
// makes it valid YAML.
type Repair struct {
	Key        string
	Line, Col  int // file position of the value
	Start, End int // file byte range of the value
	Value      string
	Quoted     string
}

// Problem is a reason the frontmatter cannot be read, with its file position.
type Problem struct {
	Line, Col int
	Message   string
	Hint      string
}

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// ParseFrontmatter splits src (a whole SKILL.md) into frontmatter and body
// and parses the frontmatter. It tolerates a BOM, CRLF line ends, `---`
// lines in the body and unquoted ": " in values; it never panics.
func ParseFrontmatter(src []byte) Frontmatter {
	fm := Frontmatter{BodyLine: 1}
	start := 0
	if bytes.HasPrefix(src, utf8BOM) {
		start = len(utf8BOM)
	}
	first, next := lineAt(src, start)
	if !isDelimiter(first) {
		fm.BodyStart = start
		if at, what := lateFrontmatter(src, start); at > 0 {
			fm.Problems = append(fm.Problems, Problem{Line: 1, Col: 1,
				Message: fmt.Sprintf("the frontmatter opens on line %d, after %s: agents read frontmatter only when --- is the file's first line, so this skill has none", at, what),
				Hint:    lateFrontmatterHint[what]})
			return fm
		}
		if bytes.HasPrefix(first, []byte("---\r")) {
			fm.Problems = append(fm.Problems, Problem{Line: 1, Col: 4,
				Message: "SKILL.md ends its lines with a lone carriage return (CR, as classic Mac OS did): agents look for --- followed by a line feed (LF), so they find no frontmatter",
				Hint:    "Convert the line ends to LF (your editor's line-ending setting, or: tr '\\r' '\\n')."})
			return fm
		}
		fm.Problems = append(fm.Problems, Problem{Line: 1, Col: 1,
			Message: "SKILL.md does not start with a --- line: there is no YAML frontmatter",
			Hint:    "Begin the file with ---, then name: and description: lines, then ---."})
		return fm
	}
	fm.Present = true
	fm.Start, fm.Line = next, 2
	line := 2
	for off := next; off < len(src); line++ {
		text, after := lineAt(src, off)
		if isDelimiter(text) {
			fm.Closed = true
			fm.End = off
			fm.BodyStart, fm.BodyLine = after, line+1
			break
		}
		off = after
	}
	if !fm.Closed {
		fm.End = len(src)
		fm.BodyStart, fm.BodyLine = len(src), line
		if at := documentEnd(src, next); at > 0 {
			fm.Problems = append(fm.Problems, Problem{Line: at, Col: 1,
				Message: "the frontmatter ends with ... (YAML's document-end marker), but agents close frontmatter only at a --- line, so it is never closed",
				Hint:    "Replace the ... line with ---."})
			return fm
		}
		fm.Problems = append(fm.Problems, Problem{Line: 1, Col: 1,
			Message: "the frontmatter is never closed: no --- line follows the opening one",
			Hint:    "Add a line holding only --- after the last frontmatter field."})
		return fm
	}
	fm.parseYAML(src)
	return fm
}

var lateFrontmatterHint = map[string]string{
	"an HTML comment": "Move the comment below the closing --- so the file starts with ---.",
	"blank lines":     "Delete the blank lines above ---.",
}

// fileLine is line n (1-based) of src, without its line end; "" past the end.
func fileLine(src []byte, n int) string {
	off := 0
	for i := 1; i < n && off < len(src); i++ {
		_, off = lineAt(src, off)
	}
	if off >= len(src) {
		return ""
	}
	text, _ := lineAt(src, off)
	return string(text)
}

// lateFrontmatter finds a --- line that only blank lines and HTML
// comments precede (a generator's "do not edit" banner written above the
// frontmatter): the line it is on, and what comes before it; 0 when there
// is none in the first lines.
func lateFrontmatter(src []byte, off int) (line int, what string) {
	comment, blank, inComment := false, false, false
	for n := 1; n <= 200 && off < len(src); n++ {
		text, next := lineAt(src, off)
		trimmed := bytes.TrimSpace(text)
		switch {
		case inComment:
			inComment = !bytes.Contains(trimmed, []byte("-->"))
		case len(trimmed) == 0:
			blank = true
		case bytes.HasPrefix(trimmed, []byte("<!--")):
			comment, inComment = true, !bytes.Contains(trimmed[4:], []byte("-->"))
		case isDelimiter(text) && n > 1:
			if comment {
				return n, "an HTML comment"
			}
			if blank {
				return n, "blank lines"
			}
			return 0, ""
		default:
			return 0, ""
		}
		off = next
	}
	return 0, ""
}

// lineAt returns the line starting at off (without its \n or \r\n) and
// the offset of the next line.
func lineAt(src []byte, off int) (line []byte, next int) {
	i := bytes.IndexByte(src[off:], '\n')
	if i < 0 {
		return bytes.TrimSuffix(src[off:], []byte{'\r'}), len(src)
	}
	return bytes.TrimSuffix(src[off:off+i], []byte{'\r'}), off + i + 1
}

// documentEnd is the 1-based line of the first line holding only ... (YAML's
// document end) from offset off (line 2) on, or 0. Generators that write
// YAML documents end the frontmatter with it.
func documentEnd(src []byte, off int) int {
	for line := 2; off < len(src); line++ {
		text, after := lineAt(src, off)
		if string(bytes.TrimRight(text, " \t")) == "..." {
			return line
		}
		off = after
	}
	return 0
}

// isDelimiter: a line that is exactly ---, trailing blanks allowed.
func isDelimiter(line []byte) bool {
	return string(bytes.TrimRight(line, " \t")) == "---"
}

var yamlErrLine = lazyre.New(`line (\d+): (.*)`)

func (fm *Frontmatter) parseYAML(src []byte) {
	text := src[fm.Start:fm.End]
	doc, err := decodeYAML(text)
	if err != nil {
		if repaired, repairs := repairColons(text, fm.Start, fm.Line, src); len(repairs) > 0 {
			d2, err2 := decodeYAML(repaired)
			if err2 == nil {
				doc, err = d2, nil
				fm.Repairs = repairs
			} else {
				// Agents read the ": " values as they do (description-colon),
				// so what stops the file is the error that remains: report
				// that one, at its own line (the repair keeps line numbers),
				// not the colon's "mapping values are not allowed". The
				// colons are reported beside it, so fixing one does not
				// reveal the other, when the error stays with those
				// values emptied (a quote that left a continuation line
				// behind is the repair's own error, not the file's).
				err = err2
				if _, err3 := decodeYAML(emptyRepaired(text, repairs, fm.Line)); err3 != nil && err3.Error() == err2.Error() {
					fm.Repairs = repairs
				}
			}
		}
	}
	if err != nil {
		line, msg := fm.Line, strings.TrimPrefix(err.Error(), "yaml: ")
		if m := yamlErrLine.FindStringSubmatch(msg); m != nil {
			if n, convErr := strconv.Atoi(m[1]); convErr == nil {
				line = fm.Line + n - 1
			}
			msg = m[2]
		}
		p := Problem{Line: line, Col: 1,
			Message: "the frontmatter is not valid YAML: " + msg,
			Hint:    "Quote values that hold special characters (: # [ ] { } , & * ! | > ' \" % @ `) and indent with spaces, not tabs."}
		// A tab at the start of a line (a nested block indented with one,
		// as some editors and generators write) is named as what it is:
		// yaml.v3 says only that a character "cannot start any token".
		if text := fileLine(src, line); strings.HasPrefix(text, "\t") && strings.Contains(msg, "cannot start any token") {
			p.Message = fmt.Sprintf("the frontmatter is not valid YAML: line %d is indented with a tab, and YAML indents with spaces only", line)
			p.Hint = "Replace the tab at the start of the line with spaces."
		}
		// A value that starts with @ or ` (keywords: - @Composable, a
		// decorator or a code span written bare): both are reserved
		// indicators, so js-yaml, PyYAML and yaml.v3 all stop there.
		if col, val := reservedStart(fileLine(src, line)); col > 0 && strings.Contains(msg, "cannot start any token") {
			p.Col = col
			p.Message = fmt.Sprintf("the frontmatter is not valid YAML: a value cannot start with %c, which YAML reserves; every agent's YAML parser stops here", val[0])
			p.Hint = fmt.Sprintf("Quote the value: %s.", quoteYAML(val))
		}
		// yaml.v3 gives no column, and its words for a value that starts
		// with * or & (allowed-tools: *) do not say what happened: point at
		// the character and name it.
		if col, c := aliasStart(src, fm.Start, fm.Line, line); col > 0 && strings.Contains(msg, "expected alphabetic or numeric character") {
			p.Col = col
			p.Message = fmt.Sprintf("the frontmatter is not valid YAML: a value starting with %c is read as a YAML %s, not as text", c, map[byte]string{'*': "alias", '&': "anchor"}[c])
			p.Hint = fmt.Sprintf("Quote the value: \"%c…\".", c)
		}
		// A value that starts with [ or { and goes on after the closing
		// bracket (argument-hint: [query] or [build]) is a flow list or
		// mapping followed by text; yaml.v3 blames the line before it.
		if strings.Contains(msg, "did not find expected key") {
			if fl, col, key, val := flowThenText(src, fm.Start, fm.End, fm.Line, line); fl > 0 {
				p.Line, p.Col = fl, col
				kind := map[byte]string{'[': "list", '{': "mapping"}[val[0]]
				closer := map[byte]string{'[': "]", '{': "}"}[val[0]]
				p.Message = fmt.Sprintf("the frontmatter is not valid YAML: %s's value starts with %q, so YAML reads a %s, and the text after its closing %q breaks the frontmatter", key, val[:1], kind, closer)
				p.Hint = fmt.Sprintf("Quote the whole value: %s: %s.", key, quoteYAML(val))
			}
		}
		fm.Problems = append(fm.Problems, p)
		return
	}
	if doc == nil || len(doc.Content) == 0 {
		// An empty frontmatter reads as an empty mapping, as skills-ref does.
		fm.Node = &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: 1, Column: 1}
		return
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		fm.Problems = append(fm.Problems, Problem{Line: fm.Line + root.Line - 1, Col: root.Column,
			Message: fmt.Sprintf("the frontmatter is a YAML %s, not a mapping of fields", kindName(root)),
			Hint:    "Write the frontmatter as key: value lines (name: …, description: …)."})
		return
	}
	fm.Node = root
	seen := map[string]int{}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k := root.Content[i]
		if compositeKey(k) {
			// `? {a: 1}` or `[x, y]: v`: yaml.v3 gives such a key an empty
			// Value, so two of them read as one field named "" twice.
			fm.Problems = append(fm.Problems, Problem{Line: fm.Line + k.Line - 1, Col: k.Column,
				Message: fmt.Sprintf("a frontmatter key is a YAML %s, not a field name: serde_yaml (Codex) refuses a key that is not text, and js-yaml (skills-ref) reads it as \"[object Object]\"", kindName(keyTarget(k))),
				Hint:    "Write each field as name: value; quote a key that starts with [, {, ? or *."})
			continue
		}
		if prev, dup := seen[k.Value]; dup {
			fm.Problems = append(fm.Problems, Problem{Line: fm.Line + k.Line - 1, Col: k.Column,
				Message: fmt.Sprintf("the field %q appears twice (first on line %d); YAML forbids duplicate keys", k.Value, fm.Line+prev-1),
				Hint:    "Keep one of the two lines."})
			continue
		}
		seen[k.Value] = k.Line
	}
}

// emptyRepaired is the frontmatter text (starting on file line first)
// with each repaired value replaced by "" and the indented lines after it
// (a plain value's continuation) blanked, line numbers kept: what the
// file would be without those values.
func emptyRepaired(text []byte, repairs []Repair, first int) []byte {
	var out bytes.Buffer
	out.Grow(len(text))
	r, cont := 0, false
	for off, n := 0, 0; off < len(text); n++ {
		line, next := lineAt(text, off)
		eol := text[off+len(line) : next]
		switch {
		case r < len(repairs) && repairs[r].Line == first+n:
			out.Write(line[:repairs[r].Col-1])
			out.WriteString(`""`)
			out.Write(eol)
			r, cont = r+1, true
		case cont && len(line) > 0 && (line[0] == ' ' || line[0] == '\t'):
			out.Write(eol)
		default:
			cont = false
			out.Write(text[off:next])
		}
		off = next
	}
	return out.Bytes()
}

// aliasStart finds, on file line want of the frontmatter (which starts at
// byte start, file line first), a top-level "key: *…" or "key: &…" value and
// returns its 1-based column and the character (0 when there is none).
func aliasStart(src []byte, start, first, want int) (int, byte) {
	off := start
	for l := first; l < want && off < len(src); l++ {
		_, off = lineAt(src, off)
	}
	if off >= len(src) {
		return 0, 0
	}
	text, _ := lineAt(src, off)
	i := bytes.Index(text, []byte(": "))
	if i <= 0 || bytes.ContainsAny(text[:i], " \t\"'") {
		return 0, 0
	}
	j := i + 2
	for j < len(text) && text[j] == ' ' {
		j++
	}
	if j < len(text) && (text[j] == '*' || text[j] == '&') {
		return j + 1, text[j]
	}
	return 0, 0
}

// flowThenText finds, from file line from on (the frontmatter holds
// src[start:end] and starts on file line first), a top-level "key: [...]
// text" or "key: {...} text" line and returns its file line, the 1-based
// byte column of the value, the key and the value (0 when there is none).
func flowThenText(src []byte, start, end, first, from int) (line, col int, key, val string) {
	off := start
	for l := first; off < end; l++ {
		text, next := lineAt(src, off)
		off = next
		if l < from || len(text) == 0 || text[0] == ' ' || text[0] == '\t' || text[0] == '#' {
			continue
		}
		i := bytes.Index(text, []byte(": "))
		if i <= 0 || bytes.ContainsAny(text[:i], " \t\"'") {
			continue
		}
		j := i + 2
		for j < len(text) && text[j] == ' ' {
			j++
		}
		if j >= len(text) || (text[j] != '[' && text[j] != '{') {
			continue
		}
		v := bytes.TrimRight(text[j:], " \t")
		if closeAt := flowEnd(v); closeAt > 0 && closeAt < len(v) {
			rest := bytes.TrimLeft(v[closeAt:], " \t")
			if len(rest) > 0 && rest[0] != '#' {
				return l, j + 1, string(text[:i]), string(v)
			}
		}
	}
	return 0, 0, "", ""
}

// flowEnd returns the offset just past the bracket that closes the one
// v starts with, skipping quoted text (0 when it does not close on the
// line: a flow collection may span lines, and that is valid YAML).
func flowEnd(v []byte) int {
	depth := 0
	var quote byte
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '[' || c == '{':
			depth++
		case c == ']' || c == '}':
			depth--
			if depth == 0 {
				return i + 1
			}
		}
	}
	return 0
}

// quoteYAML writes v as a double-quoted YAML scalar (single quotes when v
// holds a double quote and no single one, which reads better).
func quoteYAML(v string) string {
	if strings.ContainsRune(v, '"') && !strings.ContainsRune(v, '\'') {
		return "'" + v + "'"
	}
	return strconv.Quote(v)
}

// decodeYAML parses one YAML document into nodes, turning a yaml.v3 panic
// (which bad input should never cause, but a reader must not crash) into
// an error.
func decodeYAML(text []byte) (doc *yaml.Node, err error) {
	if doc, ok := fastYAML(text); ok {
		return doc, nil
	}
	defer func() {
		if r := recover(); r != nil {
			doc, err = nil, fmt.Errorf("yaml: %v", r)
		}
	}()
	var n yaml.Node
	if err := yaml.Unmarshal(text, &n); err != nil {
		return nil, err
	}
	if n.Kind == 0 {
		return nil, nil
	}
	return &n, nil
}

// keyTarget is k, or what an alias key stands for.
func keyTarget(k *yaml.Node) *yaml.Node {
	if k.Kind == yaml.AliasNode && k.Alias != nil {
		return k.Alias
	}
	return k
}

// compositeKey: a mapping key that is a mapping or list (or an alias of
// one), which no agent reads as a field name.
func compositeKey(k *yaml.Node) bool {
	k = keyTarget(k)
	return k.Kind == yaml.MappingNode || k.Kind == yaml.SequenceNode
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "list"
	case yaml.MappingNode:
		return "mapping"
	case yaml.AliasNode:
		return "alias"
	}
	return "scalar"
}

var topLevelPlain = lazyre.New(`^([A-Za-z0-9_][A-Za-z0-9_.-]*):[ \t]+(.*?)[ \t]*$`)

// repairColons quotes every top-level plain value that holds ": " (which
// YAML rejects but agents read as the rest of the line). It returns the
// repaired text and one Repair per changed line, in file coordinates.
func repairColons(text []byte, base, firstLine int, src []byte) ([]byte, []Repair) {
	var out bytes.Buffer
	var repairs []Repair
	off := 0
	for n := 0; off < len(text); n++ {
		line, next := lineAt(text, off)
		eol := text[off+len(line) : next]
		m := topLevelPlain.FindSubmatchIndex(line)
		if m != nil && isRepairable(line[m[4]:m[5]]) {
			value := string(line[m[4]:m[5]])
			quoted := QuoteYAML(value)
			out.Write(line[:m[4]])
			out.WriteString(quoted)
			out.Write(line[m[5]:])
			out.Write(eol)
			fileLine := firstLine + n
			repairs = append(repairs, Repair{
				Key: string(line[m[2]:m[3]]), Line: fileLine, Col: m[4] + 1,
				Start: base + off + m[4], End: base + off + m[5],
				Value: value, Quoted: quoted,
			})
		} else {
			out.Write(text[off:next])
		}
		off = next
	}
	return out.Bytes(), repairs
}

// isRepairable: a plain scalar (not quoted, not a flow or block collection,
// anchor, alias, tag or comment) that holds ": ". A " #" or a tab before #
// starts a YAML comment: quoting would pull it into the value, so neither
// is repaired.
func isRepairable(v []byte) bool {
	if len(v) == 0 || !bytes.Contains(v, []byte(": ")) {
		return false
	}
	switch v[0] {
	case '"', '\'', '[', '{', '|', '>', '&', '*', '!', '#', '%', '@', '`':
		return false
	}
	return !bytes.Contains(v, []byte(" #")) && !bytes.Contains(v, []byte("\t#"))
}

// QuoteYAML writes s as an exact YAML double-quoted scalar. Characters a
// YAML reader could drop or misread (controls, BOM, line separators, any
// non-printable rune) are escaped; everything else is kept as written.
func QuoteYAML(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == ' ' || unicode.IsPrint(r) && r != 0xFEFF:
			b.WriteRune(r)
		case r <= 0xFF:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r <= 0xFFFF:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\U%08x`, r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// reservedStart finds, on one frontmatter line, a value (after "key: " or
// a list's "- ") that starts with @ or `, YAML's reserved indicators: its
// 1-based column and the value, or 0.
func reservedStart(line string) (int, string) {
	rest := strings.TrimLeft(line, " ")
	at := len(line) - len(rest)
	if strings.HasPrefix(rest, "- ") {
		trimmed := strings.TrimLeft(rest[2:], " ")
		at += 2 + len(rest[2:]) - len(trimmed)
		rest = trimmed
	} else if i := strings.Index(rest, ": "); i > 0 {
		trimmed := strings.TrimLeft(rest[i+2:], " ")
		at += i + 2 + len(rest[i+2:]) - len(trimmed)
		rest = trimmed
	} else {
		return 0, ""
	}
	if rest == "" || rest[0] != '@' && rest[0] != '`' {
		return 0, ""
	}
	return at + 1, strings.TrimRight(rest, " \r")
}
