package skillmd

import (
	"bytes"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// fastYAML reads the plain shape most frontmatter has, key: value lines,
// nested mappings and lists of scalars, into the very nodes yaml.v3 builds
// for it (FuzzFastYAML holds the two to each other). yaml.v3 costs about
// 50 us and 13 KB for a 600-byte frontmatter, a tenth of a whole Load; this
// costs a few microseconds. ok is false for anything else (comments,
// anchors, tags, nested flow collections, escapes other than \" \\ \n \t,
// plain scalars such as floats, dates or signed numbers, a text yaml.v3
// would reject), which yaml.v3 reads.
func fastYAML(text []byte) (*yaml.Node, bool) {
	if len(text) == 0 || !yamlPlainText(text) {
		return nil, false
	}
	p := &yamlLines{eol: text[len(text)-1] == '\n', text: text, str: string(text)}
	p.lines = make([][]byte, 0, bytes.Count(text, []byte{'\n'})+1)
	for off := 0; off < len(text); {
		end := bytes.IndexByte(text[off:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += off
		}
		p.lines = append(p.lines, text[off:end])
		off = end + 1
	}
	for len(p.lines) > 0 && len(p.lines[len(p.lines)-1]) == 0 {
		p.lines = p.lines[:len(p.lines)-1]
	}
	if len(p.lines) == 0 || len(p.lines[0]) == 0 || indentOf(p.lines[0]) != 0 {
		return nil, false
	}
	// A line makes at most two nodes (a key and its value or container);
	// with the document and the top mapping, this bound is never passed.
	size := 2*len(p.lines) + 2
	p.nodes = make([]yaml.Node, 0, size)
	ptrs := make([]*yaml.Node, 2*size)
	p.content, p.kids = ptrs[:0:size], ptrs[size:size]
	doc := p.node(yaml.Node{Kind: yaml.DocumentNode, Line: 1, Column: 1})
	root, ok := p.mapping(0)
	if !ok || p.at != len(p.lines) {
		return nil, false
	}
	p.kids = append(p.kids, root)
	doc.Content = p.take(0)
	return doc, true
}

// yamlPlainText: valid UTF-8 of printable characters and line feeds only,
// with none of the characters that start what fastYAML leaves to yaml.v3
// wherever they stand (tabs, other line breaks, a BOM), and no '#' that
// could start a comment (one first on a line or after a space; a '#'
// after anything else is text, as in C# or a URL's #fragment).
func yamlPlainText(text []byte) bool {
	for i := 0; i < len(text); {
		c := text[i]
		if c < utf8.RuneSelf {
			if c < 0x20 && c != '\n' || c == 0x7f || c == '#' && (i == 0 || text[i-1] == ' ' || text[i-1] == '\n') {
				return false
			}
			i++
			continue
		}
		r, n := utf8.DecodeRune(text[i:])
		if r == utf8.RuneError || r < 0xA0 || r == 0x2028 || r == 0x2029 || r == 0xFEFF || r >= 0xD800 && r < 0xE000 || r == 0xFFFE || r == 0xFFFF {
			return false
		}
		i += n
	}
	return true
}

type yamlLines struct {
	lines [][]byte
	at    int  // the next line to read
	eol   bool // the text ends with a line break
	// What the nodes are made of, allocated once per frontmatter rather
	// than once per node, slice and string; yaml.v3 makes each on its
	// own. text is the frontmatter, str the same as one string (keys and
	// values are substrings of it); nodes and content (the Content
	// slices, cut from it) are sized so that a frontmatter never needs
	// more; kids stacks the children of the mappings and lists being read.
	text          []byte
	str           string
	nodes         []yaml.Node
	content, kids []*yaml.Node
}

// take ends the children of a mapping or list, kids[start:]: moved into
// content, cut at their length so that an append to them copies.
func (p *yamlLines) take(start int) []*yaml.Node {
	kids := p.kids[start:]
	p.kids = p.kids[:start]
	if len(kids) == 0 {
		return nil
	}
	n := len(p.content)
	if n+len(kids) > cap(p.content) {
		return append([]*yaml.Node(nil), kids...)
	}
	p.content = p.content[:n+len(kids)]
	out := p.content[n : n+len(kids) : n+len(kids)]
	copy(out, kids)
	return out
}

// string returns b, a slice of the frontmatter text, as a substring of
// p.str.
func (p *yamlLines) string(b []byte) string {
	if off := cap(p.text) - cap(b); off >= 0 && off+len(b) <= len(p.str) && len(b) > 0 && &p.text[off] == &b[0] {
		return p.str[off : off+len(b)]
	}
	return string(b)
}

// node places n in p.nodes, allocated once per frontmatter rather than
// once per node (a node is about 140 bytes with pointers; they were most
// of fastYAML's allocations); past its capacity n is allocated alone.
func (p *yamlLines) node(n yaml.Node) *yaml.Node {
	if len(p.nodes) == cap(p.nodes) {
		alone := new(yaml.Node) // not &n: n would escape on every call
		*alone = n
		return alone
	}
	p.nodes = append(p.nodes, n)
	return &p.nodes[len(p.nodes)-1]
}

func indentOf(line []byte) int {
	n := 0
	for n < len(line) && line[n] == ' ' {
		n++
	}
	return n
}

// skipBlank steps over empty lines; a line of spaces only is not read
// here.
func (p *yamlLines) skipBlank() bool {
	for p.at < len(p.lines) && len(p.lines[p.at]) == 0 {
		p.at++
	}
	if p.at < len(p.lines) && indentOf(p.lines[p.at]) == len(p.lines[p.at]) {
		return false
	}
	return true
}

// mapping reads the block mapping whose keys stand at indent.
func (p *yamlLines) mapping(indent int) (*yaml.Node, bool) {
	m := p.node(yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: p.at + 1, Column: indent + 1})
	start := len(p.kids)
	for {
		if !p.skipBlank() {
			return nil, false
		}
		if p.at >= len(p.lines) {
			break
		}
		line := p.lines[p.at]
		ind := indentOf(line)
		if ind < indent {
			break
		}
		if ind > indent {
			return nil, false
		}
		key, rest, ok := yamlKey(line[ind:])
		if !ok {
			return nil, false
		}
		tag, ok := plainTag(key)
		if !ok {
			return nil, false
		}
		k := p.node(yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: p.string(key), Line: p.at + 1, Column: ind + 1})
		var v *yaml.Node
		if len(rest) == 0 {
			// The value is on the lines below: a nested mapping or a list.
			p.at++
			if !p.skipBlank() || p.at >= len(p.lines) {
				return nil, false
			}
			next := p.lines[p.at]
			nind := indentOf(next)
			switch {
			case nind >= indent && next[nind] == '-':
				v, ok = p.sequence(nind)
			case nind > indent:
				if _, _, isKey := yamlKey(next[nind:]); isKey {
					v, ok = p.mapping(nind)
				} else {
					v, ok = p.plainLines(nind, indent)
				}
			default:
				return nil, false // an empty value
			}
			if !ok {
				return nil, false
			}
		} else {
			col := ind + len(key) + 3 + indentOf(rest) // 1-based
			rest = rest[indentOf(rest):]
			switch rest[0] {
			case '>', '|':
				v, ok = p.blockScalar(rest, indent, col)
			case '"', '\'', '[':
				v, ok = p.scalar(rest, p.at+1, col)
				p.at++
			default:
				v, ok = p.plainLines(col-1, indent)
			}
			if !ok || !p.endsScalar(indent) {
				return nil, false
			}
		}
		p.kids = append(p.kids, k, v)
	}
	m.Content = p.take(start)
	return m, len(m.Content) > 0
}

// sequence reads a block list of scalars whose dashes stand at indent.
func (p *yamlLines) sequence(indent int) (*yaml.Node, bool) {
	s := p.node(yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Line: p.at + 1, Column: indent + 1})
	start := len(p.kids)
	for {
		if !p.skipBlank() {
			return nil, false
		}
		if p.at >= len(p.lines) {
			break
		}
		line := p.lines[p.at]
		ind := indentOf(line)
		if ind < indent || ind == indent && line[ind] != '-' {
			break
		}
		if ind > indent || len(line) < ind+2 || line[ind+1] != ' ' {
			return nil, false
		}
		rest := line[ind+2:]
		col := ind + 3 + indentOf(rest) // 1-based
		if _, _, isKey := yamlKey(rest[indentOf(rest):]); isKey {
			// "- key: value": a mapping whose keys stand where this key
			// does. Read from a copy of the line with the dash blanked,
			// so that it is a mapping line like the ones below it.
			blanked := append([]byte(nil), line...)
			blanked[ind] = ' '
			p.lines[p.at] = blanked
			item, ok := p.mapping(col - 1)
			if !ok {
				return nil, false
			}
			p.kids = append(p.kids, item)
			continue
		}
		item, ok := p.scalar(rest[indentOf(rest):], p.at+1, col)
		if !ok {
			return nil, false
		}
		p.at++
		if !p.endsScalar(indent) {
			return nil, false
		}
		p.kids = append(p.kids, item)
	}
	s.Content = p.take(start)
	return s, true
}

// blockScalar reads a literal (|) or folded (>) scalar whose indicator
// head is on the current line, with clip or strip (-) chomping, lines all
// at one indentation, no trailing spaces and no blank line first.
func (p *yamlLines) blockScalar(head []byte, indent, col int) (*yaml.Node, bool) {
	strip := false
	switch string(bytes.TrimRight(head[1:], " ")) {
	case "":
	case "-":
		strip = true
	default:
		return nil, false // keep (+), an indentation digit
	}
	n := p.node(yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Style: yaml.LiteralStyle, Line: p.at + 1, Column: col})
	folded := head[0] == '>'
	if folded {
		n.Style = yaml.FoldedStyle
	}
	p.at++
	if p.at >= len(p.lines) || len(p.lines[p.at]) == 0 {
		return nil, false
	}
	block := indentOf(p.lines[p.at])
	if block <= indent || block == len(p.lines[p.at]) {
		return nil, false
	}
	var b []byte
	blanks, first := 0, true
	for ; p.at < len(p.lines); p.at++ {
		line := p.lines[p.at]
		if len(line) == 0 {
			blanks++
			continue
		}
		ind := indentOf(line)
		if ind < block {
			break
		}
		if ind > block || line[len(line)-1] == ' ' {
			return nil, false // a more indented line, trailing spaces
		}
		switch {
		case first:
		case !folded:
			b = append(b, '\n')
			for range blanks {
				b = append(b, '\n')
			}
		case blanks == 0:
			b = append(b, ' ')
		default:
			for range blanks {
				b = append(b, '\n')
			}
		}
		b = append(b, line[block:]...)
		blanks, first = 0, false
	}
	if p.at == len(p.lines) && !p.eol {
		return nil, false // no line break after the last line
	}
	if !strip {
		b = append(b, '\n')
	}
	n.Value = string(b)
	return n, true
}

// endsScalar: the line after a scalar value does not continue it (a line
// indented deeper would).
func (p *yamlLines) endsScalar(indent int) bool {
	for i := p.at; i < len(p.lines); i++ {
		if len(p.lines[i]) > 0 {
			return indentOf(p.lines[i]) <= indent
		}
	}
	return true
}

// yamlKey splits "key: rest" or "key:" (rest empty); the key is a plain
// word.
func yamlKey(line []byte) (key, rest []byte, ok bool) {
	i := 0
	for i < len(line) && (isAlnum(line[i]) || line[i] == '_' || line[i] == '-' || line[i] == '.') {
		i++
	}
	if i == 0 || i > 1000 || !(line[0] >= 'a' && line[0] <= 'z' || line[0] >= 'A' && line[0] <= 'Z') || i >= len(line) || line[i] != ':' {
		return nil, nil, false
	}
	switch {
	case i+1 == len(line):
		return line[:i], nil, true
	case line[i+1] == ' ':
		rest = line[i+2:]
		if indentOf(rest) == len(rest) {
			return nil, nil, false // "key:   ": an empty value
		}
		return line[:i], rest, true
	}
	return nil, nil, false
}

// scalar reads a one-line scalar: single-quoted without escapes,
// double-quoted with the escapes of yamlEscapes at most, or plain text
// whose tag plainTag knows.
func (p *yamlLines) scalar(v []byte, line, col int) (*yaml.Node, bool) {
	if len(v) == 0 {
		return nil, false
	}
	n := yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Line: line, Column: col}
	switch v[0] {
	case '[':
		return p.flowSequence(v, line, col)
	case '"':
		if bytes.IndexByte(v, '\\') >= 0 {
			return p.escapedScalar(n, v)
		}
		fallthrough
	case '\'':
		end := bytes.IndexByte(v[1:], v[0])
		if end < 0 || indentOf(v[end+2:]) != len(v)-end-2 {
			return nil, false
		}
		if v[0] == '\'' && end+2 < len(v) && v[end+2] == '\'' {
			return nil, false // '' is an escaped quote
		}
		n.Value = p.string(v[1 : end+1])
		n.Style = yaml.DoubleQuotedStyle
		if v[0] == '\'' {
			n.Style = yaml.SingleQuotedStyle
		}
		return p.node(n), true
	}
	v = bytes.TrimRight(v, " ")
	if bytes.Contains(v, []byte(": ")) || v[len(v)-1] == ':' {
		return nil, false
	}
	tag, ok := plainTag(v)
	if !ok {
		return nil, false
	}
	n.Tag, n.Value = tag, p.string(v)
	return p.node(n), true
}

// yamlEscapes are the escapes of a double-quoted scalar read here, and
// what each stands for.
var yamlEscapes = [256]byte{'"': '"', '\\': '\\', 'n': '\n', 't': '\t'}

// escapedScalar reads a one-line double-quoted scalar v holding the
// escapes of yamlEscapes (\" in a shell command, say); n is its node
// without the value.
func (p *yamlLines) escapedScalar(n yaml.Node, v []byte) (*yaml.Node, bool) {
	b := make([]byte, 0, len(v))
	i := 1
	for ; i < len(v) && v[i] != '"'; i++ {
		if v[i] != '\\' {
			b = append(b, v[i])
			continue
		}
		if i+1 >= len(v) || yamlEscapes[v[i+1]] == 0 {
			return nil, false
		}
		i++
		b = append(b, yamlEscapes[v[i]])
	}
	if i >= len(v) || indentOf(v[i+1:]) != len(v)-i-1 {
		return nil, false // no closing quote, or text after it
	}
	n.Value, n.Style = string(b), yaml.DoubleQuotedStyle
	return p.node(n), true
}

// plainTag is the tag yaml.v3 resolves a plain scalar to, for the ones
// read here: the boolean and null words; a text starting with a letter
// (or any non-ASCII character) otherwise is a string, and so is a dotted
// version of three or more numbers (1.2.0: not an int, float or date); ok
// is false for the rest (other numbers, dates, .inf, -x, ...); a plain
// decimal is an int.
func plainTag(v []byte) (string, bool) {
	switch string(v) {
	case "true", "True", "TRUE", "false", "False", "FALSE":
		return "!!bool", true
	case "null", "Null", "NULL":
		return "!!null", true
	}
	switch c := v[0]; {
	case c >= utf8.RuneSelf || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		return "!!str", true
	case c >= '0' && c <= '9' && isDottedVersion(v):
		return "!!str", true
	case isDecimal(v):
		return "!!int", true
	}
	return "", false
}

// isDecimal: 0, or up to 18 digits not starting with 0 (a number no
// YAML reading takes for octal, a float or out of range).
func isDecimal(v []byte) bool {
	if len(v) == 0 || len(v) > 18 || v[0] == '0' && len(v) > 1 {
		return false
	}
	for _, c := range v {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// isDottedVersion: digits in three or more dot-separated groups.
func isDottedVersion(v []byte) bool {
	groups, digits := 1, 0
	for _, c := range v {
		switch {
		case c >= '0' && c <= '9':
			digits++
		case c == '.' && digits > 0:
			groups, digits = groups+1, 0
		default:
			return false
		}
	}
	return digits > 0 && groups >= 3
}

// plainLines reads a plain scalar starting at column col (0-based) of the
// current line that may go on over the lines below indented deeper than
// indent (the mapping's): yaml.v3 folds them into one value, joined by
// spaces. It gives up on anything else a line could hold there (a blank
// line inside, an indicator first, ": " that would make a key).
func (p *yamlLines) plainLines(col, indent int) (*yaml.Node, bool) {
	first := bytes.TrimRight(p.lines[p.at][col:], " ")
	line := p.at + 1
	p.at++
	end := p.at
	for end < len(p.lines) && len(p.lines[end]) > 0 && indentOf(p.lines[end]) > indent {
		end++
	}
	if end == p.at {
		return p.scalar(first, line, col+1)
	}
	if bytes.Contains(first, []byte(": ")) || first[len(first)-1] == ':' {
		return nil, false
	}
	b := append([]byte(nil), first...)
	for ; p.at < end; p.at++ {
		more := bytes.TrimRight(p.lines[p.at], " ")
		more = more[indentOf(more):]
		if len(more) == 0 || bytes.IndexByte([]byte("-?:,[]{}&*!|>'\"%@`"), more[0]) >= 0 ||
			bytes.Contains(more, []byte(": ")) || more[len(more)-1] == ':' {
			return nil, false
		}
		b = append(append(b, ' '), more...)
	}
	tag, ok := plainTag(b)
	if !ok || tag != "!!str" {
		return nil, false
	}
	return p.node(yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: string(b), Line: line, Column: col + 1}), true
}

// flowSequence reads a one-line flow list of scalars, [a, "b", 'c'], at
// column col (1-based): plain items without ':' or other flow indicators,
// quoted ones without escapes; nothing may follow the closing bracket.
// yaml.v3 counts columns in characters, so an item's column is col plus
// the characters before it, counted once as the list is read.
func (p *yamlLines) flowSequence(v []byte, line, col int) (*yaml.Node, bool) {
	s := p.node(yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Style: yaml.FlowStyle, Line: line, Column: col})
	start := len(p.kids)
	counted, chars := 0, 0 // chars: the characters in v[:counted]
	column := func(i int) int {
		chars += utf8.RuneCount(v[counted:i])
		counted = i
		return col + chars
	}
	i := 1
	for {
		i += indentOf(v[i:])
		if i >= len(v) {
			return nil, false
		}
		if v[i] == ']' && len(p.kids) == start {
			break // []
		}
		var item *yaml.Node
		switch v[i] {
		case '"', '\'':
			end := bytes.IndexByte(v[i+1:], v[i])
			if end < 0 {
				return nil, false
			}
			end += i + 1
			text := v[i+1 : end]
			if bytes.IndexByte(text, '\\') >= 0 || bytes.IndexByte(text, '\'') >= 0 || bytes.IndexByte(text, '"') >= 0 {
				return nil, false
			}
			style := yaml.DoubleQuotedStyle
			if v[i] == '\'' {
				style = yaml.SingleQuotedStyle
			}
			item = p.node(yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Style: style, Value: p.string(text), Line: line, Column: column(i)})
			i = end + 1
		default:
			end := i
			for end < len(v) && v[end] != ',' && v[end] != ']' {
				if bytes.IndexByte([]byte(":?[{}\"'"), v[end]) >= 0 { // yaml.v3 ends a flow plain scalar at '?' too
					return nil, false
				}
				end++
			}
			text := bytes.TrimRight(v[i:end], " ")
			if len(text) == 0 {
				return nil, false
			}
			tag, ok := plainTag(text)
			if !ok {
				return nil, false
			}
			item = p.node(yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: p.string(text), Line: line, Column: column(i)})
			i = end
		}
		p.kids = append(p.kids, item)
		i += indentOf(v[i:])
		if i >= len(v) {
			return nil, false
		}
		if v[i] == ']' {
			break
		}
		if v[i] != ',' {
			return nil, false
		}
		i++
	}
	if indentOf(v[i+1:]) != len(v)-i-1 {
		return nil, false // text after the list
	}
	s.Content = p.take(start)
	return s, true
}
