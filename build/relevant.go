package build

import (
	"path/filepath"
	"strings"
	"sync/atomic"

	"github.com/fsnotify/fsnotify"
)

// Which file events a watch acts on. An editor's save writes a temp file
// and renames it over the skill: if the temp file's events counted, they
// would open the watcher's leading burst (acted on at once, uselessly)
// and the rename that matters would land in the trailing one, a whole
// debounce later. Dropping events no rebuild can follow from, before
// they reach the watcher's bursts, lets the rename itself lead: the save
// is rebuilt after the few milliseconds of watch.Settle.
//
// The set mirrors what changed() acts on: a known skill, any .xgs.js (a
// new skill), or a file some skill's last good build read. It is swapped
// whole after each change, because the watcher asks from its own goroutine.
type relevantFiles struct {
	paths atomic.Pointer[map[string]bool]
}

// refreshRelevant recomputes the set from the session's skills.
func (s *session) refreshRelevant() {
	set := map[string]bool{}
	for abs, sk := range s.skills {
		set[abs] = true
		if sk.good != nil {
			for _, in := range sk.good.Inputs {
				set[in] = true
			}
		}
	}
	s.relevant.paths.Store(&set)
}

// eventKeys is the watcher's KeysFunc: the event's path when a rebuild
// may follow from it, else nothing (the event is ignored).
func (s *session) eventKeys(ev fsnotify.Event) []string {
	name, err := filepath.Abs(ev.Name)
	if err != nil {
		return nil
	}
	if filepath.Dir(name) == s.out {
		return nil // our own writes
	}
	if strings.HasSuffix(name, ".xgs.js") {
		return []string{name}
	}
	if set := s.relevant.paths.Load(); set != nil && (*set)[name] {
		return []string{name}
	}
	return nil
}
