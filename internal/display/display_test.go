package display

import (
	"path/filepath"
	"testing"
)

func TestPath(t *testing.T) {
	cwd := filepath.FromSlash("/work/proj")
	for in, want := range map[string]string{
		"/work/proj/a/b.md": "a/b.md",
		"/work/other/x":     "/work/other/x",
		"/work/proj":        ".",
		"rel/x":             "rel/x",
	} {
		if got := Path(cwd, filepath.FromSlash(in)); got != filepath.FromSlash(want) {
			t.Errorf("Path(%q) = %q, want %q", in, got, want)
		}
	}
	if got := Path("", "/a"); got != "/a" {
		t.Errorf("no cwd: %q", got)
	}
}

func TestPlural(t *testing.T) {
	for _, c := range []struct {
		n    int
		word string
		want string
	}{{1, "skill", "1 skill"}, {0, "skill", "0 skills"}, {2, "info", "2 infos"}, {1, "info", "1 info"}} {
		if got := Plural(c.n, c.word); got != c.want {
			t.Errorf("Plural(%d, %q) = %q", c.n, c.word, got)
		}
	}
}
