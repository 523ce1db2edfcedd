package skillmd

import (
	"math"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	tiktokenloader "github.com/pkoukk/tiktoken-go-loader"
)

// Token counting, offline, for cl100k_base.
//
// tiktoken-go counts exactly but runs its split pattern through regexp2
// (about 3 MB/s here: 10 ms for a 33 KB SKILL.md), far too slow to count
// every body of a 10,000-skill library. CountTokens gives the same counts
// (tested against tiktoken-go on the corpus) from a hand-written splitter
// for the cl100k pattern and the same byte-pair merge over the same ranks
// (tiktoken-go-loader's embedded file), with pieces that are not one token
// cached. The ranks load once, on first use (~100 ms).

var (
	ranksOnce sync.Once
	ranks     map[string]int
	ranksErr  error

	pieceCache     sync.Map // string → int, for pieces that are not a single token
	pieceCacheSize atomic.Int64
)

const (
	maxCachedPiece  = 64
	maxCacheEntries = 1 << 18
	// maxPiece bounds the quadratic merge: a longer piece (a 1 MB run of
	// letters, say) is counted in chunks of this size.
	maxPiece = 512
)

func loadRanks() (map[string]int, error) {
	ranksOnce.Do(func() {
		ranks, ranksErr = tiktokenloader.NewOfflineLoader().LoadTiktokenBpe("cl100k_base.tiktoken")
	})
	return ranks, ranksErr
}

// CountTokens returns how many cl100k_base tokens s encodes to, or -1 if
// the embedded ranks cannot be loaded.
func CountTokens(s string) int {
	rk, err := loadRanks()
	if err != nil {
		return -1
	}
	total := 0
	for i := 0; i < len(s); {
		j := nextPiece(s, i)
		total += pieceTokens(rk, s[i:j])
		i = j
	}
	return total
}

func pieceTokens(rk map[string]int, piece string) int {
	if _, ok := rk[piece]; ok {
		return 1
	}
	if len(piece) > maxPiece {
		n := 0
		for len(piece) > 0 {
			cut := min(maxPiece, len(piece))
			for cut < len(piece) && !utf8.RuneStart(piece[cut]) {
				cut++
			}
			n += pieceTokens(rk, piece[:cut])
			piece = piece[cut:]
		}
		return n
	}
	if len(piece) <= maxCachedPiece {
		if v, ok := pieceCache.Load(piece); ok {
			return v.(int)
		}
	}
	n := bytePairCount(rk, piece)
	if len(piece) <= maxCachedPiece && pieceCacheSize.Load() < maxCacheEntries {
		pieceCache.Store(piece, n)
		pieceCacheSize.Add(1)
	}
	return n
}

// bytePairCount merges the adjacent pair of lowest rank until none is a
// token, as tiktoken does, and returns how many parts remain.
func bytePairCount(rk map[string]int, piece string) int {
	type part struct{ start, rank int }
	var stack [maxPiece + 1]part
	parts := stack[:len(piece)+1]
	rankOf := func(i, skip int) int {
		if i+skip+2 < len(parts) {
			if r, ok := rk[piece[parts[i].start:parts[i+skip+2].start]]; ok {
				return r
			}
		}
		return math.MaxInt
	}
	for i := range parts {
		parts[i] = part{i, math.MaxInt}
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
	r, n := utf8.DecodeRuneInString(s[i:])
	if r == '\'' && i+1 < len(s) {
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
	if unicode.IsLetter(r) {
		return letters(s, i)
	}
	if r != '\r' && r != '\n' && !unicode.IsNumber(r) && i+n < len(s) {
		if r2, _ := utf8.DecodeRuneInString(s[i+n:]); unicode.IsLetter(r2) {
			return letters(s, i+n)
		}
	}
	if unicode.IsNumber(r) {
		j := i + n
		for k := 1; k < 3 && j < len(s); k++ {
			r2, n2 := utf8.DecodeRuneInString(s[j:])
			if !unicode.IsNumber(r2) {
				break
			}
			j += n2
		}
		return j
	}
	j := i
	if r == ' ' {
		j++
	}
	k := j
	for k < len(s) {
		r2, n2 := utf8.DecodeRuneInString(s[k:])
		if unicode.IsSpace(r2) || unicode.IsLetter(r2) || unicode.IsNumber(r2) {
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
	// r is white space: find the run, its last line break and its last rune.
	end, lastNL, lastStart := i, -1, i
	for end < len(s) {
		r2, n2 := utf8.DecodeRuneInString(s[end:])
		if !unicode.IsSpace(r2) {
			break
		}
		if r2 == '\r' || r2 == '\n' {
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

func letters(s string, j int) int {
	for j < len(s) {
		r, n := utf8.DecodeRuneInString(s[j:])
		if !unicode.IsLetter(r) {
			break
		}
		j += n
	}
	return j
}
