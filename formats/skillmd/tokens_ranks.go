package skillmd

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"math/bits"
	"strconv"
)

// bpeRanks holds cl100k_base's ranks without pointers, for lookups by
// slices of a text. The loader's map[string]int held 100,000 strings that
// the garbage collector walked at every cycle, and a lookup in it cost a
// string hash and a few cache misses. Here a token of at most 8 bytes (80%
// of them, and nearly all the frequent ones) sits packed in its slot, so a
// lookup is a multiply and usually one slot; longer tokens are compared
// with their bytes in one arena.
type bpeRanks struct {
	// short holds rank+1 of the tokens of one and two bytes (0: not a
	// token), indexed by the bytes: the first round of every byte-pair
	// merge asks for pairs of bytes, one lookup each in a small array.
	short []int32
	slots []rankSlot
	shift uint // index = hash >> shift
	arena string
	off   []uint32 // the token of rank r is arena[off[r]:off[r+1]]
}

// rankSlot is a token: its first 8 bytes (little-endian, zero-padded) and
// meta = rank+1 | len<<32 (0: an empty slot).
type rankSlot struct {
	key, meta uint64
}

// parseRanks reads a .tiktoken file (a line per token: its bytes in
// base64, a space, its rank) straight into the table. The loader's own
// LoadTiktokenBpe built a map of 100,000 strings first, and reading that
// map back cost more than the table itself: about 50 ms and 24 MB of
// garbage per process that counts tokens, against about 10 ms here.
func parseRanks(file []byte) (*bpeRanks, error) {
	type span struct{ at, end uint32 }
	byRank := make([]span, 0, bytes.Count(file, []byte{'\n'})+1)
	raw := make([]byte, 0, base64.StdEncoding.DecodedLen(len(file)))
	for line := range bytes.Lines(file) {
		line = bytes.TrimRight(line, "\r\n")
		if len(line) == 0 {
			continue
		}
		enc, num, ok := bytes.Cut(line, []byte{' '})
		if !ok {
			return nil, fmt.Errorf("token ranks: no rank in %q", line)
		}
		r, err := strconv.Atoi(string(num))
		if err != nil || r < 0 || r > 1<<24 {
			return nil, fmt.Errorf("token ranks: bad rank in %q", line)
		}
		at := len(raw)
		n, err := base64.StdEncoding.Decode(raw[at:cap(raw)], enc)
		if err != nil || n == 0 {
			return nil, fmt.Errorf("token ranks: bad token in %q", line)
		}
		raw = raw[:at+n]
		if r >= len(byRank) {
			byRank = append(byRank, make([]span, r+1-len(byRank))...)
		}
		if byRank[r].end != 0 {
			return nil, fmt.Errorf("token ranks: rank %d twice", r)
		}
		byRank[r] = span{uint32(at), uint32(at + n)}
	}
	// The arena in rank order (the file's own order, for cl100k_base).
	arena := make([]byte, 0, len(raw))
	off := make([]uint32, 0, len(byRank)+1)
	present := make([]bool, len(byRank))
	for r, sp := range byRank {
		off = append(off, uint32(len(arena)))
		arena = append(arena, raw[sp.at:sp.end]...)
		present[r] = sp.end != 0
	}
	off = append(off, uint32(len(arena)))
	return newBPERanks(string(arena), off, present), nil
}

// newBPERanks builds the table over the tokens arena[off[r]:off[r+1]] of
// the ranks r that are present.
func newBPERanks(arena string, off []uint32, present []bool) *bpeRanks {
	count := 0
	for _, p := range present {
		if p {
			count++
		}
	}
	t := &bpeRanks{arena: arena, off: off}
	logSize := bits.Len(uint(count) * 2) // load factor at most 1/2
	t.slots = make([]rankSlot, 1<<logSize)
	t.shift = uint(64 - logSize)
	mask := uint64(len(t.slots) - 1)
	t.short = make([]int32, 1<<16+256)
	for r, ok := range present { // in rank order: the same table every time
		if !ok {
			continue
		}
		tok := arena[off[r]:off[r+1]]
		switch len(tok) {
		case 1:
			t.short[1<<16+int(tok[0])] = int32(r + 1)
		case 2:
			t.short[int(tok[0])|int(tok[1])<<8] = int32(r + 1)
		}
		key, h := pieceHash(tok, 0, len(tok))
		i := h >> t.shift
		for t.slots[i].meta != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = rankSlot{key: key, meta: uint64(r+1) | uint64(len(tok))<<32}
	}
	return t
}

// rank returns the rank of the token s[i:j], ok false when it is not one.
func (t *bpeRanks) rank(s string, i, j int) (int, bool) {
	switch j - i {
	case 1:
		r := t.short[1<<16+int(s[i])]
		return int(r) - 1, r != 0
	case 2:
		r := t.short[int(s[i])|int(s[i+1])<<8]
		return int(r) - 1, r != 0
	}
	var key, h uint64
	if j-i <= 8 && i+8 <= len(s) {
		// The common case, inlined: one load, one multiply.
		key = le64(s[i:]) & (^uint64(0) >> (64 - 8*uint(j-i)))
		h = (key ^ uint64(j-i)<<56) * hashMul
	} else {
		key, h = pieceHash(s, i, j)
	}
	want := uint64(j-i) << 32
	mask := uint64(len(t.slots) - 1)
	for k := h >> t.shift; ; k = (k + 1) & mask {
		e := &t.slots[k]
		if e.meta == 0 {
			return 0, false
		}
		if e.key != key || e.meta&^(1<<32-1) != want {
			continue
		}
		r := uint32(e.meta) - 1
		if j-i <= 8 || t.arena[t.off[r]+8:t.off[r+1]] == s[i+8:j] {
			return int(r), true
		}
	}
}

// pieceHash returns the first 8 bytes of s[i:j] packed little-endian and
// zero-padded, and a hash of all of s[i:j] (Fibonacci hashing: the high
// bits of a multiply are the well-mixed ones).
func pieceHash(s string, i, j int) (key, h uint64) {
	n := j - i
	key = load64(s, i, min(j, i+8))
	h = (key ^ uint64(n)<<56) * hashMul
	for i += 8; i < j; i += 8 {
		h = (h ^ h>>29 ^ load64(s, i, min(j, i+8))) * hashMul
	}
	return key, h
}

const hashMul = 0x9E3779B97F4A7C15

// le64 reads the first 8 bytes of s little-endian (one load once compiled).
func le64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// load64 packs s[i:j] (at most 8 bytes) little-endian, zero-padded; one
// load when 8 bytes of s start at i.
func load64(s string, i, j int) uint64 {
	if i+8 <= len(s) {
		return le64(s[i:]) & (^uint64(0) >> (64 - 8*uint(j-i)))
	}
	var w uint64
	for k := j - 1; k >= i; k-- {
		w = w<<8 | uint64(s[k])
	}
	return w
}
