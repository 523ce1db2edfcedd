package osloop

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"
)

// Why a JSON reader of our own rather than yaml.v3: yaml.v3 rejects valid
// JSON (the `\/` escape), reports columns in runes, gives no end offsets
// (which ranged fixes need) and costs ~130 µs for a 100-line manifest — most
// of the per-skill budget. This reader is strict RFC 8259 (fuzzed against
// encoding/json), keeps byte offsets for every value and key, and records
// duplicate keys instead of failing on them.

// Kind is a JSON value's type.
type Kind uint8

const (
	KindNull Kind = 1 << iota
	KindBool
	KindNumber
	KindString
	KindArray
	KindObject
)

func (k Kind) String() string {
	var parts []string
	for _, p := range []struct {
		k Kind
		s string
	}{{KindObject, "object"}, {KindArray, "array"}, {KindString, "string"}, {KindNumber, "number"}, {KindBool, "boolean"}, {KindNull, "null"}} {
		if k&p.k != 0 {
			parts = append(parts, p.s)
		}
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, " or ")
}

// Node is one JSON value with its byte range [Start, End) in the source.
type Node struct {
	Kind       Kind
	Bool       bool
	Start, End int
	Str        string   // decoded string value (KindString)
	Raw        string   // number literal as written (KindNumber)
	Items      []*Node  // KindArray
	Members    []Member // KindObject, in written order (duplicates kept)
}

// Member is one key/value pair of an object.
type Member struct {
	Key      string
	KeyStart int // offset of the key's opening quote
	Value    *Node
}

// Get returns the value of the member named key, or nil. With a repeated
// key the last one wins, as in JSON.parse, which is what the runtime sees.
func (n *Node) Get(key string) *Node {
	if m := n.Member(key); m != nil {
		return m.Value
	}
	return nil
}

// Member returns the (last) member named key, or nil.
func (n *Node) Member(key string) *Member {
	if n == nil || n.Kind != KindObject {
		return nil
	}
	for i := len(n.Members) - 1; i >= 0; i-- {
		if n.Members[i].Key == key {
			return &n.Members[i]
		}
	}
	return nil
}

// Duplicate is a key written twice in one object.
type Duplicate struct {
	Key           string
	First, Second int // key offsets
}

// Doc is a parsed JSON file.
type Doc struct {
	Src        []byte
	Root       *Node
	Duplicates []Duplicate
	lineIndex
}

// SyntaxError is malformed JSON at byte Offset.
type SyntaxError struct {
	Offset int
	Msg    string
}

func (e *SyntaxError) Error() string { return e.Msg }

// maxDepth bounds nesting so hostile input cannot exhaust the stack.
const maxDepth = 512

// maxValues bounds how many values one document may hold: each is a Node
// and every check walks them, so 650,000 keys took 8.5 s and 757 MB. An
// index of 20,000 skills stays well inside it.
const maxValues = 250_000

// ParseJSON reads src as one JSON value. On error it returns the Doc (for
// positions) and a *SyntaxError.
//
// A manifest holds a few hundred small values, and allocating each one was
// most of its parse: the source is copied into one string that keys,
// unescaped strings and numbers are sliced from, and nodes, members and
// items come from slabs shared by the whole tree.
func ParseJSON(src []byte) (*Doc, *SyntaxError) {
	text := string(src)
	d := &Doc{Src: src, lineIndex: lineIndex{src: text}}
	p := jsonParser{src: src, text: text, doc: d}
	p.expectSizes()
	st := stackPool.Get().(*jsonStacks)
	p.memberStack, p.itemStack = st.members[:0], st.items[:0]
	defer func() {
		if cap(p.memberStack) <= maxPooledStack && cap(p.itemStack) <= maxPooledStack {
			st.members, st.items = p.memberStack[:0], p.itemStack[:0]
			clear(st.members[:cap(st.members)])
			clear(st.items[:cap(st.items)])
			stackPool.Put(st)
		}
	}()
	p.skipSpace()
	if p.pos >= len(src) {
		return d, &SyntaxError{p.pos, "the file is empty; expected a JSON value"}
	}
	root := p.value(0)
	if p.err == nil {
		p.skipSpace()
		if p.pos < len(src) {
			p.fail("unexpected %s after the JSON value", p.describe())
		}
	}
	if p.err != nil {
		return d, p.err
	}
	d.Root = root
	return d, nil
}

type jsonParser struct {
	src    []byte
	text   string // src as a string
	pos    int
	values int
	doc    *Doc
	err    *SyntaxError
	// Slabs the tree's nodes, members and items are cut from, and how
	// many of each the document should need (expectSizes).
	expectNodes, expectMembers, expectItems int
	nodes                                   []Node
	members                                 []Member
	items                                   []*Node
	// Stacks of the members and items of the objects and arrays being
	// read; each is copied to its slab when its object or array closes.
	memberStack []Member
	itemStack   []*Node
}

// jsonStacks are a parser's stacks, kept between parses: they only ever
// hold what the tree being read holds, and are cleared when given back.
type jsonStacks struct {
	members []Member
	items   []*Node
}

var stackPool = sync.Pool{New: func() any { return &jsonStacks{make([]Member, 0, 64), make([]*Node, 0, 64)} }}

// maxPooledStack: stacks grown by a huge object or array are dropped.
const maxPooledStack = 1 << 12

// slabSize is how many nodes (or members, or items) the next slab holds:
// first the expected count, then twice the last slab, within bounds.
func slabSize(last, expected int) int {
	if last == 0 {
		return min(max(expected, 8), 4096)
	}
	return min(2*last, 4096)
}

// expectSizes sets how many values, members and items src should hold,
// from its punctuation: a document has 1 + commas + non-empty objects and
// arrays values (so at most 1 + ',' + '{' + '[' of them), a member per ':'
// and its other values are items. Punctuation inside strings makes the
// counts too high, rarely by much; a count too low costs another slab.
func (p *jsonParser) expectSizes() {
	commas := bytes.Count(p.src, []byte(","))
	colons := bytes.Count(p.src, []byte(":"))
	opens := bytes.Count(p.src, []byte("{")) + bytes.Count(p.src, []byte("["))
	p.expectNodes = 1 + commas + opens
	p.expectMembers = colons
	p.expectItems = max(p.expectNodes-1-colons, 0)
}

// node returns a new node of kind k starting at start.
func (p *jsonParser) node(k Kind, start int) *Node {
	if len(p.nodes) == cap(p.nodes) {
		p.nodes = make([]Node, 0, slabSize(cap(p.nodes), p.expectNodes))
	}
	p.nodes = append(p.nodes, Node{Kind: k, Start: start})
	return &p.nodes[len(p.nodes)-1]
}

// keepMembers copies ms to the member slab; the result's capacity is its
// length, so appending to it never writes into a neighbour.
func (p *jsonParser) keepMembers(ms []Member) []Member {
	if len(ms) == 0 {
		return nil
	}
	if cap(p.members)-len(p.members) < len(ms) {
		p.members = make([]Member, 0, max(len(ms), slabSize(cap(p.members), p.expectMembers)))
	}
	start := len(p.members)
	p.members = append(p.members, ms...)
	return p.members[start:len(p.members):len(p.members)]
}

// keepItems is keepMembers for array items.
func (p *jsonParser) keepItems(its []*Node) []*Node {
	if len(its) == 0 {
		return nil
	}
	if cap(p.items)-len(p.items) < len(its) {
		p.items = make([]*Node, 0, max(len(its), slabSize(cap(p.items), p.expectItems)))
	}
	start := len(p.items)
	p.items = append(p.items, its...)
	return p.items[start:len(p.items):len(p.items)]
}

func (p *jsonParser) fail(format string, args ...any) {
	if p.err == nil {
		p.err = &SyntaxError{p.pos, fmt.Sprintf(format, args...)}
	}
}

func (p *jsonParser) describe() string {
	if p.pos >= len(p.src) {
		return "end of file"
	}
	c := p.src[p.pos]
	if c >= 0x20 && c < 0x7f {
		return strconv.QuoteRune(rune(c))
	}
	return fmt.Sprintf("byte 0x%02x", c)
}

func (p *jsonParser) skipSpace() {
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

func (p *jsonParser) value(depth int) *Node {
	if depth > maxDepth {
		p.fail("nesting deeper than %d levels", maxDepth)
		return nil
	}
	if p.values++; p.values > maxValues {
		p.fail("more than %d values; no OS Loop file comes near this, so it is not read", maxValues)
		return nil
	}
	p.skipSpace()
	if p.pos >= len(p.src) {
		p.fail("unexpected end of file; expected a value")
		return nil
	}
	start := p.pos
	switch c := p.src[p.pos]; {
	case c == '{':
		return p.object(depth)
	case c == '[':
		return p.array(depth)
	case c == '"':
		s, ok := p.str()
		if !ok {
			return nil
		}
		n := p.node(KindString, start)
		n.End, n.Str = p.pos, s
		return n
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	case c == 't':
		return p.literal("true", KindBool, true)
	case c == 'f':
		return p.literal("false", KindBool, false)
	case c == 'n':
		return p.literal("null", KindNull, false)
	case c == '\'':
		p.fail("strings in JSON use double quotes, not single quotes")
	case c == '}' || c == ']':
		p.fail("unexpected %s; expected a value (a trailing comma?)", p.describe())
	default:
		p.fail("unexpected %s; expected a value", p.describe())
	}
	return nil
}

func (p *jsonParser) literal(word string, k Kind, b bool) *Node {
	if !strings.HasPrefix(p.text[p.pos:], word) {
		p.fail("unexpected %s; expected a value", p.describe())
		return nil
	}
	start := p.pos
	p.pos += len(word)
	if p.pos < len(p.src) && isWordByte(p.src[p.pos]) {
		p.fail("unexpected %s after %s", p.describe(), word)
		return nil
	}
	n := p.node(k, start)
	n.End, n.Bool = p.pos, b
	return n
}

func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func (p *jsonParser) number() *Node {
	start := p.pos
	digits := func() int {
		n := 0
		for p.pos < len(p.src) && p.src[p.pos] >= '0' && p.src[p.pos] <= '9' {
			p.pos++
			n++
		}
		return n
	}
	if p.src[p.pos] == '-' {
		p.pos++
	}
	if p.pos < len(p.src) && p.src[p.pos] == '0' {
		p.pos++
	} else if digits() == 0 {
		p.fail("invalid number: expected a digit")
		return nil
	}
	if p.pos < len(p.src) && p.src[p.pos] == '.' {
		p.pos++
		if digits() == 0 {
			p.fail("invalid number: expected a digit after the decimal point")
			return nil
		}
	}
	if p.pos < len(p.src) && (p.src[p.pos] == 'e' || p.src[p.pos] == 'E') {
		p.pos++
		if p.pos < len(p.src) && (p.src[p.pos] == '+' || p.src[p.pos] == '-') {
			p.pos++
		}
		if digits() == 0 {
			p.fail("invalid number: expected a digit in the exponent")
			return nil
		}
	}
	if p.pos < len(p.src) && (isWordByte(p.src[p.pos]) || p.src[p.pos] == '.') {
		p.fail("invalid number: unexpected %s", p.describe())
		return nil
	}
	n := p.node(KindNumber, start)
	n.End, n.Raw = p.pos, p.text[start:p.pos]
	return n
}

// str reads a string at p.pos (on its opening quote) and decodes it.
func (p *jsonParser) str() (string, bool) {
	p.pos++ // opening quote
	start := p.pos
	// Fast path: no escapes. Most strings are short and ASCII, so the
	// loop runs on a local index over a byte table, and only a string
	// that met a byte of 0x80 or above is checked for invalid UTF-8.
	src, i, ascii := p.src, p.pos, true
	for i < len(src) {
		switch strByte[src[i]] {
		case strPlain:
			i++
			continue
		case strHigh:
			ascii = false
			i++
			continue
		}
		break
	}
	p.pos = i
	if i < len(src) && src[i] == '"' {
		s := p.text[start:i]
		p.pos++
		if ascii {
			return s, true
		}
		return replaceInvalidUTF8(s), true
	}
	var b strings.Builder
	b.Write(p.src[start:p.pos])
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		switch {
		case c == '"':
			p.pos++
			return replaceInvalidUTF8(b.String()), true
		case c < 0x20:
			if c == '\n' {
				p.fail("unterminated string: a line break inside a string must be written \\n")
			} else {
				p.fail("control character 0x%02x inside a string; escape it", c)
			}
			return "", false
		case c == '\\':
			p.pos++
			if p.pos >= len(p.src) {
				p.fail("unterminated string")
				return "", false
			}
			e := p.src[p.pos]
			p.pos++
			switch e {
			case '"', '\\', '/':
				b.WriteByte(e)
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 't':
				b.WriteByte('\t')
			case 'u':
				r, ok := p.hex4()
				if !ok {
					return "", false
				}
				if utf16.IsSurrogate(r) {
					r2 := rune(-1)
					if p.pos+1 < len(p.src) && p.src[p.pos] == '\\' && p.src[p.pos+1] == 'u' {
						save := p.pos
						p.pos += 2
						if r2, ok = p.hex4(); !ok {
							return "", false
						}
						if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
							r = dec
						} else {
							p.pos = save
							r = utf8.RuneError
						}
					} else {
						r = utf8.RuneError
					}
				}
				b.WriteRune(r)
			default:
				p.pos -= 2
				p.fail("invalid escape \\%c in a string", e)
				return "", false
			}
		default:
			b.WriteByte(c)
			p.pos++
		}
	}
	p.fail("unterminated string: missing closing quote")
	return "", false
}

func (p *jsonParser) hex4() (rune, bool) {
	if p.pos+4 > len(p.src) {
		p.fail("invalid \\u escape: expected four hex digits")
		return 0, false
	}
	v, err := strconv.ParseUint(string(p.src[p.pos:p.pos+4]), 16, 32)
	if err != nil {
		p.fail("invalid \\u escape: expected four hex digits")
		return 0, false
	}
	p.pos += 4
	return rune(v), true
}

func (p *jsonParser) array(depth int) *Node {
	n := p.node(KindArray, p.pos)
	p.pos++
	p.skipSpace()
	if p.pos < len(p.src) && p.src[p.pos] == ']' {
		p.pos++
		n.End = p.pos
		return n
	}
	base := len(p.itemStack) // (after an error the stacks are never used again)
	for {
		v := p.value(depth + 1)
		if p.err != nil {
			return nil
		}
		p.itemStack = append(p.itemStack, v)
		p.skipSpace()
		if p.pos >= len(p.src) {
			p.fail("unexpected end of file; expected ',' or ']' to continue the array opened at offset %d", n.Start)
			return nil
		}
		switch p.src[p.pos] {
		case ',':
			p.pos++
		case ']':
			p.pos++
			n.End = p.pos
			n.Items = p.keepItems(p.itemStack[base:])
			p.itemStack = p.itemStack[:base]
			return n
		default:
			p.fail("unexpected %s; expected ',' or ']' (a missing comma?)", p.describe())
			return nil
		}
	}
}

// smallObject is how many members an object may have before duplicate
// keys are looked up in a map rather than by comparing with each earlier
// key.
const smallObject = 64

func (p *jsonParser) object(depth int) *Node {
	n := p.node(KindObject, p.pos)
	p.pos++
	p.skipSpace()
	if p.pos < len(p.src) && p.src[p.pos] == '}' {
		p.pos++
		n.End = p.pos
		return n
	}
	base := len(p.memberStack)
	var seen map[string]int // key → first offset, once the object is large
	for {
		p.skipSpace()
		if p.pos >= len(p.src) {
			p.fail("unexpected end of file; expected a key")
			return nil
		}
		if p.src[p.pos] != '"' {
			if p.src[p.pos] == '}' {
				p.fail("unexpected '}' after ','; JSON does not allow a trailing comma")
			} else {
				p.fail("unexpected %s; expected a key in double quotes", p.describe())
			}
			return nil
		}
		keyStart := p.pos
		key, ok := p.str()
		if !ok {
			return nil
		}
		p.skipSpace()
		if p.pos >= len(p.src) || p.src[p.pos] != ':' {
			p.fail("unexpected %s; expected ':' after the key %q", p.describe(), key)
			return nil
		}
		p.pos++
		v := p.value(depth + 1)
		if p.err != nil {
			return nil
		}
		if first, dup := p.firstKey(base, key, &seen); dup {
			p.doc.Duplicates = append(p.doc.Duplicates, Duplicate{Key: key, First: first, Second: keyStart})
		} else if seen != nil {
			seen[key] = keyStart
		}
		p.memberStack = append(p.memberStack, Member{Key: key, KeyStart: keyStart, Value: v})
		p.skipSpace()
		if p.pos >= len(p.src) {
			p.fail("unexpected end of file; expected ',' or '}' to close the object")
			return nil
		}
		switch p.src[p.pos] {
		case ',':
			p.pos++
		case '}':
			p.pos++
			n.End = p.pos
			n.Members = p.keepMembers(p.memberStack[base:])
			p.memberStack = p.memberStack[:base]
			return n
		default:
			p.fail("unexpected %s; expected ',' or '}' (a missing comma?)", p.describe())
			return nil
		}
	}
}

// firstKey returns the offset of key's first occurrence among the members
// read so far of the object whose members start at base. Past smallObject
// members it builds *seen (each key's first offset) and looks there.
func (p *jsonParser) firstKey(base int, key string, seen *map[string]int) (int, bool) {
	ms := p.memberStack[base:]
	if *seen == nil && len(ms) < smallObject {
		for _, m := range ms {
			if m.Key == key {
				return m.KeyStart, true
			}
		}
		return 0, false
	}
	if *seen == nil {
		*seen = make(map[string]int, 2*len(ms))
		for _, m := range ms {
			if _, dup := (*seen)[m.Key]; !dup {
				(*seen)[m.Key] = m.KeyStart
			}
		}
	}
	first, dup := (*seen)[key]
	return first, dup
}

// Classes of a byte inside a JSON string, for str's fast path: one that
// ends it (a quote, an escape, a control byte), plain ASCII, or a byte of
// a multi-byte (or invalid) UTF-8 sequence.
const (
	strPlain = iota
	strStop
	strHigh
)

var strByte = func() (t [256]uint8) {
	for c := range t {
		switch {
		case c == '"' || c == '\\' || c < 0x20:
			t[c] = strStop
		case c >= 0x80:
			t[c] = strHigh
		}
	}
	return t
}()

// replaceInvalidUTF8 replaces each invalid byte with U+FFFD, as
// encoding/json does, so both readers see the same strings.
func replaceInvalidUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b.WriteString("\uFFFD")
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}
