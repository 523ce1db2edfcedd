package skillmd

import (
	"strings"
	"testing"
	"testing/fstest"
	"unicode/utf8"

	"github.com/skillstudio/skillstudio/model"
)

var fuzzSeeds = []string{
	"",
	"---\n---\n",
	"---\nname: a\n",
	"\ufeff---\r\nname: demo-skill\r\ndescription: x: y\r\n---\r\n# T\r\n",
	"---\n- a\n---\n",
	"---\nname: [\n---\n",
	"---\na: &x [*x]\n---\n",
	"---\nquiz:\n  questions:\n    - question: q\n      options: [{label: a, correct: true}, b]\n      on-correct: {goto: \"## X\", jump: 1}\n---\n## X\n",
	"---\nhooks: {Stop: [{hooks: [{type: command}]}]}\nmetadata: {a: [1]}\n---\n[x](../y#z) ![i](a b) `[c](d)`\n",
	"---\ndescription: caf\xe9\n---\n\x00",
	"---\nkeywords:\n  - @Composable\nargument-hint: `p`\n---\n",
}

// FuzzParseFrontmatter: any bytes split and parse without panicking, and
// every offset stays inside the input.
func FuzzParseFrontmatter(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		fm := ParseFrontmatter(src)
		if fm.BodyStart < 0 || fm.BodyStart > len(src) || fm.Start > fm.End || fm.End > len(src) {
			t.Fatalf("offsets out of range: %+v (len %d)", fm, len(src))
		}
		for _, r := range fm.Repairs {
			if r.Start < fm.Start || r.End > fm.End || string(src[r.Start:r.End]) != r.Value {
				t.Fatalf("repair out of place: %+v", r)
			}
		}
	})
}

// FuzzParseQuiz: any YAML under quiz: parses without panicking.
func FuzzParseQuiz(f *testing.F) {
	f.Add([]byte(goodQuiz))
	f.Add([]byte("  title: x\n  questions: 3\n"))
	f.Add([]byte("  - questions:\n    - options: [a, {label: b, correct: yes}]\n      on-incorrect: [goto]\n"))
	f.Add([]byte("  passing-score: 1e400\n"))
	f.Fuzz(func(t *testing.T, block []byte) {
		doc, err := decodeYAML(append([]byte("quiz:\n"), block...))
		if err != nil || doc == nil || len(doc.Content) == 0 {
			return
		}
		blocks, _ := ParseQuiz(mapGet(doc.Content[0], "quiz"))
		for _, b := range blocks {
			if b.PassingScore < 0 || b.PassingScore > 100 {
				t.Fatalf("passing score %g escaped the range check", b.PassingScore)
			}
		}
	})
}

// FuzzLoad: a skill folder whose SKILL.md is any bytes loads without
// panicking and every finding has a position.
func FuzzLoad(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s), "references/a.md")
	}
	f.Fuzz(func(t *testing.T, src []byte, extra string) {
		fsys := fstest.MapFS{skillDir + "/SKILL.md": {Data: src}}
		if p, ok := insideSkill(extra); ok && p != "." && p != "SKILL.md" && utf8.ValidString(p) && !strings.ContainsAny(p, "\x00") {
			fsys[skillDir+"/"+p] = &fstest.MapFile{Data: []byte("# A\n")}
		}
		for _, p := range []model.Profile{model.ProfileAll, model.ProfileAgentSkills} {
			s := Load(fsys, skillDir, model.Options{Profile: p})
			for _, d := range s.Diagnostics {
				if d.Line < 1 || d.Column < 1 {
					t.Fatalf("finding without a position: %v", d)
				}
				if d.Fix != nil {
					for _, e := range d.Fix.Edits {
						if e.Start < 0 || e.End > len(src) || e.Start > e.End {
							t.Fatalf("fix edit out of range: %+v", e)
						}
					}
				}
			}
		}
	})
}

// FuzzCountTokens: the fast counter agrees with tiktoken-go on any valid
// UTF-8 text.
func FuzzCountTokens(f *testing.F) {
	for _, s := range []string{"hello world", "don't 'LL", "  \n\n\t x", "12345 ١٢٣", "日本語 🎉", "a\u00a0b\u2028c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		// The reference (tiktoken-go's regexp2 splitter) slows down sharply
		// on long hostile input; short inputs exercise every splitter path.
		if !utf8.ValidString(s) || len(s) > 1024 {
			return
		}
		got, exact := CountTokensExact(s)
		if !exact {
			return // a piece merged in chunks: CountTokensExact says so (TestChunkedCountIsNotExact)
		}
		if want := referenceCount(t, s); got != want {
			t.Fatalf("CountTokens(%q) = %d, tiktoken-go says %d", s, got, want)
		}
	})
}
