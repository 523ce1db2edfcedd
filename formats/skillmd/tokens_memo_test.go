package skillmd

import (
	"strconv"
	"strings"
	"testing"
)

// TestPieceMemoAgrees: a memo answers as pieceTokens for pieces of every
// length around its limits (8, 15, 16 and 64 bytes), asked twice, and
// keeps answering once it is full and stops remembering.
func TestPieceMemoAgrees(t *testing.T) {
	pureCPUUnderRace(t) // a memo of its own, on one goroutine
	rk, err := loadRanks()
	if err != nil {
		t.Fatal(err)
	}
	m := new(pieceMemo)
	var pieces []string
	for i := range memoShortFill { // twice as many distinct short pieces as it holds
		w := strconv.Itoa(i*7919) + "x"
		pieces = append(pieces, w, " "+w, strings.Repeat(w, 1+i%9)[:min(len(w)*(1+i%9), 1+i%70)])
	}
	for pass := 0; pass < 2; pass++ {
		for _, p := range pieces {
			text := "...." + p + "...."
			got := m.count(rk, text, 4, 4+len(p))
			if want := pieceTokens(rk, text, 4, 4+len(p)); got != want {
				t.Fatalf("pass %d: memo counts %q as %d, pieceTokens %d", pass, p, got, want)
			}
			// At the end of a text: the byte-by-byte loads.
			if got, want := m.count(rk, p, 0, len(p)), pieceTokens(rk, p, 0, len(p)); got != want {
				t.Fatalf("pass %d: memo counts %q (alone) as %d, pieceTokens %d", pass, p, got, want)
			}
		}
	}
	if m.used != memoShortFill {
		t.Fatalf("memo holds %d short pieces, want it full at %d", m.used, memoShortFill)
	}
}
