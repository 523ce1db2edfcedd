package sourcespec

import (
	"os"
	"path/filepath"
	"testing"
)

func TestResolveIn(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "skills.example.com"), 0o755); err != nil {
		t.Fatal(err)
	}
	for spec, want := range map[string]string{
		"../other":                       filepath.Join(filepath.Dir(dir), "other"),
		"skills":                         filepath.Join(dir, "skills"),
		"/abs/x":                         "/abs/x",
		"~/mine":                         "~/mine",
		"github:acme/skills":             "github:acme/skills",
		"https://example.com/index.json": "https://example.com/index.json",
		"HTTP://127.0.0.1:8/SKILL.md":    "HTTP://127.0.0.1:8/SKILL.md",
		"example.com":                    "https://example.com", // no such folder here: the site
		"skills.example.com":             filepath.Join(dir, "skills.example.com"),
		"a.com/../../etc":                "https://a.com/../../etc", // never stat above dir
	} {
		if got := ResolveIn(dir, spec); got != want {
			t.Errorf("ResolveIn(%q) = %q, want %q", spec, got, want)
		}
	}
}
