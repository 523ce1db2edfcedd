// Package workqueue runs jobs on a bounded number of goroutines, in the
// order they were added. Adding never blocks, so a running job may add
// more (a folder listing that finds sub-folders) without a deadlock, and
// a queued job costs a closure, not a goroutine and its stack: a remote
// index listing 10,000 skills holds 10,000 closures and a few workers.
package workqueue

import "sync"

// Queue is a FIFO of jobs run by at most Workers goroutines. The zero
// value is not usable; call New.
type Queue struct {
	max int

	mu      sync.Mutex
	jobs    []func()
	head    int // jobs[:head] have been taken
	running int // worker goroutines alive
	wg      sync.WaitGroup
}

// New returns a queue running at most workers jobs at once (at least 1).
func New(workers int) *Queue {
	return &Queue{max: max(workers, 1)}
}

// Go queues job; a worker starts it once the jobs before it have started.
func (q *Queue) Go(job func()) {
	q.wg.Add(1)
	q.mu.Lock()
	q.jobs = append(q.jobs, job)
	if q.running < q.max {
		q.running++
		go q.work()
	}
	q.mu.Unlock()
}

// Wait returns when every job queued so far, and every job they queued,
// has returned.
func (q *Queue) Wait() { q.wg.Wait() }

func (q *Queue) work() {
	for {
		q.mu.Lock()
		if q.head == len(q.jobs) {
			// Drained: let the backing array go (a finished index's
			// closures hold its entries).
			q.jobs, q.head = nil, 0
			q.running--
			q.mu.Unlock()
			return
		}
		job := q.jobs[q.head]
		q.jobs[q.head] = nil
		q.head++
		q.mu.Unlock()
		func() {
			defer q.wg.Done()
			job()
		}()
	}
}
