// Command scaling prints how much faster this machine runs the same Go
// work on two cores than on one, for two kinds of work: lookups that
// stay in each core's own cache, and random lookups in a map too big for
// it (pointer chasing, as a parser's maps and trees are). It is the
// ceiling to read lint's two-core ratio against: work that waits on
// memory cannot scale past what the machine's memory gives two cores.
//
//	go run ./bench/scaling            # prints a Markdown table row per kind
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"time"
)

// worker is one goroutine's private data: nothing is shared between
// cores, so any loss is the machine's, not contention in the program.
type worker struct {
	small []int
	big   map[string]int
	keys  []string
}

func newWorker(bigKeys int) *worker {
	w := &worker{small: make([]int, 4096), big: make(map[string]int, bigKeys)}
	for i := range bigKeys {
		k := "key-" + strconv.Itoa(i)
		w.big[k] = i
		w.keys = append(w.keys, k)
	}
	return w
}

// task does one unit of the named kind of work and returns a value so
// the compiler cannot drop it.
func (w *worker) task(kind string, r *rand.Rand) int {
	t := 0
	switch kind {
	case "cache":
		for range 2_000_000 {
			t += w.small[r.IntN(len(w.small))]
		}
	case "memory":
		for range 300_000 {
			t += w.big[w.keys[r.IntN(len(w.keys))]]
		}
	}
	return t
}

// run does tasks units of work on procs cores and returns the wall time.
func run(kind string, procs, tasks int, workers []*worker) time.Duration {
	runtime.GOMAXPROCS(procs)
	next := make(chan struct{}, tasks)
	for range tasks {
		next <- struct{}{}
	}
	close(next)
	start := time.Now()
	var wg sync.WaitGroup
	for g := range procs {
		wg.Go(func() {
			r := rand.New(rand.NewPCG(uint64(g), 1))
			sink := 0
			for range next {
				sink += workers[g].task(kind, r)
			}
			_ = sink
		})
	}
	wg.Wait()
	return time.Since(start)
}

func main() {
	runs := flag.Int("runs", 5, "runs per core count; the median is reported")
	tasks := flag.Int("tasks", 16, "units of work per run")
	flag.Parse()
	if runtime.NumCPU() < 2 {
		fmt.Fprintln(os.Stderr, "scaling: this machine has one core; nothing to compare")
		os.Exit(1)
	}
	workers := []*worker{newWorker(200_000), newWorker(200_000)}
	runtime.GC()
	for _, kind := range []string{"cache", "memory"} {
		var one, two []time.Duration
		for range *runs { // alternate, so a change in the machine's load hits both
			one = append(one, run(kind, 1, *tasks, workers))
			two = append(two, run(kind, 2, *tasks, workers))
		}
		m1, m2 := median(one), median(two)
		label := map[string]string{
			"cache":  "the machine: random reads in a 32 KB slice per core (stays in cache), two cores vs one",
			"memory": "the machine: random lookups in a 200k-key map per core (waits on memory), two cores vs one",
		}[kind]
		fmt.Printf("| %s | one core %.0f ms | two cores %.0f ms | **%.2f×** |\n",
			label, ms(m1), ms(m2), float64(m1)/float64(m2))
	}
}

func median(d []time.Duration) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2]
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
