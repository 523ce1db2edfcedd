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
