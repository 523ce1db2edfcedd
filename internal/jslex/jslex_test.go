package jslex

import "testing"

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
