package ui

import (
	"testing"

	"github.com/skillstudio/skillstudio/formats"
)

func batchOf(n int) formats.Event { return formats.Event{Batch: make([]formats.Loaded, n)} }

// A read takes in the batches waiting behind the first, and leaves any
// other event, and the stream's end, for the reads after it.
func TestEventReaderTakesWaitingBatchesAtOnce(t *testing.T) {
	ch := make(chan formats.Event, 8)
	ch <- batchOf(2)
	ch <- batchOf(3)
	ch <- formats.Event{Searched: &formats.Searched{}}
	ch <- batchOf(1)
	close(ch)
	r := &eventReader{ch: ch}
	if ev, ok := r.next(); !ok || len(ev.Batch) != 5 {
		t.Fatalf("first read: %d skills, %v", len(ev.Batch), ok)
	}
	if ev, ok := r.next(); !ok || ev.Searched == nil || ev.Batch != nil {
		t.Fatalf("second read: %+v %v, want the search's end", ev, ok)
	}
	if ev, ok := r.next(); !ok || len(ev.Batch) != 1 {
		t.Fatalf("third read: %d skills, %v", len(ev.Batch), ok)
	}
	if _, ok := r.next(); ok {
		t.Fatal("the stream's end was lost")
	}
}

func TestEventReaderBoundsOneMessage(t *testing.T) {
	ch := make(chan formats.Event, 100)
	for range 100 {
		ch <- batchOf(32)
	}
	close(ch)
	r := &eventReader{ch: ch}
	total := 0
	for {
		ev, ok := r.next()
		if !ok {
			break
		}
		if n := len(ev.Batch); n > maxCoalesced {
			t.Errorf("one message carries %d skills", n)
		}
		total += len(ev.Batch)
	}
	if total != 3200 {
		t.Errorf("%d skills read, want 3200", total)
	}
}
