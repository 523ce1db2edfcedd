// Package jslex splits JavaScript and TypeScript into tokens: comments,
// strings, template literals and regular expressions lexed correctly,
// each token at its exact byte offset. The OS Loop reader (module.ts facts)
// and the security review (calls and secrets in any script) share it, so a
// fetch( inside a comment or a string is never a call for either.
package jslex

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Why a lexer and not esbuild + a JS parser: measured here, esbuild's
// Transform costs 450–650 µs for a 70-line module.ts (27 ms for the corpus's
// 5,800-line one) before any parsing — over the whole per-skill budget of
// "10,000 skills in under a second on two cores". The facts lint needs
// (exports, host.* uses, purposeIds, fetched URLs) are visible at the token
// level once comments, strings, template literals and regular expressions
// are lexed correctly, and a token keeps its exact byte offset in module.ts.
// Nothing here is a regular expression over source.

// Kind is a token's kind.
type Kind uint8

const (
	EOF Kind = iota
	Ident
	String   // '…' or "…"; Str is the decoded value
	Template // a whole `…` literal; Str is the text before the first ${, Sub says if there was one
	Number
	Regex
	Punct // Str holds the punctuator
)

// Token is one token. Str is a string's decoded value, a template's text
// before its first ${, or the text of an identifier, number, regular
// expression or punctuator.
type Token struct {
	Kind Kind
	Str  string
	Sub  bool // Template: has substitutions
	Off  int  // byte offset in the source
	NL   bool // a line break precedes the token
}

// Lex splits JavaScript or TypeScript into tokens. It never fails: an unterminated
// string or comment ends at the end of the file.
func Lex(src string) []Token {
	return LexInto(nil, src)
}

// LexInto is Lex reusing buf's storage (from buf[:0]) when it is large
// enough, for a caller that lexes file after file and keeps no token.
func LexInto(buf []Token, src string) []Token {
	toks, _ := LexAtMost(buf, src, -1)
	return toks
}

// LexAtMost is LexInto that stops after limit tokens (< 0: no limit):
// a token costs 40 bytes, and a hostile file of punctuation holds one per
// byte. complete is false when it stopped short.
func LexAtMost(buf []Token, src string, limit int) (toks []Token, complete bool) {
	l := lexer{src: src, max: limit}
	// About one token per three bytes of TypeScript.
	want := len(src)/3 + 1
	if limit >= 0 {
		want = min(want, limit)
	}
	if cap(buf) >= want {
		l.toks = buf[:0]
	} else {
		l.toks = make([]Token, 0, want)
	}
	l.run()
	return l.toks, !l.stopped
}

type lexer struct {
	src  string
	pos  int
	toks []Token
	// max bounds the tokens (< 0: none); stopped says it was reached.
	max     int
	stopped bool
	nl      bool
	// templates holds, per open `${`, the brace depth at which it opened.
	templates []int
	depth     int
	// tplStart is the offset of the template a `${…}` belongs to; tplIdx
	// the index of its Token, so later text does not become new tokens.
	tplTok []int
}

// emit adds t, or reports false once the limit is reached.
func (l *lexer) emit(t Token) bool {
	if l.max >= 0 && len(l.toks) >= l.max {
		l.stopped = true // ends run's loop
		return false
	}
	t.NL = l.nl
	l.nl = false
	l.toks = append(l.toks, t)
	return true
}

func (l *lexer) run() {
	for l.pos < len(l.src) && !l.stopped {
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
			l.emit(Token{Kind: String, Str: s, Off: start})
		case c == '`':
			start := l.pos
			l.pos++
			if l.emit(Token{Kind: Template, Off: start}) {
				l.templateText(len(l.toks) - 1)
			}
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
			l.emit(Token{Kind: Number, Str: l.src[start:l.pos], Off: start})
		case isIdentStart(l.src, l.pos):
			start := l.pos
			_, n := utf8.DecodeRuneInString(l.src[l.pos:])
			l.pos += n // the start character, which may be '#' or '@'
			for l.pos < len(l.src) && isIdentPart(l.src, l.pos) {
				_, n := utf8.DecodeRuneInString(l.src[l.pos:])
				l.pos += n
			}
			l.emit(Token{Kind: Ident, Str: l.src[start:l.pos], Off: start})
		case c == '/' && l.regexAllowed():
			if !l.regex() {
				l.punct(1)
			}
		default:
			l.punctuator()
		}
	}
	l.emit(Token{Kind: EOF, Off: len(l.src)})
}

func (l *lexer) peek(n int) byte {
	if l.pos+n < len(l.src) {
		return l.src[l.pos+n]
	}
	return 0
}

func (l *lexer) punct(n int) {
	l.emit(Token{Kind: Punct, Str: l.src[l.pos : l.pos+n], Off: l.pos})
	l.pos += n
}

// punctuator emits one operator. Only the ones facts look at are kept
// whole ("?.", "=>", "..."); '>' is always single so `Array<Map<K, V>>`
// closes two type arguments.
func (l *lexer) punctuator() {
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
func (l *lexer) quoted(q byte) string {
	l.pos++
	start := l.pos
	// Most strings have no escape: their value is a slice of the source.
	i := start
	for ; i < len(l.src); i++ {
		c := l.src[i]
		if c == q {
			l.pos = i + 1
			return l.src[start:i]
		}
		if c == '\n' {
			l.pos = i
			return l.src[start:i] // unterminated: stop at the line end
		}
		if c == '\\' && i+1 < len(l.src) {
			break
		}
	}
	l.pos = i
	if i == len(l.src) {
		return l.src[start:]
	}
	var b strings.Builder
	b.WriteString(l.src[start:i])
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
// ${ becomes the Token's str.
func (l *lexer) templateText(idx int) {
	t := &l.toks[idx]
	// Without escapes the text is a slice of the source.
	start, i := l.pos, l.pos
	for i < len(l.src) {
		if c := l.src[i]; c == '`' || c == '\\' || c == '$' && i+1 < len(l.src) && l.src[i+1] == '{' {
			break
		}
		i++
	}
	if i == len(l.src) || l.src[i] != '\\' {
		if !t.Sub {
			t.Str = l.src[start:i]
		}
		switch {
		case i == len(l.src):
			l.pos = i
		case l.src[i] == '`':
			l.pos = i + 1
		default: // ${
			t.Sub = true
			l.pos = i + 2
			l.templates = append(l.templates, l.depth)
			l.tplTok = append(l.tplTok, idx)
		}
		return
	}
	var b strings.Builder
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		switch {
		case c == '`':
			l.pos++
			if !t.Sub {
				t.Str = b.String()
			}
			return
		case c == '$' && l.peek(1) == '{':
			if !t.Sub {
				t.Str = b.String()
			}
			t.Sub = true
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
	if !t.Sub {
		t.Str = b.String()
	}
}

// regexAllowed decides the one ambiguity of JS lexing: after a value a
// '/' divides, anywhere else it starts a regular expression.
func (l *lexer) regexAllowed() bool {
	if len(l.toks) == 0 {
		return true
	}
	p := l.toks[len(l.toks)-1]
	switch p.Kind {
	case Number, String, Template, Regex:
		return false
	case Ident:
		switch p.Str {
		case "return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw", "instanceof", "yield", "await":
			return true
		}
		return false
	case Punct:
		return p.Str != ")" && p.Str != "]" && p.Str != "}"
	}
	return true
}

// regex reads /…/flags; false (nothing consumed) when the line ends first.
func (l *lexer) regex() bool {
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
			l.emit(Token{Kind: Regex, Str: l.src[l.pos:i], Off: l.pos})
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
