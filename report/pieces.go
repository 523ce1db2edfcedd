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
	eachPiece(n, per, func(i, lo, hi int) { pieces[i] = f(lo, hi) })
	return pieces
}

// eachPiece calls f(i, lo, hi) for the i-th range of per items out of n,
// on every core once there are four ranges or more.
func eachPiece(n, per int, f func(i, lo, hi int)) {
	count := (n + per - 1) / per
	piece := func(i int) { f(i, i*per, min((i+1)*per, n)) }
	if count < 4 {
		for i := range count {
			piece(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), count) {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < count; i = int(next.Add(1)) - 1 {
				piece(i)
			}
		})
	}
	wg.Wait()
}
