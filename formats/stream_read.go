package formats

import (
	"context"
	"runtime"
	"sync"
)

// searchAndRead searches src on one goroutine and reads what it finds on
// one worker per CPU as it is found, so the first rows land long before
// the search of a big tree ends and the search's folder listing overlaps
// the reading. Skills go out in batches as they are read; Searched goes
// out when the search ends.
func searchAndRead(ctx context.Context, src Source, set Settings, send func(Event) bool) {
	size := set.BatchSize
	if size <= 0 {
		size = 32
	}
	jobs := make(chan Loaded, 64)
	results := make(chan Loaded, 64)
	searchedCh := make(chan *Searched, 1)
	go func() {
		defer close(jobs)
		n := 0
		searchedCh <- SearchFunc(src, set.Rules, func(c Candidate) bool {
			if set.Skip != nil && set.Skip(c) {
				return ctx.Err() == nil
			}
			select {
			case jobs <- Loaded{Index: n, Candidate: c}:
				n++
				return true
			case <-ctx.Done():
				return false
			}
		})
	}()
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for l := range jobs {
				if ctx.Err() != nil {
					continue // cancelled: drain, so the search is never stuck
				}
				l.Skill = Read(src, l.Candidate, set.Options, set.Rules)
				l.Candidate.listed = nil // read: the listings may go
				select {
				case results <- l:
				case <-ctx.Done():
				}
			}
		}()
	}
	go func() { wg.Wait(); close(results) }()

	var batch []Loaded
	ok := true
	sendSearched := func(s *Searched) {
		if ok && !send(Event{Searched: s}) {
			ok = false
		}
	}
	searched := searchedCh
	for results != nil {
		select {
		case s := <-searched:
			searched = nil
			sendSearched(s)
		case l, more := <-results:
			if !more {
				results = nil
				break
			}
			if !ok {
				continue
			}
			batch = append(batch, l)
			if len(batch) == size {
				ok = send(Event{Batch: batch})
				batch = nil
			}
		}
	}
	if searched != nil {
		sendSearched(<-searched) // the search ended before the last read
	}
	if ok && len(batch) > 0 && ctx.Err() == nil {
		send(Event{Batch: batch})
	}
}
