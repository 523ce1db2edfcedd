package report

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// inPieces returns f(lo, hi) for consecutive ranges of per items out of
// n, in order. Formatting a big library's report comes after the last
// read with nothing to overlap it, so past a few pieces they are made on
// every core.
func inPieces(n, per int, f func(lo, hi int) []byte) [][]byte {
	pieces := make([][]byte, (n+per-1)/per)
	piece := func(i int) { pieces[i] = f(i*per, min((i+1)*per, n)) }
	if len(pieces) < 4 {
		for i := range pieces {
			piece(i)
		}
		return pieces
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(pieces)) {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < len(pieces); i = int(next.Add(1)) - 1 {
				piece(i)
			}
		})
	}
	wg.Wait()
	return pieces
}
