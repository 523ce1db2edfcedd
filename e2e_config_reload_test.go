package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestStudioConfigReloadEndToEnd runs the real binary in tmux: a project
// config written while the studio runs is applied (a skill excluded, a
// severity raised) and a broken one is reported with its position, the
// library left as it was.
func TestStudioConfigReloadEndToEnd(t *testing.T) {
	lib, st, waitFor := liveLibraryStudio(t)

	cfg := filepath.Join(lib, ".skillstudio.yaml")
	if err := os.WriteFile(cfg, []byte("rules:\n  skillmd/link: error\nexclude:\n  - skills/hello-world\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor("Config reloaded: 3 skills linted again, 1 now excluded.")
	if s := st.screen(); !strings.Contains(s, "3 skills · ✗1") || strings.Contains(s, "hello-world") {
		t.Errorf("the library does not follow the config:\n%s", s)
	}

	if err := os.WriteFile(cfg, []byte("rules:\n  skillmd/link: error\nprofile: nobody\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor("Config not reloaded")
	waitFor(".skillstudio.yaml:3:")
	st.keys("j") // a key clears a status line, not the config's error
	time.Sleep(100 * time.Millisecond)
	if s := st.screen(); !strings.Contains(s, "Config not reloaded") || !strings.Contains(s, "3 skills") {
		t.Errorf("after a key the error or the library is gone:\n%s", s)
	}
	st.keys("q")
}

// TestStudioNestedConfigReloadEndToEnd: the same with a nested
// .skillstudio.yaml (in skills/), which used to apply only at restart:
// created, it excludes a skill below it; broken, the bar names its
// file:line:col; removed, the library is whole again.
func TestStudioNestedConfigReloadEndToEnd(t *testing.T) {
	lib, st, waitFor := liveLibraryStudio(t)

	cfg := filepath.Join(lib, "skills", ".skillstudio.yaml")
	if err := os.WriteFile(cfg, []byte("exclude:\n  - hello-world\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor("Config reloaded: 3 skills linted again, 1 now excluded.")
	if s := st.screen(); strings.Contains(s, "hello-world") {
		t.Errorf("the nested exclude: is not applied:\n%s", s)
	}
	if err := os.WriteFile(cfg, []byte("exclude:\n  - hello-world\nprofile: nobody\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor(filepath.Join("skills", ".skillstudio.yaml") + ":3:")
	if err := os.Remove(cfg); err != nil {
		t.Fatal(err)
	}
	waitFor("Config reloaded: 4 skills linted again.")
	st.keys("q")
}

// liveLibraryStudio starts the studio on a copy of the fixture library,
// with a user config folder of its own, and waits until it lists the
// library's four skills and watches them; waitFor waits 10 s for a text.
func liveLibraryStudio(t *testing.T) (lib string, st *tmuxStudio, waitFor func(string)) {
	t.Helper()
	dir := t.TempDir()
	lib = copyTree(t, filepath.Join("ui", "testdata", "library"))
	st = startStudioIn(t, studioRun{dir: filepath.Dir(lib), env: []string{"XDG_CONFIG_HOME=" + dir}}, filepath.Base(lib))
	waitFor = func(want string) { t.Helper(); st.waitFor(want, 10*time.Second) }
	waitFor("4 skills")
	waitFor("live")
	return lib, st, waitFor
}
