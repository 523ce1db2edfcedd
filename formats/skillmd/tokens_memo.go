package skillmd

// pieceMemo remembers the token counts of pieces of up to 64 bytes (the
// words of a text), for one goroutine at a time. A text repeats its words:
// about nine pieces in ten were seen before, and a hit here is a load or
// two from an array an eighth of the rank table's size, where that is
// megabytes of scattered lookups and a piece that is not one token costs a
// byte-pair merge. A count never changes, so a memo is never cleared and
// is kept for the next text (memos, not a sync.Pool, which drops its
// contents at every collection). It holds no pointers: the garbage
// collector has nothing to walk in it, unlike the sync.Map it replaces.
type pieceMemo struct {
	// short holds pieces of up to 15 bytes by open addressing. It never
	// evicts: a direct-mapped table of 4,096 pieces kept throwing out
	// words the next text used again (the corpus's long bodies hold about
	// 19,000 distinct short pieces; a fifth of the lookups missed, each a
	// scattered rank lookup), while the first pieces a process meets are
	// mostly the frequent ones. Once memoShortFill are in, new pieces are
	// counted without being remembered.
	short [memoShort]memoEntry
	used  int // entries of short in use
	// hot holds the pieces looked up last, direct-mapped: 16 KB that stay
	// in the cache between texts, where short's 512 KB are mostly thrown
	// out by the reading in between (a piece's first lookup in a text was
	// a miss to memory, most of count's time in a Load).
	hot [memoHot]memoEntry
	// merged holds the pieces of up to 64 bytes that are not one token
	// (the ones that cost a byte-pair merge), so that common words do not
	// push them out of short.
	merged [memoMerged]memoMergedEntry
}

const (
	memoShortBits  = 15
	memoShort      = 1 << memoShortBits
	memoHotBits    = 10
	memoHot        = 1 << memoHotBits
	memoShortFill  = memoShort * 7 / 10 // keeps probe runs short
	maxShortPiece  = 15
	memoMergedBits = 13
	memoMerged     = 1 << memoMergedBits
	maxMemoPiece   = 64
)

// memoEntry is a piece of up to 15 bytes: lo its first 8 bytes, hi the
// next 7 (little-endian, zero-padded) with len<<4 | count in its top byte
// (a count never exceeds the length: a token is at least a byte); hi 0 is
// an empty entry.
type memoEntry struct {
	lo, hi uint64
}

// memoMergedEntry is a piece of up to 64 bytes.
type memoMergedEntry struct {
	text  [maxMemoPiece]byte
	n     uint8
	count uint16
}

// memos holds the idle memos; a goroutine that finds none makes one.
var memos = make(chan *pieceMemo, 16)

func getMemo() *pieceMemo {
	select {
	case m := <-memos:
		return m
	default:
		return new(pieceMemo)
	}
}

func putMemo(m *pieceMemo) {
	select {
	case memos <- m:
	default:
	}
}

// count is pieceTokens for the piece s[i:j], remembered when it is at
// most 64 bytes long.
func (m *pieceMemo) count(rk *bpeRanks, s string, i, j int) int {
	n := j - i
	switch {
	case n == 1: // every byte is a token
		return 1
	case n == 2: // one lookup in a small array, no hashing
		if rk.short[int(s[i])|int(s[i+1])<<8] != 0 {
			return 1
		}
		return 2
	case n > maxShortPiece:
		return m.countMerged(rk, s, i, j)
	}
	var lo, hi uint64
	switch {
	case n <= 8 && i+8 <= len(s):
		lo = le64(s[i:]) & (^uint64(0) >> (64 - 8*uint(n)))
	case n > 8 && i+16 <= len(s):
		lo = le64(s[i:])
		hi = le64(s[i+8:]) & (^uint64(0) >> (64 - 8*uint(n-8)))
	default:
		lo = load64(s, i, min(j, i+8))
		if n > 8 {
			hi = load64(s, i+8, j)
		}
	}
	h := (lo ^ hi*0xC2B2AE3D27D4EB4F ^ uint64(n)<<58) * hashMul
	hi |= uint64(n) << 60
	const countBits = 0xf << 56
	hot := &m.hot[h>>(64-memoHotBits)]
	if hot.lo == lo && hot.hi&^countBits == hi {
		return int(hot.hi & countBits >> 56)
	}
	for k := h >> (64 - memoShortBits); ; k = (k + 1) & (memoShort - 1) {
		e := &m.short[k]
		if e.hi == 0 {
			c := m.countMerged(rk, s, i, j)
			if m.used < memoShortFill {
				m.used++
				*e = memoEntry{lo: lo, hi: hi | uint64(c)<<56}
			}
			*hot = memoEntry{lo: lo, hi: hi | uint64(c)<<56}
			return c
		}
		if e.lo == lo && e.hi&^countBits == hi {
			*hot = *e
			return int(e.hi & countBits >> 56)
		}
	}
}

// countMerged is pieceTokens for s[i:j], with the merges of pieces of up
// to 64 bytes remembered.
func (m *pieceMemo) countMerged(rk *bpeRanks, s string, i, j int) int {
	n := j - i
	if n > maxMemoPiece {
		return pieceTokens(rk, s, i, j)
	}
	if _, ok := rk.rank(s, i, j); ok {
		return 1
	}
	_, h := pieceHash(s, i, j)
	e := &m.merged[h>>(64-memoMergedBits)]
	if int(e.n) == n && string(e.text[:n]) == s[i:j] {
		return int(e.count)
	}
	c := bytePairCount(rk, s, i, j)
	copy(e.text[:], s[i:j])
	e.n, e.count = uint8(n), uint16(c)
	return c
}
