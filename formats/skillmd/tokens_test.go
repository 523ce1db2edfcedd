package skillmd

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	tiktoken "github.com/pkoukk/tiktoken-go"
	tiktokenloader "github.com/pkoukk/tiktoken-go-loader"
)

var (
	refOnce sync.Once
	refEnc  *tiktoken.Tiktoken
)

// referenceCount counts with tiktoken-go, the slow exact implementation
// CountTokens must agree with.
func referenceCount(t testing.TB, s string) int {
	refOnce.Do(func() {
		tiktoken.SetBpeLoader(tiktokenloader.NewOfflineLoader())
		enc, err := tiktoken.GetEncoding("cl100k_base")
		if err != nil {
			t.Fatal(err)
		}
		refEnc = enc
	})
	return len(refEnc.EncodeOrdinary(s))
}

func TestCountTokensMatchesTiktoken(t *testing.T) {
	cases := []string{
		"", "hello", "Hello, world!", "don't you'LL we'Re", "  leading spaces", "trailing   ",
		"a\n\nb\r\n\r\n  c", "numbers 1234567 and 12", "日本語のテキスト", "émoji 🎉🎉 done",
		"tabs\tand\vvertical", "'s 'S 'sup", "((foo)) [bar]{baz}", "x  \n  y", "end with newline\n",
		"---\nname: x\n---\n# Title\n\n```go\nfunc main() {}\n```\n", strings.Repeat("a", 3000),
		strings.Repeat("=", 700) + "\n", "  \u00a0 nbsp", "mixed123abc456", "\u0301accent",
	}
	for _, c := range cases {
		if got, want := CountTokens(c), referenceCount(t, c); got != want {
			t.Errorf("CountTokens(%q) = %d, tiktoken-go says %d", c, got, want)
		}
	}
}

// TestCountTokensCorpus compares every Markdown file of the shared corpus.
func TestCountTokensCorpus(t *testing.T) {
	pureCPUUnderRace(t) // two tokenizers over the corpus, one file at a time
	root := corpusDir(t)
	n := 0
	_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return nil
		}
		n++
		if got, want := CountTokens(string(b)), referenceCount(t, string(b)); got != want {
			t.Errorf("%s: CountTokens = %d, tiktoken-go says %d", p, got, want)
		}
		return nil
	})
	if n == 0 {
		t.Fatal("no Markdown files found in the corpus")
	}
}

// TestEstimateTokensCorpus holds the estimate to the error bounds the
// body-length verdict relies on, on every Markdown file of the corpus.
func TestEstimateTokensCorpus(t *testing.T) {
	pureCPUUnderRace(t) // an estimate and an exact count, one file at a time
	root := corpusDir(t)
	n, worst := 0, 0.0
	_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil || len(b) < 200 { // tiny files round to a few tokens either way
			return nil
		}
		n++
		est, exact := float64(EstimateTokens(b)), float64(CountTokens(string(b)))
		rel := est/exact - 1
		if rel < -estimateMaxUnder || rel > estimateMaxOver {
			t.Errorf("%s: estimate %v, exact %v (%+.0f%%): outside the bounds tokensOver relies on", p, est, exact, rel*100)
		}
		if rel < 0 {
			rel = -rel
		}
		worst = max(worst, rel)
		return nil
	})
	if n == 0 {
		t.Fatal("no Markdown files found in the corpus")
	}
	t.Logf("%d files, worst estimate error %.1f%%", n, worst*100)
}

func TestTokensOver(t *testing.T) {
	cases := []struct {
		name  string
		text  string
		over  bool
		exact bool
	}{
		{"few bytes cannot be many tokens", strings.Repeat("x", 5000), false, false},
		{"clearly under", strings.Repeat("word ", 2000), false, false},
		{"near the limit, under", strings.Repeat("word ", 4900), false, true},
		{"near the limit, over", strings.Repeat("word ", 5100), true, true},
		{"clearly over", strings.Repeat("word ", 12000), true, false},
	}
	for _, c := range cases {
		over, size := tokensOver(c.text, 5000)
		if over != c.over || size.exact != c.exact {
			t.Errorf("%s: over %v exact %v (n %d), want over %v exact %v", c.name, over, size.exact, size.n, c.over, c.exact)
		}
		if size.exact && size.n != CountTokens(c.text) {
			t.Errorf("%s: exact size %d, CountTokens says %d", c.name, size.n, CountTokens(c.text))
		}
	}
}

func BenchmarkEstimateTokens(b *testing.B) {
	data, err := os.ReadFile(corpusDir(b) + "/anthropics__skills/skills/skill-creator/SKILL.md")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		EstimateTokens(data)
	}
}

// A piece longer than maxPiece is merged in chunks, which can cost a
// token at a chunk's edge (FuzzCountTokens found 513 where tiktoken says
// 512): such a count says it is not exact, and ordinary text is.
func TestChunkedCountIsNotExact(t *testing.T) {
	if _, exact := CountTokensExact(" \x0f!" + strings.Repeat("#%", 254) + "#!"); exact {
		t.Error("a 512+-byte run of punctuation counted as exact")
	}
	if _, exact := CountTokensExact("An ordinary sentence, with punctuation!"); !exact {
		t.Error("an ordinary sentence counted as inexact")
	}
}

// TestTokensOverUnsureScripts: a body in a script the estimate undercounts
// by half (Georgian, Armenian: one cl100k token covers far less of them than
// of English) is counted exactly, so the body-length verdict and the count in
// the message are right; English prose of the same size is still estimated.
func TestTokensOverUnsureScripts(t *testing.T) {
	for _, c := range []struct {
		name, sentence string
		unsure         bool
	}{
		{"Georgian", "ეს უნარი გეხმარებათ ტესტების დაწერაში. ჯერ წაიკითხეთ ფაილი, შემდეგ შეცვალეთ.\n", true},
		{"Armenian", "Այս հմտությունը օգնում է թեստեր գրել։ Նախ կարդացեք ֆայլը, ապա փոխեք։\n", true},
		{"Czech", "Tato dovednost pomáhá psát testy. Nejprve přečtěte soubor, potom jej změňte.\n", true},
		{"English with an emoji", "This skill helps write tests. Read the file first, then change it ✅.\n", false},
		{"Chinese", "这个技能帮助编写测试。先读取文件，然后修改并检查结果。\n", false},
	} {
		text := ""
		for CountTokens(text) <= 5200 {
			text += c.sentence
		}
		if got := estimateUnsure(text); got != c.unsure {
			t.Errorf("%s: estimateUnsure = %v, want %v", c.name, got, c.unsure)
		}
		over, size := tokensOver(text, 5000)
		if !over {
			t.Errorf("%s: %d tokens (estimate %d) judged under 5,000", c.name, CountTokens(text), EstimateTokens(text))
		}
		if c.unsure && (!size.exact || size.n != CountTokens(text)) {
			t.Errorf("%s: size %+v, want the exact count %d", c.name, size, CountTokens(text))
		}
		if got := tokensOf(text); c.unsure && got.n != CountTokens(text) {
			t.Errorf("%s: tokensOf = %+v, want the exact count %d", c.name, got, CountTokens(text))
		}
	}
}

// TestEstimateLongText: past the chunk packedSum adds at once, the two
// packed sums still add up (text of unsure bytes only, and ASCII).
func TestEstimateLongText(t *testing.T) {
	geo := strings.Repeat("ა", maxPackedChunk/3+5) // three bytes each, all unsure
	if n, unsure := estimate(geo); !unsure || n != int((uint64(len(geo))*weightHigh+512)>>10) {
		t.Errorf("estimate of %d Georgian bytes = %d, %v", len(geo), n, unsure)
	}
	ascii := strings.Repeat("abcdefgh", maxPackedChunk/8+3)
	if n, unsure := estimate(ascii); unsure || n != int((uint64(len(ascii))*weightLetter+512)>>10) {
		t.Errorf("estimate of %d ASCII bytes = %d, %v", len(ascii), n, unsure)
	}
}
