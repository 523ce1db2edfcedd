package formats

import (
	"context"
	"runtime"
	"sync"

	"github.com/skillstudio/skillstudio/model"
)

// The load pipeline, from a source to a checked library, in two stages
// that both the CLI and the studio run:
//
//  1. Stream opens a source, searches it (Search) and reads its skills in
//     parallel (Read), sending them in batches as they are read, so a
//     viewer can show rows as they land and a command can just drain it.
//  2. Check runs the library checks over every skill read from every
//     source: each source's OS Loop indexes, then CheckLibrary.
//
// The rule config is applied once, where findings are made: by Search and
// Read to theirs, by Check to the ones it adds. Collect is both stages for
// callers that want a library at the end (the CLI).

// Settings say how a stream reads.
type Settings struct {
	Options model.Options
	Rules   *model.RuleConfig
	// BatchSize is how many skills one Event carries at most (default 32).
	BatchSize int
	// Skip, when set, leaves out candidates already read (a rescan). It
	// is called from the stream's goroutine.
	Skip func(Candidate) bool
}

// Opener opens a source; Stream calls it on its own goroutine.
type Opener func() (Source, error)

// Loaded is one skill read by a stream.
type Loaded struct {
	// Index is the candidate's position in Searched.Found.Candidates, so a
	// drained stream can be put back in path order.
	Index     int
	Candidate Candidate
	Skill     *model.Skill
}

// Event is one message of a Stream: first Searched (or Err, then the
// stream ends), then batches of skills until every candidate is read.
type Event struct {
	Searched *Searched
	Batch    []Loaded
	Err      error
}

// Stream runs the first stage for one source. The channel is closed after
// the last event; cancel ctx to stop early (what was read is dropped, and
// the channel is closed without needing to be drained).
func Stream(ctx context.Context, open Opener, set Settings) <-chan Event {
	ch := make(chan Event, 4)
	go func() {
		defer close(ch)
		send := func(e Event) bool {
			select {
			case ch <- e:
				return true
			case <-ctx.Done():
				return false
			}
		}
		src, err := open()
		if err != nil {
			send(Event{Err: err})
			return
		}
		searched := Search(src, set.Rules)
		if !send(Event{Searched: searched}) {
			return
		}
		readAll(ctx, searched, set, send)
	}()
	return ch
}

// readAll reads searched's candidates on one worker per CPU, sending a
// batch whenever one fills up and the rest at the end.
func readAll(ctx context.Context, searched *Searched, set Settings, send func(Event) bool) {
	size := set.BatchSize
	if size <= 0 {
		size = 32
	}
	jobs := make(chan int)
	results := make(chan Loaded)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				c := searched.Found.Candidates[i]
				l := Loaded{Index: i, Candidate: c, Skill: Read(searched.Source, c, set.Options, set.Rules)}
				select {
				case results <- l:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i, c := range searched.Found.Candidates {
			if set.Skip != nil && set.Skip(c) {
				continue
			}
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()
	var batch []Loaded
	for l := range results {
		batch = append(batch, l)
		if len(batch) == size {
			if !send(Event{Batch: batch}) {
				break
			}
			batch = nil
		}
	}
	if len(batch) > 0 && ctx.Err() == nil {
		send(Event{Batch: batch})
	}
	for range results {
		// Cancelled: let the workers finish.
	}
}
