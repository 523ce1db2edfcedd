// Package watch is skillstudio's one debounced file watcher. The studio's
// live lint (registry.Watcher) and `build --watch` both sit on it, so a
// save is reported the same way, after the same quiet time, everywhere.
package watch

import (
	"path/filepath"
	"time"

	"github.com/fsnotify/fsnotify"
)

// Debounce is how long a Watcher waits after the last event of a burst
// before it reports: editors save in several steps (truncate, write,
// rename a temp file over the old one) and one report per save is wanted.
const Debounce = 50 * time.Millisecond

// MaxDelay caps how long a report can be postponed by a file that keeps
// changing (a log written by a running script, say).
const MaxDelay = 500 * time.Millisecond

// Settle is how long a Leading watcher waits after the first event of a
// burst that follows a quiet spell: long enough for the few writes of one
// save (truncate, write, close arrive microseconds apart) to land
// together, short enough that a save is rebuilt well within a frame.
const Settle = 3 * time.Millisecond

// Option changes how a Watcher reports.
type Option func(*Watcher)

// Leading reports the first burst after a quiet spell after Settle rather
// than the full debounce, so a save is acted on at once; events that keep
// coming within debounce of a report are still gathered and reported
// after debounce quiet time. Use it where acting twice is cheap and
// harmless (a rebuild), so latency matters more than coalescing.
func Leading() Option { return func(w *Watcher) { w.leading = true } }

// KeysFunc maps one file event to the keys it concerns: skill ids, paths,
// whatever the caller reports by. An event with no keys is ignored.
type KeysFunc func(ev fsnotify.Event) []string

// Watcher watches folders, not files: a save that renames a temp file over
// the old one ends a watch on the file itself. Events are turned into keys
// and gathered into bursts; each burst is delivered once, sorted and
// without duplicates.
type Watcher struct {
	fsw      *fsnotify.Watcher
	debounce time.Duration
	keys     KeysFunc
	bursts   chan []string
	errors   chan error
	done     chan struct{}
	leading  bool
}

// New starts a watcher that watches nothing yet. debounce <= 0 means
// Debounce; keys nil means each event's absolute path.
func New(debounce time.Duration, keys KeysFunc, opts ...Option) (*Watcher, error) {
	fsw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	if debounce <= 0 {
		debounce = Debounce
	}
	if keys == nil {
		keys = absPath
	}
	w := &Watcher{
		fsw:      fsw,
		debounce: debounce,
		keys:     keys,
		bursts:   make(chan []string, 16),
		errors:   make(chan error, 16),
		done:     make(chan struct{}),
	}
	for _, o := range opts {
		o(w)
	}
	go w.loop()
	return w, nil
}

// Add watches one more folder; adding a folder twice is harmless. Changes
// made after Add returns are seen.
func (w *Watcher) Add(dir string) error { return w.fsw.Add(dir) }

// Bursts delivers the keys of each debounced burst. Close closes it.
func (w *Watcher) Bursts() <-chan []string { return w.bursts }

// Errors delivers watch errors (a folder that vanished, an exhausted
// inotify limit). They are informational: the watcher keeps going, and
// errors nobody reads are dropped.
func (w *Watcher) Errors() <-chan error { return w.errors }

// Close stops watching, delivers what is pending if there is room, and
// closes Bursts. It must be called once.
func (w *Watcher) Close() error {
	err := w.fsw.Close()
	<-w.done
	return err
}

func absPath(ev fsnotify.Event) []string {
	abs, err := filepath.Abs(ev.Name)
	if err != nil {
		return nil
	}
	return []string{abs}
}
