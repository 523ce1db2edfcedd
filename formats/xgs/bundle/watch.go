package bundle

import (
	"context"
	"path/filepath"
	"sort"
	"time"

	"github.com/fsnotify/fsnotify"
)

// DefaultDebounce is how long a DirWatcher waits after the last change
// before it reports: editors save in bursts (write, chmod, rename), and
// one rebuild per save is what a person wants.
const DefaultDebounce = 50 * time.Millisecond

// DirWatcher watches folders, not files: editors save by writing a temp
// file and renaming it over the old one, which ends a watch on the file.
type DirWatcher struct {
	w *fsnotify.Watcher
}

// WatchDirs starts watching dirs. Changes made after it returns are seen.
func WatchDirs(dirs []string) (*DirWatcher, error) {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	for _, d := range dirs {
		if err := w.Add(d); err != nil {
			w.Close()
			return nil, err
		}
	}
	return &DirWatcher{w: w}, nil
}

// Add watches one more folder (a helper module's, say); adding a folder
// twice is harmless.
func (dw *DirWatcher) Add(dir string) error { return dw.w.Add(dir) }

// Run calls changed with the absolute paths that changed, sorted, once per
// burst of events (debounce <= 0 means DefaultDebounce), until ctx ends.
// changed runs on Run's goroutine, one call at a time. Run closes the
// watcher when it returns.
func (dw *DirWatcher) Run(ctx context.Context, debounce time.Duration, changed func(paths []string)) {
	defer dw.w.Close()
	if debounce <= 0 {
		debounce = DefaultDebounce
	}
	pending := map[string]bool{}
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case ev, ok := <-dw.w.Events:
			if !ok {
				return
			}
			if ev.Op == fsnotify.Chmod {
				continue // touch, attribute changes: the text is the same
			}
			abs, err := filepath.Abs(ev.Name)
			if err != nil {
				continue
			}
			pending[abs] = true
			timer.Reset(debounce)
		case _, ok := <-dw.w.Errors:
			if !ok {
				return
			}
			// An overflow or a vanished folder: keep watching the rest.
		case <-timer.C:
			paths := make([]string, 0, len(pending))
			for p := range pending {
				paths = append(paths, p)
			}
			sort.Strings(paths)
			clear(pending)
			changed(paths)
		}
	}
}
