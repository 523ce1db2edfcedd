package watch

import (
	"time"

	"github.com/fsnotify/fsnotify"
)

// loop gathers events into bursts and reports each after debounce quiet
// time, or MaxDelay after its first event, whichever comes first.
func (w *Watcher) loop() {
	defer close(w.done)
	defer close(w.bursts)
	var b burst
	var timer <-chan time.Time
	flush := func() {
		timer = nil
		if b.empty() {
			return
		}
		select {
		case w.bursts <- b.keys():
			b.reset()
		default:
			// The consumer is behind: keep the keys for the next try
			// rather than block reading events (fsnotify would overflow).
			timer = time.After(w.debounce)
		}
	}
	for {
		select {
		case ev, ok := <-w.fsw.Events:
			if !ok {
				flush()
				return
			}
			if ev.Op == fsnotify.Chmod {
				continue // touch, indexers, backup tools: the content is the same
			}
			keys := w.keys(ev)
			if len(keys) == 0 {
				continue
			}
			b.add(keys, time.Now())
			timer = time.After(b.wait(w.debounce, time.Now()))
		case err, ok := <-w.fsw.Errors:
			if !ok {
				flush()
				return
			}
			select {
			case w.errors <- err:
			default:
			}
		case <-timer:
			flush()
		}
	}
}
