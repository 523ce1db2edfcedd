package review

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// A copy of formats/osloop/tslex.go (unexported there, and that package is
// being reworked in parallel): the same token-level reading of JavaScript
// and TypeScript, so a fetch( inside a comment or a string is never a call.
// Fold the two into one exported lexer once the load refactor lands.

type tokKind uint8

const (
	tokEOF tokKind = iota
	tokIdent
	tokString   // '…' or "…"; Str is the decoded value
	tokTemplate // a whole `…` literal; Str is the text before the first ${, Sub says if there was one
	tokNumber
	tokRegex
	tokPunct // Str holds the punctuator
)

type token struct {
	kind tokKind
	str  string
	sub  bool // tokTemplate: has substitutions
	off  int  // byte offset in the source
	nl   bool // a line break precedes the token
}

// lexTS splits TypeScript into tokens. It never fails: an unterminated
// string or comment ends at the end of the file.
func lexTS(src string) []token {
	l := tsLexer{src: src}
	l.toks = make([]token, 0, len(src)/5)
	l.run()
	return l.toks
}

type tsLexer struct {
	src  string
	pos  int
	toks []token
	nl   bool
	// templates holds, per open `${`, the brace depth at which it opened.
	templates []int
	depth     int
	// tplStart is the offset of the template a `${…}` belongs to; tplIdx
	// the index of its token, so later text does not become new tokens.
	tplTok []int
}

func (l *tsLexer) emit(t token) {
	t.nl = l.nl
	l.nl = false
	l.toks = append(l.toks, t)
}

func (l *tsLexer) run() {
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		switch {
		case c == '\n':
			l.nl = true
			l.pos++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			l.pos++
		case c == '/' && l.peek(1) == '/':
			for l.pos < len(l.src) && l.src[l.pos] != '\n' {
				l.pos++
			}
		case c == '/' && l.peek(1) == '*':
			end := strings.Index(l.src[l.pos+2:], "*/")
			if end < 0 {
				l.pos = len(l.src)
			} else {
				if strings.Contains(l.src[l.pos:l.pos+2+end], "\n") {
					l.nl = true
				}
				l.pos += end + 4
			}
		case c == '\'' || c == '"':
			start := l.pos
			s := l.quoted(c)
			l.emit(token{kind: tokString, str: s, off: start})
		case c == '`':
			start := l.pos
			l.pos++
			l.emit(token{kind: tokTemplate, off: start})
			l.templateText(len(l.toks) - 1)
		case c == '}' && len(l.templates) > 0 && l.templates[len(l.templates)-1] == l.depth:
			// The end of a ${…}: the template literal continues.
			l.templates = l.templates[:len(l.templates)-1]
			idx := l.tplTok[len(l.tplTok)-1]
			l.tplTok = l.tplTok[:len(l.tplTok)-1]
			l.pos++
			l.templateText(idx)
		case c >= '0' && c <= '9' || c == '.' && l.peek(1) >= '0' && l.peek(1) <= '9':
			start := l.pos
			for l.pos < len(l.src) && (isWordByte(l.src[l.pos]) || l.src[l.pos] == '.') {
				l.pos++
			}
			l.emit(token{kind: tokNumber, str: l.src[start:l.pos], off: start})
		case isIdentStart(l.src, l.pos):
			start := l.pos
			_, n := utf8.DecodeRuneInString(l.src[l.pos:])
			l.pos += n // the start character, which may be '#' or '@'
			for l.pos < len(l.src) && isIdentPart(l.src, l.pos) {
				_, n := utf8.DecodeRuneInString(l.src[l.pos:])
				l.pos += n
			}
			l.emit(token{kind: tokIdent, str: l.src[start:l.pos], off: start})
		case c == '/' && l.regexAllowed():
			if !l.regex() {
				l.punct(1)
			}
		default:
			l.punctuator()
		}
	}
	l.emit(token{kind: tokEOF, off: len(l.src)})
}

func (l *tsLexer) peek(n int) byte {
	if l.pos+n < len(l.src) {
		return l.src[l.pos+n]
	}
	return 0
}

func (l *tsLexer) punct(n int) {
	l.emit(token{kind: tokPunct, str: l.src[l.pos : l.pos+n], off: l.pos})
	l.pos += n
}

// punctuator emits one operator. Only the ones facts look at are kept
// whole ("?.", "=>", "..."); '>' is always single so `Array<Map<K, V>>`
// closes two type arguments.
func (l *tsLexer) punctuator() {
	c := l.src[l.pos]
	switch {
	case c == '?' && l.peek(1) == '.' && !(l.peek(2) >= '0' && l.peek(2) <= '9'):
		l.punct(2)
	case c == '=' && l.peek(1) == '>':
		l.punct(2)
	case c == '.' && l.peek(1) == '.' && l.peek(2) == '.':
		l.punct(3)
	case c == '{' || c == '(' || c == '[':
		l.depth++
		l.punct(1)
	case c == '}' || c == ')' || c == ']':
		l.depth--
		l.punct(1)
	case c < utf8.RuneSelf:
		l.punct(1)
	default:
		// A non-ASCII character that cannot start a name: skip it whole.
		_, n := utf8.DecodeRuneInString(l.src[l.pos:])
		l.pos += n
	}
}

func isIdentStart(s string, i int) bool {
	c := s[i]
	if c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '#' || c == '@' {
		return true
	}
	if c < utf8.RuneSelf {
		return false
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return unicode.IsLetter(r)
}

func isIdentPart(s string, i int) bool {
	c := s[i]
	if c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
		return true
	}
	if c < utf8.RuneSelf {
		return false
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r)
}

// quoted reads a '…' or "…" string and decodes the common escapes.
func (l *tsLexer) quoted(q byte) string {
	l.pos++
	var b strings.Builder
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		switch {
		case c == q:
			l.pos++
			return b.String()
		case c == '\n':
			return b.String() // unterminated: stop at the line end
		case c == '\\' && l.pos+1 < len(l.src):
			b.WriteString(unescapeJS(l.src[l.pos+1]))
			l.pos += 2
		default:
			b.WriteByte(c)
			l.pos++
		}
	}
	return b.String()
}

func unescapeJS(e byte) string {
	switch e {
	case 'n':
		return "\n"
	case 't':
		return "\t"
	case 'r':
		return "\r"
	case '\n':
		return ""
	}
	return string(e)
}

// templateText scans template text from l.pos (after ` or the } of a
// substitution) up to the closing ` or the next ${. Text before the first
// ${ becomes the token's str.
func (l *tsLexer) templateText(idx int) {
	t := &l.toks[idx]
	var b strings.Builder
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		switch {
		case c == '`':
			l.pos++
			if !t.sub {
				t.str = b.String()
			}
			return
		case c == '$' && l.peek(1) == '{':
			if !t.sub {
				t.str = b.String()
			}
			t.sub = true
			l.pos += 2
			l.templates = append(l.templates, l.depth)
			l.tplTok = append(l.tplTok, idx)
			return
		case c == '\\' && l.pos+1 < len(l.src):
			b.WriteString(unescapeJS(l.src[l.pos+1]))
			l.pos += 2
		default:
			b.WriteByte(c)
			l.pos++
		}
	}
	if !t.sub {
		t.str = b.String()
	}
}

// regexAllowed decides the one ambiguity of JS lexing: after a value a
// '/' divides, anywhere else it starts a regular expression.
func (l *tsLexer) regexAllowed() bool {
	if len(l.toks) == 0 {
		return true
	}
	p := l.toks[len(l.toks)-1]
	switch p.kind {
	case tokNumber, tokString, tokTemplate, tokRegex:
		return false
	case tokIdent:
		switch p.str {
		case "return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw", "instanceof", "yield", "await":
			return true
		}
		return false
	case tokPunct:
		return p.str != ")" && p.str != "]" && p.str != "}"
	}
	return true
}

// regex reads /…/flags; false (nothing consumed) when the line ends first.
func (l *tsLexer) regex() bool {
	i := l.pos + 1
	inClass := false
	for i < len(l.src) {
		c := l.src[i]
		switch {
		case c == '\n':
			return false
		case c == '\\':
			i++
		case c == '[':
			inClass = true
		case c == ']':
			inClass = false
		case c == '/' && !inClass:
			i++
			for i < len(l.src) && isWordByte(l.src[i]) {
				i++
			}
			l.emit(token{kind: tokRegex, str: l.src[l.pos:i], off: l.pos})
			l.pos = i
			return true
		}
		i++
	}
	return false
}

func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
