package review

import "github.com/skillstudio/skillstudio/internal/jslex"

// Scripts are read token by token with the lexer the OS Loop reader
// shares (internal/jslex), so a fetch( in a comment or a string is never a
// call. This file only keeps the review's short names for its tokens.

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

// lexTS splits JavaScript or TypeScript into tokens. It never fails: an unterminated
// string or comment ends at the end of the file.
func lexTS(src string) []token {
	ts := jslex.Lex(src)
	out := make([]token, len(ts))
	for i, t := range ts {
		out[i] = token{kind: t.Kind, str: t.Str, sub: t.Sub, off: t.Off, nl: t.NL}
	}
	return out
}
