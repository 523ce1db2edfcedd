package xgs

import (
	"bytes"

	"github.com/skillstudio/skillstudio/internal/jslex"
)

// sobek's parser does not know async iteration (grafana/sobek#15): it
// rejects `for await (…)` inside a function and async generator methods
// (`async *pages() {…}`), both ES2018 and both bundled by esbuild without
// complaint. maskAsyncIteration rewrites them, byte for byte the same
// length, into what sobek parses and lint reads alike: `for await (` loses
// its `await`, and an async generator method becomes an async method
// whose `yield x` is `await x` (a bare `yield`, the
// identifier `void0`). Every offset, identifier and literal stays
// where it was, so findings point into the real file; the rewrite is only
// parsed, never shown. It returns nil when there is nothing to rewrite.
func maskAsyncIteration(src []byte) []byte {
	toks := jslex.Lex(string(src))
	var out []byte
	edit := func(off int, repl string) {
		if out == nil {
			out = bytes.Clone(src)
		}
		copy(out[off:], repl)
	}
	for i := 0; i+2 < len(toks); i++ {
		t := toks[i]
		switch {
		case isIdent(t, "for") && isIdent(toks[i+1], "await") && isPunct(toks[i+2], "("):
			edit(toks[i+1].Off, "     ")
		case isIdent(t, "async") && isPunct(toks[i+1], "*") && !toks[i+1].NL && startsMember(toks, i):
			edit(toks[i+1].Off, " ")
			open, end := methodBody(toks, i+2)
			for j := open; j < end; j++ {
				if !isIdent(toks[j], "yield") {
					continue
				}
				switch n := toks[j+1]; {
				case j+1 == end || n.NL || isPunct(n, ";") || isPunct(n, ")") || isPunct(n, "}") || isPunct(n, ",") || isPunct(n, "]"):
					edit(toks[j].Off, "void0") // a bare yield: an identifier, as long
				case isPunct(n, "*"):
					edit(toks[j].Off, "await")
					edit(n.Off, " ")
				default:
					edit(toks[j].Off, "await")
				}
			}
		}
	}
	return out
}

func isIdent(t jslex.Token, s string) bool { return t.Kind == jslex.Ident && t.Str == s }
func isPunct(t jslex.Token, s string) bool { return t.Kind == jslex.Punct && t.Str == s }

// startsMember says whether the token at i begins an object or class
// member (after `{`, `,`, `;`, `}` or `static`), so `async * 2` in an
// expression is left alone.
func startsMember(toks []jslex.Token, i int) bool {
	if i == 0 {
		return false
	}
	p := toks[i-1]
	return isPunct(p, "{") || isPunct(p, ",") || isPunct(p, ";") || isPunct(p, "}") || isIdent(p, "static")
}

// methodBody finds, from the token after a method's `*`, the token range
// of its body: inside the braces that follow its parameter list. It
// returns an empty range when the shape is not that.
func methodBody(toks []jslex.Token, i int) (open, end int) {
	for i < len(toks) && !isPunct(toks[i], "(") {
		if isPunct(toks[i], "{") || isPunct(toks[i], ";") {
			return 0, 0
		}
		i++
	}
	depth := 0
	for ; i < len(toks); i++ {
		if isPunct(toks[i], "(") {
			depth++
		} else if isPunct(toks[i], ")") {
			if depth--; depth == 0 {
				break
			}
		}
	}
	i++
	if i >= len(toks) || !isPunct(toks[i], "{") {
		return 0, 0
	}
	open = i + 1
	depth = 0
	for ; i < len(toks); i++ {
		if isPunct(toks[i], "{") {
			depth++
		} else if isPunct(toks[i], "}") {
			if depth--; depth == 0 {
				return open, i
			}
		}
	}
	return 0, 0
}
