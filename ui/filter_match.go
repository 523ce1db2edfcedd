package ui

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Compact matching for keywords and descriptions. sahilm/fuzzy, right for
// names, takes a query's letters from anywhere in a string: over a long
// description "pdf" found a p, a d and an f in 240 of 306 real skills. A
// keyword or description matches only when each query word starts a word
// in it ("pdf" in "PDFs", "Fill PDF forms", "toPDF"; not in "provides
// data formatting" or "updf"), as fzf users expect from a text column.

// queryWords are q's words, the units compact matching looks for.
func queryWords(q string) []string { return strings.Fields(q) }

// compactScore says whether every word of words starts a word of keywords
// or desc, and how well: a whole-word match beats a prefix, a keyword
// beats the description, and an earlier match a later one. It reads the
// strings in place (no lower-case copy per skill per key).
func compactScore(words []string, keywords, desc string) (int, bool) {
	score := 0
	for _, w := range words {
		if at, whole := wordStartIndex(keywords, w); at >= 0 {
			score += 4000 + wholeBonus(whole) - min(at, 999)
		} else if at, whole := wordStartIndex(desc, w); at >= 0 {
			score += 2000 + wholeBonus(whole) - min(at, 999)
		} else {
			return 0, false
		}
	}
	return score, true
}

func wholeBonus(whole bool) int {
	if whole {
		return 1000
	}
	return 0
}

// wordStartIndex is the first byte offset in s where w (any case) starts
// a word — at the start, after a character that is not a letter or digit,
// or at a lower-to-upper case change — and whether the word ends there
// too; -1 if nowhere.
func wordStartIndex(s, w string) (int, bool) {
	if w == "" {
		return 0, false
	}
	// A byte that is not UTF-8, in s or w, matches nothing: EqualFold
	// reads every such byte as U+FFFD, so "\x80" matched "\x93".
	if !utf8.ValidString(w) {
		return -1, false
	}
	var prev rune
	for i := 0; i+len(w) <= len(s); {
		r, size := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[i:])
		}
		if startsWord(prev, r) && strings.EqualFold(s[i:i+len(w)], w) && utf8.ValidString(s[i:i+len(w)]) {
			next, _ := utf8.DecodeRuneInString(s[i+len(w):])
			return i, i+len(w) == len(s) || !isWordRune(next)
		}
		prev = r
		i += size
	}
	return -1, false
}

func startsWord(prev, r rune) bool {
	return prev == 0 || !isWordRune(prev) || unicode.IsLower(prev) && unicode.IsUpper(r)
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// Names stay fuzzy, but in chunks: each letter of the query either follows
// the letter matched before it or starts a word of the name ("gsn" is
// git-safety-net, "pdf" photo-to-scanned-pdf); a letter taken from the
// middle of an unrelated word is not ("git" is not planning-with-files).
// A space in the query starts a word too.

// maxChunkName and maxChunkQuery bound chunkMatch's memo, kept on the
// stack; a longer name or query keeps sahilm/fuzzy's verdict.
const (
	maxChunkName  = 256
	maxChunkQuery = 32
)

// chunkMatch reports the byte offsets in name where q matches in chunks,
// or ok false when it does not.
func chunkMatch(name, q string) (idx []int, ok bool) {
	var c chunker
	c.name = name
	fresh := false
	for i, r := range q {
		if unicode.IsSpace(r) {
			fresh = true
			continue
		}
		if c.n == maxChunkQuery {
			return nil, true
		}
		if r == utf8.RuneError && !strings.HasPrefix(q[i:], "\uFFFD") {
			// A query byte that is not UTF-8 matches nothing either (it read
			// as U+FFFD and matched that character in a name).
			r = unmatchable
		}
		c.q[c.n], c.start[c.n], fresh = unicode.ToLower(r), fresh, false
		c.n++
	}
	if c.n == 0 || len(name) > maxChunkName {
		return nil, true
	}
	if !c.try(0, 0, false) {
		return nil, false
	}
	return append([]int(nil), c.at[:c.n]...), true
}

// unmatchable stands for a query letter no name can match.
const unmatchable = -1

// chunker is one chunkMatch: the query's letters, and a memo of the
// (letter, offset, after a match) states known to fail, so that a name
// like "a-a-a-a…" costs letters × offsets, not a combinatorial search.
type chunker struct {
	name   string
	q      [maxChunkQuery]rune
	start  [maxChunkQuery]bool // the letter must start a word
	n      int
	at     [maxChunkQuery]int
	failed [2][maxChunkQuery][maxChunkName/64 + 1]uint64
}

// try matches letters k… from byte offset from; contiguous says letter
// k-1 ended there, so letter k may follow it without starting a word.
func (c *chunker) try(k, from int, contiguous bool) bool {
	if k == c.n {
		return true
	}
	memo := &c.failed[b2i(contiguous)][k][from/64]
	if *memo&(1<<(from%64)) != 0 {
		return false
	}
	var prev rune
	if from > 0 {
		prev, _ = utf8.DecodeLastRuneInString(c.name[:from])
	}
	for i := from; i < len(c.name); {
		r, size := utf8.DecodeRuneInString(c.name[i:])
		adjacent := contiguous && i == from && !c.start[k]
		// A byte that is not UTF-8 decodes to U+FFFD like any other such
		// byte; it matches nothing, as no query can spell it.
		invalid := r == utf8.RuneError && size == 1
		if !invalid && (adjacent || startsWord(prev, r)) && unicode.ToLower(r) == c.q[k] {
			c.at[k] = i
			if c.try(k+1, i+size, true) {
				return true
			}
		}
		prev, i = r, i+size
	}
	*memo |= 1 << (from % 64)
	return false
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
