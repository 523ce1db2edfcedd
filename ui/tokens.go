package ui

import "github.com/skillstudio/skillstudio/formats/skillmd"

// countTokens returns the cl100k_base token count of s — the same offline
// counter lint uses (skillmd.CountTokensExact, checked against tiktoken) —
// and whether it is exact (false when the embedded ranks could not load
// and a bytes/4 estimate was used, or a run of hundreds of punctuation
// marks was merged in chunks). The ranks load once, on first use; callers
// run it in a command, off the update loop.
func countTokens(s string) (int, bool) {
	if n, exact := skillmd.CountTokensExact(s); n >= 0 {
		return n, exact
	}
	return (len(s) + 3) / 4, false
}
