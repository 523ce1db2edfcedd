package build

import (
	"path/filepath"
	"testing"

	"github.com/fsnotify/fsnotify"

	"github.com/skillstudio/skillstudio/formats/xgs/bundle"
)

// An editor's temp file must not open a burst (the rename over the skill
// would then wait a debounce); the skill, its helpers and new skills must.
func TestEventKeysKeepOnlyEventsARebuildFollows(t *testing.T) {
	dir := t.TempDir()
	skill := filepath.Join(dir, "base-kit.xgs.js")
	helper := filepath.Join(dir, "lib", "strings.js")
	broken := filepath.Join(dir, "broken.xgs.js")
	s := &session{out: filepath.Join(dir, "dist"), skills: map[string]*builtSkill{
		skill:  {good: &bundle.Result{Inputs: []string{helper}}},
		broken: {}, // no good build yet: its own path still counts
	}}
	s.refreshRelevant()
	cases := []struct {
		path string
		want bool
	}{
		{skill, true},
		{broken, true},
		{helper, true},
		{filepath.Join(dir, "new-skill.xgs.js"), true},
		{filepath.Join(dir, ".base-kit.xgs.js.tmp"), false},
		{filepath.Join(dir, "4913"), false}, // vim's probe file
		{filepath.Join(dir, "notes.md"), false},
		{filepath.Join(s.out, "base-kit.xgs.js"), false}, // our own write
	}
	for _, c := range cases {
		got := len(s.eventKeys(fsnotify.Event{Name: c.path, Op: fsnotify.Write})) > 0
		if got != c.want {
			t.Errorf("%s: counted %v, want %v", c.path, got, c.want)
		}
	}
	// A helper the next good build no longer reads stops counting.
	s.skills[skill].good = &bundle.Result{}
	s.refreshRelevant()
	if len(s.eventKeys(fsnotify.Event{Name: helper, Op: fsnotify.Write})) > 0 {
		t.Error("a helper no build reads still counts")
	}
}
