package jslex

import (
	"strings"
	"testing"
)

// FuzzLex holds the lexer to what its callers rely on for any text: it
// ends, ends with one EOF at the end of the source, keeps offsets
// increasing and inside the source, gives name, number, regex and
// punctuator tokens their exact source text, starts strings and templates
// at their quote, and stops at a token limit with a prefix of the full
// result (osloop's hostile-file bound).
func FuzzLex(f *testing.F) {
	for _, s := range []string{
		"",
		"const a = `x${b}y` + 'c'; // d\nf(1, /re/g);\n",
		"`a${`b${c}`}d`",
		"x = a / b / c; y = /[/]/.test(z)",
		"'unterminated\n\"two\\\nlines\"",
		"/* open",
		"}}}`${",
		"\xff\xfe#priv @dec é\u0301 ١٢",
		".5 ?.5 ?.x ... => >>",
	} {
		f.Add(s, 3)
	}
	f.Fuzz(func(t *testing.T, src string, limit int) {
		all := Lex(src)
		if len(all) == 0 || all[len(all)-1].Kind != EOF || all[len(all)-1].Off != len(src) {
			t.Fatalf("the last token is not EOF at %d: %+v", len(src), all[len(all)-1:])
		}
		prev := -1
		for i, tok := range all[:len(all)-1] {
			if tok.Kind == EOF {
				t.Fatalf("token %d: an EOF before the end", i)
			}
			if tok.Off <= prev || tok.Off >= len(src) {
				t.Fatalf("token %d %+v: offset not after %d and inside %d bytes", i, tok, prev, len(src))
			}
			prev = tok.Off
			switch tok.Kind {
			case Ident, Number, Regex, Punct:
				if tok.Str == "" || !strings.HasPrefix(src[tok.Off:], tok.Str) {
					t.Fatalf("token %d %+v: text is not the source's at its offset", i, tok)
				}
			case String:
				if c := src[tok.Off]; c != '\'' && c != '"' {
					t.Fatalf("token %d %+v: a string not at a quote", i, tok)
				}
			case Template:
				if src[tok.Off] != '`' {
					t.Fatalf("token %d %+v: a template not at a backquote", i, tok)
				}
			}
		}
		// Reusing a buffer that held other tokens changes nothing.
		again := LexInto(append(make([]Token, 0, len(all)+1), Token{Kind: Punct, Str: "junk"}), src)
		if len(again) != len(all) {
			t.Fatalf("LexInto with a used buffer: %d tokens, Lex %d", len(again), len(all))
		}
		for i := range all {
			if again[i] != all[i] {
				t.Fatalf("LexInto token %d = %+v, Lex %+v", i, again[i], all[i])
			}
		}
		limit = int(uint(limit) % uint(len(all)+2))
		some, complete := LexAtMost(nil, src, limit)
		if want := min(limit, len(all)); len(some) != want || complete != (limit >= len(all)) {
			t.Fatalf("limit %d: %d tokens, complete %v; Lex gives %d", limit, len(some), complete, len(all))
		}
		for i := range some {
			if some[i] != all[i] {
				t.Fatalf("limit %d: token %d = %+v, Lex %+v", limit, i, some[i], all[i])
			}
		}
	})
}
