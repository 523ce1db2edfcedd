package formats

import (
	"context"
	"runtime"
	"sync"
)

// searchAndRead searches src on one goroutine and reads what it finds on
// one worker per CPU as it is found, so the first rows land long before
// the search of a big tree ends and the search's folder listing overlaps
// the reading. Each worker sends its own batches (no goroutine between
// the readers and the stream gathers them one skill at a time: a handoff
// and a wake-up per skill cost the second core more than they saved);
// Searched goes out when the search ends.
func searchAndRead(ctx context.Context, src Source, set Settings, send func(Event) bool) {
	size := set.BatchSize
	if size <= 0 {
		size = 32
	}
	jobs := make(chan Loaded, 64)
	var wg sync.WaitGroup
	wg.Go(func() {
		defer close(jobs)
		n := 0
		var left func(index string, packages int)
		if set.Repositories {
			left = func(index string, packages int) {
				send(Event{Repository: &LeftRepository{Index: index, Packages: packages, FS: src.Base.FS}})
			}
		}
		if src.Exclude == nil {
			src.Exclude = set.Options.Exclude
		}
		src.KeepTemplates = src.KeepTemplates || set.Options.KeepTemplates
		if src.Folders == nil {
			src.Folders = set.Options.Folders
		}
		searched := searchWith(src, set.Rules, func(c Candidate) bool {
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
		}, left)
		if ctx.Err() == nil {
			send(Event{Searched: searched})
		}
	})
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			var batch []Loaded
			for l := range jobs {
				if ctx.Err() != nil {
					continue // cancelled: drain, so the search is never stuck
				}
				l.Skill = Read(src, l.Candidate, set.Options, set.Rules)
				l.Candidate.listed = nil // read: the listings may go
				batch = append(batch, l)
				if len(batch) == size {
					send(Event{Batch: batch})
					batch = nil
				}
			}
			if len(batch) > 0 && ctx.Err() == nil {
				send(Event{Batch: batch})
			}
		})
	}
	wg.Wait()
}
