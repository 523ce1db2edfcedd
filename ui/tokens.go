package ui

import (
	"sync"

	"github.com/pkoukk/tiktoken-go"
	tiktokenloader "github.com/pkoukk/tiktoken-go-loader"
)

// Token counts use cl100k_base from the offline BPE tables bundled in the
// binary: no network, and close enough to what agents' tokenizers count to
// judge a budget. The tables take a moment to load, so they are loaded
// once, lazily, from a command (the Agent tab's).
var (
	tokenizerOnce sync.Once
	tokenizer     *tiktoken.Tiktoken
)

// countTokens returns the token count of s, and whether it is exact (false
// when the tokenizer could not load and a bytes/4 estimate was used).
func countTokens(s string) (int, bool) {
	tokenizerOnce.Do(func() {
		tiktoken.SetBpeLoader(tiktokenloader.NewOfflineLoader())
		if enc, err := tiktoken.GetEncoding("cl100k_base"); err == nil {
			tokenizer = enc
		}
	})
	if tokenizer == nil {
		return (len(s) + 3) / 4, false
	}
	return len(tokenizer.EncodeOrdinary(s)), true
}
