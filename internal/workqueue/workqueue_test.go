package workqueue

import (
	"sync"
	"sync/atomic"
	"testing"
)

// TestBoundedAndOrdered: never more than Workers jobs at once, jobs start
// in the order added, and every job runs before Wait returns.
func TestBoundedAndOrdered(t *testing.T) {
	const workers, n = 3, 500
	q := New(workers)
	var running, peak, done atomic.Int64
	var mu sync.Mutex
	var started []int
	for i := range n {
		q.Go(func() {
			mu.Lock()
			started = append(started, i)
			mu.Unlock()
			r := running.Add(1)
			for p := peak.Load(); r > p && !peak.CompareAndSwap(p, r); p = peak.Load() {
			}
			running.Add(-1)
			done.Add(1)
		})
	}
	q.Wait()
	if done.Load() != n {
		t.Fatalf("ran %d of %d jobs", done.Load(), n)
	}
	if peak.Load() > workers {
		t.Errorf("%d jobs ran at once; the bound is %d", peak.Load(), workers)
	}
	// With one worker the start order is exactly the queue order.
	q1 := New(1)
	var order []int
	for i := range 50 {
		q1.Go(func() { order = append(order, i) })
	}
	q1.Wait()
	for i, v := range order {
		if v != i {
			t.Fatalf("job %d started at position %d", v, i)
		}
	}
}

// TestNestedGoDoesNotDeadlock: a job that queues more jobs while every
// worker is busy (a GitHub folder listing its sub-folders) must not wait
// for a free worker.
func TestNestedGoDoesNotDeadlock(t *testing.T) {
	q := New(1)
	var n atomic.Int64
	var spawn func(depth int)
	spawn = func(depth int) {
		q.Go(func() {
			n.Add(1)
			if depth < 6 {
				spawn(depth + 1)
				spawn(depth + 1)
			}
		})
	}
	spawn(0)
	q.Wait()
	if n.Load() != 127 {
		t.Fatalf("ran %d jobs, want 127", n.Load())
	}
}
