package formats

import (
	"context"
	"io/fs"

	"github.com/skillstudio/skillstudio/model"
)

// The load pipeline, from a source to a checked library, in two stages
// that both the CLI and the studio run:
//
//  1. Stream opens a source, searches it (Search) and reads its skills in
//     parallel (Read) as the search finds them, sending them in batches as
//     they are read, so a viewer can show rows before the search of a big
//     tree ends and a command can just drain it.
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
	// Repositories asks for an Event per OS Loop repository as soon as
	// the search has found all of its packages (see Event.Repository).
	Repositories bool
}

// Opener opens a source; Stream calls it on its own goroutine.
type Opener func() (Source, error)

// Loaded is one skill read by a stream.
type Loaded struct {
	// Index is the order the search found the candidate in (not its
	// position in Searched.Found.Candidates, which are sorted by path once
	// the search ends: sort by Candidate.Path for that order).
	Index     int
	Candidate Candidate
	Skill     *model.Skill
}

// Event is one message of a Stream: Err (then the stream ends), or
// batches of skills as they are read with one Searched among them, sent
// when the search ends (batches can come before it: reading starts with
// the first candidate found). The stream ends after the last candidate is
// read; Searched always comes before that.
type Event struct {
	Searched *Searched
	Batch    []Loaded
	Err      error
	// Repository, sent only when Settings.Repositories asks, is an OS
	// Loop repository the search has left, every package of it found
	// (their skills may come before or after it). Not every repository
	// is sent; Searched lists them all.
	Repository *LeftRepository
}

// LeftRepository is an OS Loop repository whose folder the search has
// left: its index and how many packages were found beside it.
type LeftRepository struct {
	Index    string
	Packages int
	// FS is the source's, which the index is read from.
	FS fs.FS
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
		searchAndRead(ctx, src, set, send)
	}()
	return ch
}
