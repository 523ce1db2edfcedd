package registry

import (
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/skillstudio/skillstudio/internal/watch"
)

// DefaultDebounce is the shared watcher's quiet time (internal/watch).
const DefaultDebounce = watch.Debounce

// Watcher reports which skills changed on disk. Skills are registered by a
// caller-chosen id with the file or folder that holds them; a change to any
// file inside (or to the file itself) reports that id once per burst.
//
// Folders are watched rather than files: editors save by writing a new
// file and renaming it over the old one, which a watch on the old file
// would miss. A skill folder is watched with all its sub-folders, and
// folders created later inside it are added as they appear.
type Watcher struct {
	w *watch.Watcher

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
	w := &Watcher{
		files:   map[string][]string{},
		dirs:    map[string][]string{},
		watched: map[string]int{},
	}
	inner, err := watch.New(debounce, w.idsFor)
	if err != nil {
		return nil, err
	}
	w.mu.Lock() // idsFor, on the watch goroutine, reads w.w under mu
	w.w = inner
	w.mu.Unlock()
	return w, nil
}

// Changes delivers the ids of skills that changed, sorted and without
// duplicates, one slice per debounced burst. It is closed by Close.
func (w *Watcher) Changes() <-chan []string { return w.w.Bursts() }

// Errors delivers watch errors (a folder that vanished, an exhausted inotify
// limit). They are informational: the watcher keeps going.
func (w *Watcher) Errors() <-chan error { return w.w.Errors() }

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

// WatchFile registers id for the file at path, which need not exist yet
// (a config file created later): its folder, which must exist, is watched
// and filtered by name.
func (w *Watcher) WatchFile(id, path string) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return fs.ErrClosed
	}
	for _, x := range w.files[abs] {
		if x == id {
			return nil
		}
	}
	if err := w.addDir(filepath.Dir(abs)); err != nil {
		return err
	}
	w.files[abs] = append(w.files[abs], id)
	return nil
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
	if err := w.w.Add(dir); err != nil {
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
	return w.w.Close()
}

// idsFor maps one file event to the skills it concerns, and starts
// watching folders created inside a watched skill folder.
func (w *Watcher) idsFor(ev fsnotify.Event) []string {
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
