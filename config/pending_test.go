package config

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/skillstudio/skillstudio/internal/sourcetrust"
)

// A project file found by walking up came with the checkout: its sources:
// wait for consent. The user's own file and --config apply at once.
func TestFoundProjectSourcesWaitForConsent(t *testing.T) {
	home := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", home)
	os.MkdirAll(filepath.Join(home, "skillstudio"), 0o755)
	os.WriteFile(filepath.Join(home, "skillstudio", "config.yaml"), []byte("sources:\n  - ~/mine\n"), 0o644)
	repo := t.TempDir()
	body := []byte("sources:\n  - ~/mine\n  - ../other\n  - https://beacon.example/index.json\n")
	cfgPath := filepath.Join(repo, ProjectFileName)
	os.WriteFile(cfgPath, body, 0o644)

	c, err := Load("", repo, testRules)
	if err != nil {
		t.Fatal(err)
	}
	// ../other is the checkout's sibling, wherever the command runs.
	other := filepath.Join(filepath.Dir(repo), "other")
	if !slices.Equal(c.Sources, []string{"~/mine"}) {
		t.Errorf("sources before consent = %v", c.Sources)
	}
	p := c.Pending
	if p == nil || p.File != cfgPath || p.Digest != sourcetrust.Digest(body) ||
		!slices.Equal(p.Sources, []string{other, "https://beacon.example/index.json"}) {
		t.Fatalf("pending = %+v", p)
	}
	c.AllowPending()
	if c.Pending != nil || !slices.Equal(c.Sources, []string{"~/mine", other, "https://beacon.example/index.json"}) {
		t.Errorf("after consent: %v %v", c.Sources, c.Pending)
	}

	// --config names the file: the user chose it.
	c, err = Load(cfgPath, repo, testRules)
	if err != nil || c.Pending != nil || len(c.Sources) != 3 {
		t.Errorf("--config: %v %+v %v", c.Sources, c.Pending, err)
	}
}

// The user file's and --config's relative folders are their own file's
// neighbours too, so every config means the same from any folder.
func TestRelativeSourcesFollowTheirFile(t *testing.T) {
	home := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", home)
	os.MkdirAll(filepath.Join(home, "skillstudio"), 0o755)
	os.WriteFile(filepath.Join(home, "skillstudio", "config.yaml"), []byte("sources:\n  - mine\n"), 0o644)
	other := t.TempDir()
	explicit := filepath.Join(other, "ci.yaml")
	os.WriteFile(explicit, []byte("sources:\n  - ./lib\n"), 0o644)
	t.Chdir(t.TempDir())
	c, err := Load(explicit, ".", testRules)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{filepath.Join(home, "skillstudio", "mine"), filepath.Join(other, "lib")}
	if !slices.Equal(c.Sources, want) {
		t.Errorf("sources = %v, want %v", c.Sources, want)
	}
}
