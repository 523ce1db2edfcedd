package osloop

import (
	"sync"

	"github.com/skillstudio/skillstudio/internal/jslex"
)

// module.ts is read token by token with the lexer the security review
// shares (internal/jslex: why a lexer and not a parser is explained
// there). This file only keeps the reader's short names for its tokens.

const (
	tokEOF      = jslex.EOF
	tokIdent    = jslex.Ident
	tokString   = jslex.String
	tokTemplate = jslex.Template
	tokNumber   = jslex.Number
	tokRegex    = jslex.Regex
	tokPunct    = jslex.Punct
)

type token = jslex.Token

// tokenBufs keeps token slices between modules: ReadModule keeps no token
// (facts copy the strings and offsets they need), and a slice per module
// was most of its allocation.
var tokenBufs = sync.Pool{New: func() any { return new([]token) }}

// maxPooledTokens: a slice from a huge module is not kept for the next.
const maxPooledTokens = 1 << 14

// lexTS splits TypeScript into tokens. It never fails: an unterminated
// string or comment ends at the end of the file. Give the tokens back with
// releaseTokens when done.
func lexTS(src string) (toks []token, buf *[]token, complete bool) {
	buf = tokenBufs.Get().(*[]token)
	toks, complete = jslex.LexAtMost(*buf, src, maxModuleTokens)
	return toks, buf, complete
}

// maxModuleTokens bounds the tokens of module.ts read (a token costs 40
// bytes, and 7 MB of "{" took 850 MB); a real module holds a few thousand.
const maxModuleTokens = 500_000

// releaseTokens returns toks's storage to the pool, without the strings
// that point into a module's source.
func releaseTokens(toks []token, buf *[]token) {
	if cap(toks) > maxPooledTokens {
		return
	}
	clear(toks)
	*buf = toks[:0]
	tokenBufs.Put(buf)
}
