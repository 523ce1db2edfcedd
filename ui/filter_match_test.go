package ui

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzFilterMatch: the filter's matchers never panic, report offsets
// inside the text in increasing order at the start of a character, and a
// chunk match spells the query.
func FuzzFilterMatch(f *testing.F) {
	f.Add("git-safety-net", "gsn")
	f.Add("planning-with-files", "git")
	f.Add(strings.Repeat("a-", 128), strings.Repeat("a", 31)+"b")
	f.Add("toPDF exporter", "pdf ex")
	f.Add("e\u0301\u200d漢字", "\u0301")
	f.Add("\x80", "\x93")   // two bytes that are not UTF-8 once matched as U+FFFD
	f.Add("\ufffd", "\xff") // a query byte that is not UTF-8 once matched a real U+FFFD
	f.Add("a\x80", "A\x93") // wordStartIndex's EqualFold read both bytes as U+FFFD
	f.Fuzz(func(t *testing.T, text, q string) {
		if idx, ok := chunkMatch(text, q); ok && idx != nil {
			var b strings.Builder
			last := -1
			for _, i := range idx {
				if i <= last || i >= len(text) || !utf8.RuneStart(text[i]) {
					t.Fatalf("chunkMatch(%q, %q) = %v", text, q, idx)
				}
				r, size := utf8.DecodeRuneInString(text[i:])
				if r == utf8.RuneError && size == 1 {
					t.Fatalf("chunkMatch(%q, %q) = %v: a byte that is not UTF-8 matched", text, q, idx)
				}
				b.WriteRune(r)
				last = i
			}
			// A byte that is not UTF-8, in the text or the query, matches
			// nothing: EqualFold reads every such byte as U+FFFD.
			letters := strings.Join(strings.Fields(q), "")
			if !utf8.ValidString(letters) || !strings.EqualFold(b.String(), letters) {
				t.Fatalf("chunkMatch(%q, %q) spells %q", text, q, b.String())
			}
		}
		if at, _ := wordStartIndex(text, q); at > len(text) || at >= 0 && q != "" &&
			(!utf8.ValidString(q) || !utf8.ValidString(text[at:at+len(q)]) || !strings.EqualFold(text[at:at+len(q)], q)) {
			t.Fatalf("wordStartIndex(%q, %q) = %d", text, q, at)
		}
		_, _ = compactScore(queryWords(q), text, text)
	})
}
