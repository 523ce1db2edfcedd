package registry

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"
)

// DefaultDebounce is how long Watcher waits after the last file event of a
// burst before reporting: editors write a file in several steps (truncate,
// write, rename a temp file over it), and one report per save is wanted.
const DefaultDebounce = 50 * time.Millisecond

// maxDelay caps how long a report can be postponed by a file that keeps
// changing (a log written by a running script, say).
const maxDelay = 500 * time.Millisecond

// Watcher reports which skills changed on disk. Skills are registered by a
// caller-chosen id with the file or folder that holds them; a change to any
// file inside (or to the file itself) reports that id once per burst.
//
// Folders are watched rather than files: editors save by writing a new
// file and renaming it over the old one, which a watch on the old file
// would miss. A skill folder is watched with all its sub-folders, and
// folders created later inside it are added as they appear.
type Watcher struct {
	fsw      *fsnotify.Watcher
	debounce time.Duration
	changes  chan []string
	errors   chan error
	done     chan struct{}

	mu sync.Mutex
	// files maps a watched skill file (xgs) to its ids; dirs maps a skill
	// folder to its ids. Paths are cleaned absolute OS paths.
	files map[string][]string
	dirs  map[string][]string
	// watched counts how many registrations need each OS folder watched.
	watched map[string]int
	closed  bool
}

// NewWatcher starts a watcher; debounce <= 0 means DefaultDebounce.
func NewWatcher(debounce time.Duration) (*Watcher, error) {
	fsw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	if debounce <= 0 {
		debounce = DefaultDebounce
	}
	w := &Watcher{
		fsw:      fsw,
		debounce: debounce,
		changes:  make(chan []string, 16),
		errors:   make(chan error, 16),
		done:     make(chan struct{}),
		files:    map[string][]string{},
		dirs:     map[string][]string{},
		watched:  map[string]int{},
	}
	go w.loop()
	return w, nil
}

// Changes delivers the ids of skills that changed, sorted and without
// duplicates, one slice per debounced burst. It is closed by Close.
func (w *Watcher) Changes() <-chan []string { return w.changes }

// Errors delivers watch errors (a folder that vanished, an exhausted inotify
// limit). They are informational: the watcher keeps going.
func (w *Watcher) Errors() <-chan error { return w.errors }

// WatchSkill registers id for the skill at path: a single file (an .xgs.js
// skill, whose folder is watched and filtered by name) or a skill folder
// (watched with its sub-folders).
func (w *Watcher) WatchSkill(id, path string) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	info, err := os.Stat(abs)
	if err != nil {
		return err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return fs.ErrClosed
	}
	if !info.IsDir() {
		w.files[abs] = appendUnique(w.files[abs], id)
		return w.addDir(filepath.Dir(abs))
	}
	w.dirs[abs] = appendUnique(w.dirs[abs], id)
	return filepath.WalkDir(abs, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // an unreadable sub-folder is not worth failing for
		}
		if d.IsDir() {
			if skipWatchDir(d.Name()) && p != abs {
				return filepath.SkipDir
			}
			return w.addDir(p)
		}
		return nil
	})
}

// skipWatchDir: folders whose churn is never a skill edit.
func skipWatchDir(name string) bool {
	return name == ".git" || name == "node_modules" || name == "dist"
}

// addDir watches an OS folder once however many skills live in it.
func (w *Watcher) addDir(dir string) error {
	if w.watched[dir] > 0 {
		w.watched[dir]++
		return nil
	}
	if err := w.fsw.Add(dir); err != nil {
		return err
	}
	w.watched[dir] = 1
	return nil
}

// Close stops the watcher and closes Changes.
func (w *Watcher) Close() error {
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		return nil
	}
	w.closed = true
	w.mu.Unlock()
	err := w.fsw.Close()
	<-w.done
	return err
}

// loop gathers events into bursts and reports each burst after debounce
// quiet time (or maxDelay after its first event).
func (w *Watcher) loop() {
	defer close(w.done)
	defer close(w.changes)
	pending := map[string]bool{}
	var timer <-chan time.Time
	var first time.Time
	flush := func() {
		if len(pending) == 0 {
			return
		}
		ids := make([]string, 0, len(pending))
		for id := range pending {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		clear(pending)
		timer = nil
		select {
		case w.changes <- ids:
		default:
			// The consumer is behind: keep the ids for the next burst
			// rather than block the event loop (fsnotify would overflow).
			for _, id := range ids {
				pending[id] = true
			}
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
			ids := w.idsFor(ev)
			if len(ids) == 0 {
				continue
			}
			if len(pending) == 0 {
				first = time.Now()
			}
			for _, id := range ids {
				pending[id] = true
			}
			wait := w.debounce
			if left := maxDelay - time.Since(first); left < wait {
				wait = max(left, 0)
			}
			timer = time.After(wait)
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

// idsFor maps one file event to the skills it concerns, and starts
// watching folders created inside a watched skill folder.
func (w *Watcher) idsFor(ev fsnotify.Event) []string {
	if ev.Op == fsnotify.Chmod {
		return nil // touch, indexers, backup tools: content did not change
	}
	p := filepath.Clean(ev.Name)
	w.mu.Lock()
	defer w.mu.Unlock()
	var ids []string
	ids = append(ids, w.files[p]...)
	// Walk up from the changed path to the nearest registered skill folder.
	for dir := p; ; {
		ids = append(ids, w.dirs[dir]...)
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	if ev.Op.Has(fsnotify.Create) && len(ids) > 0 {
		if info, err := os.Stat(p); err == nil && info.IsDir() && !skipWatchDir(info.Name()) && w.underSkillDir(p) {
			_ = w.addDir(p)
		}
	}
	return ids
}

// underSkillDir: p is inside a registered skill folder (not merely beside
// an .xgs.js file, whose folder may hold anything).
func (w *Watcher) underSkillDir(p string) bool {
	for dir := filepath.Dir(p); ; {
		if len(w.dirs[dir]) > 0 {
			return true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return false
		}
		dir = parent
	}
}

func appendUnique(ids []string, id string) []string {
	for _, x := range ids {
		if x == id {
			return ids
		}
	}
	return append(ids, id)
}
