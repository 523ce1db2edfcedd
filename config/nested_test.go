package config

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

func writeConfigs(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestNestedConfigsBelowTheLintedRoot(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	repo := t.TempDir()
	writeConfigs(t, repo, map[string]string{
		ProjectFileName:                         "rules:\n  xgs/: info\n",    // found above the root: the base
		"skills/" + ProjectFileName:             "rules:\n  xgs/: warning\n", // likewise
		"skills/team/" + ProjectFileName:        "rules:\n  skillmd/: off\n",
		"skills/team/deep/" + ProjectFileName:   "profile: codex\nrules:\n  skillmd/tokens: error\n",
		"skills/team/broken/" + ProjectFileName: "rules:\n  no/such-rule: off\n",
		"other/" + ProjectFileName:              "rules:\n  skillmd/: error\n",
	})
	root := filepath.Join(repo, "skills", "team")
	c, err := Load("", root, testRules)
	if err != nil {
		t.Fatal(err)
	}
	rc := c.Formats()
	if rc == nil || rc.Nested == nil {
		t.Fatal("no Nested lookup")
	}
	at := func(dir string) []map[string]model.Severity {
		return rc.Nested(filepath.Join(repo, filepath.FromSlash(dir)))
	}
	if ls := at("skills/team"); ls != nil {
		t.Errorf("the root's own file is the base, not a layer: %v", ls)
	}
	if ls := at("skills/team/deep/x"); len(ls) != 1 || ls[0]["skillmd/tokens"] != model.SeverityError {
		t.Errorf("deep/x: %v", ls)
	}
	if ls := at("other"); ls != nil {
		t.Errorf("a folder outside the root: %v", ls)
	}
	// Cached per folder: a file removed after the lookup is not looked for again.
	os.Remove(filepath.Join(repo, "skills", "team", "deep", ProjectFileName))
	if ls := at("skills/team/deep/x"); len(ls) != 1 {
		t.Errorf("not cached: %v", ls)
	}
	files, notes, err := c.NestedFiles()
	if err != nil || len(files) != 1 || len(notes) != 1 || !slices.Equal(notes[0].Ignored, []string{"profile:"}) {
		t.Errorf("NestedFiles = %v %v %v", files, notes, err)
	}
	at("skills/team/broken")
	if _, _, err := c.NestedFiles(); err == nil {
		t.Error("a bad nested file was not reported")
	}
	// The review's view: each nested file may only raise.
	if r := c.ReviewFormats(); r.Nested == nil || !r.NestedRaiseOnly {
		t.Errorf("ReviewFormats: %+v", r)
	}

	// --config names the one file to apply: nothing nested is read.
	c, err = Load(filepath.Join(repo, ProjectFileName), filepath.Join(repo, "skills"), testRules)
	if err != nil {
		t.Fatal(err)
	}
	if rc := c.Formats(); rc.Nested != nil {
		t.Error("--config still reads nested files")
	}
}

// A nested file is opened inside the linted root, as the skills are: a
// link leading out (to a file of the machine's, whose values the errors
// would quote in a CI log) is not read, and a link inside is.
func TestNestedConfigLinksStayInsideTheRoot(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	outside := filepath.Join(t.TempDir(), "token.yaml")
	writeConfigs(t, filepath.Dir(outside), map[string]string{"token.yaml": "agents: [ghp_not_a_real_token]\nrules:\n  skillmd/: off\n"})
	root := t.TempDir()
	writeConfigs(t, root, map[string]string{"shared/rules.yaml": "rules:\n  skillmd/tokens: error\n"})
	for dir, target := range map[string]string{"out": outside, "in": "../shared/rules.yaml"} {
		if err := os.MkdirAll(filepath.Join(root, dir), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, filepath.Join(root, dir, ProjectFileName)); err != nil {
			t.Fatal(err)
		}
	}
	c, err := Load("", root, testRules)
	if err != nil {
		t.Fatal(err)
	}
	rc := c.Formats()
	if ls := rc.Nested(filepath.Join(root, "out", "x")); ls != nil {
		t.Errorf("a link out of the root was read: %v", ls)
	}
	if ls := rc.Nested(filepath.Join(root, "in", "x")); len(ls) != 1 || ls[0]["skillmd/tokens"] != model.SeverityError {
		t.Errorf("a link inside the root: %v", ls)
	}
	if _, _, err := c.NestedFiles(); err != nil {
		t.Errorf("NestedFiles: %v", err)
	}
}
