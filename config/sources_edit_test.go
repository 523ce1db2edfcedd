package config

import (
	"github.com/skillstudio/skillstudio/internal/sourcespec"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func writeConfig(t *testing.T, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "skillstudio", "config.yaml")
	if text != "" {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

func readConfig(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestAddSourceKeepsTheRestOfTheFile(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"no file", "", "sources:\n  - github:acme/skills\n"},
		{"no sources key", "# mine\ntheme: dark\n", "# mine\ntheme: dark\nsources:\n  - github:acme/skills\n"},
		{"no final newline", "theme: dark", "theme: dark\nsources:\n  - github:acme/skills\n"},
		{"empty list key", "sources:\ntheme: dark # keep\n", "sources:\n  - github:acme/skills\ntheme: dark # keep\n"},
		{"block list", "sources:\n    - ~/skills   # home\n    - ./more\nprofile: claude-code\n", "sources:\n    - ~/skills   # home\n    - ./more\n    - github:acme/skills\nprofile: claude-code\n"},
		{"flow list", "sources: [a]\n", "sources: [a, 'github:acme/skills']\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := writeConfig(t, c.in)
			added, err := AddSource(p, "github:acme/skills")
			if err != nil || !added {
				t.Fatalf("AddSource = %v, %v", added, err)
			}
			if got := readConfig(t, p); got != c.want {
				t.Errorf("file:\n%s\nwant:\n%s", got, c.want)
			}
			cfg, err := ReadFile(p, testRules)
			if err != nil || !slices.Contains(cfg.Sources, "github:acme/skills") {
				t.Errorf("reads back as %v, %v", cfg, err)
			}
		})
	}
}

func TestAddSourceTwiceIsANoOp(t *testing.T) {
	p := writeConfig(t, "sources:\n  - https://example.com\n")
	added, err := AddSource(p, "https://example.com")
	if err != nil || added {
		t.Errorf("AddSource of a listed source = %v, %v", added, err)
	}
	if got := readConfig(t, p); got != "sources:\n  - https://example.com\n" {
		t.Errorf("file changed: %q", got)
	}
}

func TestAddSourceQuotesWhatNeedsIt(t *testing.T) {
	p := writeConfig(t, "")
	if _, err := AddSource(p, "# not a comment: really"); err != nil {
		t.Fatal(err)
	}
	cfg, err := ReadFile(p, testRules)
	// Read back, a relative folder is its file's neighbour.
	want := filepath.Join(filepath.Dir(p), "# not a comment: really")
	if err != nil || len(cfg.Sources) != 1 || cfg.Sources[0] != want {
		t.Errorf("reads back as %#v, %v", cfg, err)
	}
}

func TestAddSourceRefusesABrokenFile(t *testing.T) {
	p := writeConfig(t, "sources: 3\n")
	if _, err := AddSource(p, "x"); err == nil || !strings.Contains(err.Error(), "config.yaml:1:") {
		t.Errorf("err = %v, want one naming file:line", err)
	}
	if got := readConfig(t, p); got != "sources: 3\n" {
		t.Errorf("a refused edit changed the file: %q", got)
	}
	if _, err := AddSource(p, "  "); err == nil {
		t.Error("an empty source was added")
	}
}

func TestRemoveSource(t *testing.T) {
	cases := []struct{ name, in, spec, want string }{
		{"middle", "# top\nsources:\n  - a\n  - b # note\n  - c\ntheme: dark\n", "b", "# top\nsources:\n  - a\n  - c\ntheme: dark\n"},
		{"last one", "sources:\n  - a\ntheme: dark\n", "a", "sources:\ntheme: dark\n"},
		{"flow", "sources: [a, b]\n", "a", "sources: [b]\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := writeConfig(t, c.in)
			removed, err := RemoveSource(p, c.spec)
			if err != nil || !removed {
				t.Fatalf("RemoveSource = %v, %v", removed, err)
			}
			if got := readConfig(t, p); got != c.want {
				t.Errorf("file:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
	p := writeConfig(t, "sources:\n  - a\n")
	if removed, err := RemoveSource(p, "zzz"); removed || err != nil {
		t.Errorf("removing an unlisted source = %v, %v", removed, err)
	}
	if removed, err := RemoveSource(filepath.Join(t.TempDir(), "none.yaml"), "a"); removed || err != nil {
		t.Errorf("removing from a missing file = %v, %v", removed, err)
	}
}

// FuzzAddSource: whatever the file holds, AddSource never panics; when it
// writes, the file is a valid config listing the new source, and removing
// it again succeeds.
func FuzzAddSource(f *testing.F) {
	f.Add("", "github:acme/skills")
	f.Add("sources:\n  - a\n", "b")
	f.Add("sources: [a, b]\ntheme: dark\n", "c: d")
	f.Add("# c\nsources:\n\n  - a # x\n\nprofile: claude-code\n", "'q'")
	f.Add("sources:\n  - |\n    multi\n", "x")
	f.Add("sources: ~\n", "- y")
	f.Fuzz(func(t *testing.T, text, spec string) {
		p := filepath.Join(t.TempDir(), "config.yaml")
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		added, err := AddSource(p, spec)
		if err != nil || !added {
			return
		}
		cfg, err := ReadFile(p, testRules)
		if err != nil {
			t.Fatalf("AddSource wrote a config that does not parse: %v\n%q", err, readConfig(t, p))
		}
		if !slices.Contains(cfg.Sources, sourcespec.ResolveIn(filepath.Dir(p), spec)) {
			t.Fatalf("AddSource(%q) wrote %q without it", spec, readConfig(t, p))
		}
		if removed, err := RemoveSource(p, spec); err != nil || !removed {
			t.Fatalf("RemoveSource after AddSource = %v, %v\n%q", removed, err, readConfig(t, p))
		}
	})
}
