package watch

import (
	"time"

	"github.com/fsnotify/fsnotify"
)

// loop gathers events into bursts and reports each after debounce quiet
// time, or MaxDelay after its first event, whichever comes first. With
// Leading, a burst that starts more than debounce after the last report
// waits only Settle: the first save after a pause is reported at once, and
// the events that follow it are gathered as before.
func (w *Watcher) loop() {
	defer close(w.done)
	defer close(w.bursts)
	var b burst
	var timer <-chan time.Time
	var lastReport time.Time
	flush := func() {
		timer = nil
		if b.empty() {
			return
		}
		select {
		case w.bursts <- b.keys():
			b.reset()
			lastReport = time.Now()
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
			now := time.Now()
			b.add(keys, now, w.leading && now.Sub(lastReport) >= w.debounce)
			timer = time.After(b.wait(w.debounce, now))
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
