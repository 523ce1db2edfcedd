package osloop

import "github.com/skillstudio/skillstudio/internal/jslex"

// module.ts is read token by token with the lexer the security review
// shares (internal/jslex: why a lexer and not a parser is explained
// there). This file only keeps the reader's short names for its tokens.

type tokKind = jslex.Kind

const (
	tokEOF      = jslex.EOF
	tokIdent    = jslex.Ident
	tokString   = jslex.String
	tokTemplate = jslex.Template
	tokNumber   = jslex.Number
	tokRegex    = jslex.Regex
	tokPunct    = jslex.Punct
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
	ts := jslex.Lex(src)
	out := make([]token, len(ts))
	for i, t := range ts {
		out[i] = token{kind: t.Kind, str: t.Str, sub: t.Sub, off: t.Off, nl: t.NL}
	}
	return out
}
