package skillmd

// pieceMemo remembers the token counts of pieces of up to 64 bytes (the
// words of a text), for one goroutine at a time. A text repeats its words:
// about three pieces in four were seen before, and a hit here is a few
// loads from a small array that stays in cache, where the rank table is
// megabytes of scattered lookups and a piece that is not one token costs a
// byte-pair merge. A count never changes, so a memo is never cleared and
// is kept for the next text (memos, not a sync.Pool, which drops its
// contents at every collection). It holds no pointers: the garbage
// collector has nothing to walk in it, unlike the sync.Map it replaces.
type pieceMemo struct {
	short [memoShort]memoEntry
	// merged holds the pieces of up to 64 bytes that are not one token
	// (the ones that cost a byte-pair merge), so that common words do not
	// push them out of short.
	merged [memoMerged]memoMergedEntry
}

const (
	memoShortBits  = 12
	memoShort      = 1 << memoShortBits
	memoMergedBits = 13
	memoMerged     = 1 << memoMergedBits
	maxMemoPiece   = 64
)

// memoEntry is a piece of up to 16 bytes (little-endian, zero-padded)
// and meta = len<<16 | count; 0 is an empty entry.
type memoEntry struct {
	k0, k1 uint64
	meta   uint32
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
	if n > 16 {
		return m.countMerged(rk, s, i, j)
	}
	var k0, k1 uint64
	switch {
	case n <= 8 && i+8 <= len(s):
		k0 = le64(s[i:]) & (^uint64(0) >> (64 - 8*uint(n)))
	case n > 8 && i+16 <= len(s):
		k0 = le64(s[i:])
		k1 = le64(s[i+8:]) & (^uint64(0) >> (64 - 8*uint(n-8)))
	default:
		k0 = load64(s, i, min(j, i+8))
		if n > 8 {
			k1 = load64(s, i+8, j)
		}
	}
	h := (k0 ^ k1*0xC2B2AE3D27D4EB4F ^ uint64(n)<<58) * hashMul
	e := &m.short[h>>(64-memoShortBits)]
	if e.k0 == k0 && e.k1 == k1 && e.meta>>16 == uint32(n) {
		return int(e.meta & 0xffff)
	}
	c := m.countMerged(rk, s, i, j)
	*e = memoEntry{k0: k0, k1: k1, meta: uint32(n)<<16 | uint32(c)}
	return c
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
