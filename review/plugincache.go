package review

import (
	"io/fs"
	"reflect"
	"sync"

	"github.com/skillstudio/skillstudio/model"
)

// Plugins holds, for one review run, the findings of each Claude Code
// plugin's files (hooks, manifest, MCP servers, the scripts they run), so
// a plugin of 200 skills is read and scanned once, not 200 times (a 6 MB
// hooks.json made such a library's review take five minutes). Keyed by
// the FS and the plugin's root; safe for concurrent use, and a plugin
// asked for by two goroutines at once is still read once. The zero value
// is not usable; a nil *Plugins reads each plugin every time it is asked.
type Plugins struct {
	mu sync.Mutex
	m  map[pluginKey]*pluginEntry
}

type pluginKey struct {
	fsys any // the FS, or its type and map pointer when not comparable
	root string
}

type pluginEntry struct {
	once     sync.Once
	findings []model.Diagnostic
}

// NewPlugins makes the plugin cache of one review run.
func NewPlugins() *Plugins { return &Plugins{m: map[pluginKey]*pluginEntry{}} }

// findings are the plugin's findings at root, each call a fresh copy (a
// caller's rule config may change severities in place).
func (ps *Plugins) findings(fsys fs.FS, root string) []model.Diagnostic {
	key, ok := fsKey(fsys)
	if ps == nil || !ok {
		return reviewPlugin(fsys, root)
	}
	ps.mu.Lock()
	e := ps.m[pluginKey{key, root}]
	if e == nil {
		e = &pluginEntry{}
		ps.m[pluginKey{key, root}] = e
	}
	ps.mu.Unlock()
	e.once.Do(func() { e.findings = reviewPlugin(fsys, root) })
	return append([]model.Diagnostic(nil), e.findings...)
}

// fsKey is a map key standing for fsys: the FS itself when comparable
// (a pointer, a struct of plain fields), its type and map pointer for a
// map FS (fstest.MapFS); anything else is not cached.
func fsKey(fsys fs.FS) (any, bool) {
	v := reflect.ValueOf(fsys)
	switch {
	case !v.IsValid():
		return nil, false
	case v.Comparable():
		return fsys, true
	case v.Kind() == reflect.Map:
		return [2]any{v.Type(), v.UnsafePointer()}, true
	}
	return nil, false
}
