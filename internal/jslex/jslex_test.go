package jslex

import (
	"strings"
	"testing"
)

func TestLexKeepsCommentsStringsAndRegexOut(t *testing.T) {
	src := "// fetch('https://a.example')\nconst u = `https://b.example/${id}`;\nconst r = /fetch\\(/g; fetch(\"https://c.example\")"
	var idents, strs []string
	var tpl Token
	for _, tok := range Lex(src) {
		switch tok.Kind {
		case Ident:
			idents = append(idents, tok.Str)
		case String:
			strs = append(strs, tok.Str)
		case Template:
			tpl = tok
		}
	}
	// const u id (inside ${}) const r fetch: the commented and the regex
	// fetch are not identifiers.
	if len(idents) != 6 || idents[5] != "fetch" {
		t.Errorf("identifiers %q: a comment or regex leaked a fetch", idents)
	}
	if len(strs) != 1 || strs[0] != "https://c.example" {
		t.Errorf("strings %q", strs)
	}
	if tpl.Str != "https://b.example/" || !tpl.Sub || src[tpl.Off] != '`' {
		t.Errorf("template token %+v", tpl)
	}
}

func TestLexNeverFails(t *testing.T) {
	for _, src := range []string{"'unterminated", "/* open", "`a${b", "a / b / c", ""} {
		toks := Lex(src)
		if len(toks) == 0 || toks[len(toks)-1].Kind != EOF {
			t.Errorf("%q: no EOF token", src)
		}
	}
}

func TestLexAtMost(t *testing.T) {
	src := "const a = `x${b}y` + 'c'; // d\nf(1, /re/g);\n"
	all := Lex(src)
	for limit := range len(all) + 2 {
		toks, complete := LexAtMost(nil, src, limit)
		if want := min(limit, len(all)); len(toks) != want || complete != (limit >= len(all)) {
			t.Errorf("limit %d: %d tokens, complete %v; want %d of %d", limit, len(toks), complete, want, len(all))
		}
		for i := range toks {
			if toks[i] != all[i] {
				t.Errorf("limit %d: token %d = %+v, want %+v", limit, i, toks[i], all[i])
			}
		}
	}
	if toks, complete := LexAtMost(nil, strings.Repeat("{", 1000), 10); len(toks) != 10 || complete {
		t.Errorf("1000 braces at most 10: %d tokens, complete %v", len(toks), complete)
	}
}
