package skillmd

import (
	"math"
	"math/bits"
	"sync"
	"unicode"
	"unicode/utf8"

	tiktokenassets "github.com/pkoukk/tiktoken-go-loader/assets"
)

// Token counting, offline, for cl100k_base.
//
// tiktoken-go counts exactly but runs its split pattern through regexp2
// (about 3 MB/s here: 10 ms for a 33 KB SKILL.md), far too slow to count
// every body of a 10,000-skill library. CountTokens gives the same counts
// (tested against tiktoken-go on the corpus) from a hand-written splitter
// for the cl100k pattern and the same byte-pair merge over the same ranks
// (tiktoken-go-loader's embedded file, held in a pointer-free table:
// tokens_ranks.go), with the counts of words remembered (tokens_memo.go).
// The ranks load once, on first use (~20 ms: parseRanks).

var (
	ranksOnce sync.Once
	ranks     *bpeRanks
	ranksErr  error
)

// maxPiece bounds the quadratic merge: a longer piece (a 1 MB run of
// letters, say) is counted in chunks of this size.
const maxPiece = 512

func loadRanks() (*bpeRanks, error) {
	ranksOnce.Do(func() {
		file, err := tiktokenassets.Assets.ReadFile("cl100k_base.tiktoken")
		if err == nil {
			ranks, err = parseRanks(file)
		}
		ranksErr = err
	})
	return ranks, ranksErr
}

// CountTokens returns how many cl100k_base tokens s encodes to, or -1 if
// the embedded ranks cannot be loaded. See CountTokensExact for when the
// count may be a token off.
func CountTokens(s string) int {
	n, _ := CountTokensExact(s)
	return n
}

// CountTokensExact is CountTokens and whether the count is exact. A piece
// longer than maxPiece bytes (a run of hundreds of punctuation marks, say)
// is merged in chunks to keep the merge linear, and a chunk's edge can
// cost a token the tokenizer would have merged away: such a count is not
// exact.
func CountTokensExact(s string) (n int, exact bool) {
	rk, err := loadRanks()
	if err != nil {
		return -1, false
	}
	memo := getMemo()
	defer putMemo(memo)
	total, exact := 0, true
	for i := 0; i < len(s); {
		j := nextPiece(s, i)
		if j-i == 1 { // every byte is a token: a quarter of the pieces, spared a call
			total++
			i = j
			continue
		}
		total += memo.count(rk, s, i, j)
		exact = exact && j-i <= maxPiece
		i = j
	}
	return total, exact
}

// pieceTokens counts the tokens of the piece s[i:j].
func pieceTokens(rk *bpeRanks, s string, i, j int) int {
	if _, ok := rk.rank(s, i, j); ok {
		return 1
	}
	if j-i > maxPiece {
		n := 0
		for i < j {
			cut := min(i+maxPiece, j)
			for cut < j && !utf8.RuneStart(s[cut]) {
				cut++
			}
			n += pieceTokens(rk, s, i, cut)
			i = cut
		}
		return n
	}
	return bytePairCount(rk, s, i, j)
}

// bytePairCount merges the adjacent pair of lowest rank until none is a
// token, as tiktoken does, and returns how many parts remain.
func bytePairCount(rk *bpeRanks, s string, from, to int) int {
	type part struct{ start, rank int }
	var stack [maxPiece + 1]part
	parts := stack[:to-from+1]
	rankOf := func(i, skip int) int {
		if i+skip+2 < len(parts) {
			if r, ok := rk.rank(s, parts[i].start, parts[i+skip+2].start); ok {
				return r
			}
		}
		return math.MaxInt
	}
	for i := range parts {
		parts[i] = part{from + i, math.MaxInt}
	}
	for i := 0; i+2 < len(parts); i++ {
		parts[i].rank = rankOf(i, 0)
	}
	for len(parts) > 1 {
		best, at := math.MaxInt, -1
		for i := 0; i < len(parts)-1; i++ {
			if parts[i].rank < best {
				best, at = parts[i].rank, i
			}
		}
		if at < 0 {
			break
		}
		parts[at].rank = rankOf(at, 1)
		if at > 0 {
			parts[at-1].rank = rankOf(at-1, 1)
		}
		parts = append(parts[:at+1], parts[at+2:]...)
	}
	return len(parts) - 1
}

// nextPiece returns where the cl100k split pattern's match starting at i
// ends. The pattern, tried alternative by alternative as a backtracking
// engine does:
//
//	(?i:'s|'t|'re|'ve|'m|'ll|'d) | [^\r\n\p{L}\p{N}]?\p{L}+ | \p{N}{1,3} |
//	 ?[^\s\p{L}\p{N}]+[\r\n]* | \s*[\r\n]+ | \s+(?!\S) | \s+
func nextPiece(s string, i int) int {
	c := s[i] // the comparisons with ASCII below hold for the rune at i too
	n, cls := 1, asciiClass[c]
	if c >= utf8.RuneSelf {
		n, cls = classOf(s, i)
	}
	if c == '\'' && i+1 < len(s) {
		if c := s[i+1] | 0x20; c == 's' || c == 't' || c == 'm' || c == 'd' {
			return i + 2
		}
		if i+2 < len(s) {
			switch string([]byte{s[i+1] | 0x20, s[i+2] | 0x20}) {
			case "re", "ve", "ll":
				return i + 3
			}
		}
	}
	if cls == clsLetter {
		return letters(s, i)
	}
	if c != '\r' && c != '\n' && cls != clsNumber && i+n < len(s) {
		c2 := asciiClass[s[i+n]]
		if s[i+n] >= utf8.RuneSelf {
			_, c2 = classOf(s, i+n)
		}
		if c2 == clsLetter {
			return letters(s, i+n)
		}
	}
	if cls == clsNumber {
		j := i + n
		for k := 1; k < 3 && j < len(s); k++ {
			n2, c2 := 1, asciiClass[s[j]]
			if s[j] >= utf8.RuneSelf {
				n2, c2 = classOf(s, j)
			}
			if c2 != clsNumber {
				break
			}
			j += n2
		}
		return j
	}
	j := i
	if c == ' ' {
		j++
	}
	k := j
	for k < len(s) {
		n2, c2 := 1, asciiClass[s[k]]
		if s[k] >= utf8.RuneSelf {
			n2, c2 = classOf(s, k)
		}
		if c2 != clsOther {
			break
		}
		k += n2
	}
	if k > j {
		for k < len(s) && (s[k] == '\r' || s[k] == '\n') {
			k++
		}
		return k
	}
	// c is white space: find the run, its last line break and its last rune.
	end, lastNL, lastStart := i, -1, i
	for end < len(s) {
		n2, c2 := 1, asciiClass[s[end]]
		if s[end] >= utf8.RuneSelf {
			n2, c2 = classOf(s, end)
		}
		if c2 != clsSpace {
			break
		}
		if s[end] == '\r' || s[end] == '\n' {
			lastNL = end + n2
		}
		lastStart = end
		end += n2
	}
	switch {
	case end == i: // not white space after all (cannot happen for valid input)
		return i + n
	case lastNL >= 0:
		return lastNL
	case end == len(s):
		return end
	case lastStart > i:
		return lastStart
	}
	return end
}

// Character classes of the split pattern: \p{L}, \p{N}, \s, the rest.
const (
	clsOther uint8 = iota
	clsLetter
	clsNumber
	clsSpace
)

// asciiClass classes the ASCII bytes (256 entries so that indexing by a
// byte needs no bounds check; the upper half is unused).
var asciiClass = func() (t [256]uint8) {
	for c := range utf8.RuneSelf {
		switch r := rune(c); {
		case unicode.IsLetter(r):
			t[c] = clsLetter
		case unicode.IsNumber(r):
			t[c] = clsNumber
		case unicode.IsSpace(r):
			t[c] = clsSpace
		}
	}
	return t
}()

// nonLetters marks (with its high bit) each byte of w that is not an
// ASCII letter: b|0x20 is in a-z exactly for the bytes A-Z and a-z below
// 0x80, compared per byte on seven bits (no carry crosses a byte).
func nonLetters(w uint64) uint64 {
	const low7, high = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	x := (w | 0x2020202020202020) & low7
	atLeastA := x + 0x1f1f1f1f1f1f1f1f // high bit: x >= 'a'
	pastZ := x + 0x0505050505050505    // high bit: x > 'z'
	letter := atLeastA &^ pastZ &^ w & high
	return ^letter & high
}

// The class of the rune at s[k] is read inline wherever nextPiece needs
// it: ASCII by table, the rest by classOf,
//
//	n2, c2 := 1, asciiClass[s[k]] // the table's upper half is clsOther
//	if s[k] >= utf8.RuneSelf {
//		n2, c2 = classOf(s, k)
//	}
//
// A helper for it costs more than the inliner allows (a call stays a
// call), and called per byte of white space and punctuation runs it was a
// sixth of CountTokens' instructions.

// classOf classes the rune s[i:] starts with (never both a letter and a
// number).
func classOf(s string, i int) (int, uint8) {
	r, n := utf8.DecodeRuneInString(s[i:])
	switch {
	case unicode.IsLetter(r):
		return n, clsLetter
	case unicode.IsNumber(r):
		return n, clsNumber
	case unicode.IsSpace(r):
		return n, clsSpace
	}
	return n, clsOther
}

// letters returns the end of the run of letters from j.
func letters(s string, j int) int {
	for {
		// Eight bytes at a time while they are ASCII letters: a byte at a
		// time, the loop's exit at each word's end was a branch the
		// processor mispredicted once a word.
		for j+8 <= len(s) {
			other := nonLetters(le64(s[j:]))
			if other != 0 {
				j += bits.TrailingZeros64(other) >> 3
				break
			}
			j += 8
		}
		for j < len(s) && asciiClass[s[j]] == clsLetter { // the upper half of the table is clsOther
			j++
		}
		if j == len(s) || s[j] < utf8.RuneSelf {
			return j
		}
		r, n := utf8.DecodeRuneInString(s[j:])
		if !unicode.IsLetter(r) {
			return j
		}
		j += n
	}
}
