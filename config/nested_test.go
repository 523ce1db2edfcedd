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
		"skills/team/deep/" + ProjectFileName:   "profile: codex\ntheme: dark\nrules:\n  skillmd/tokens: error\n",
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
	if err != nil || len(files) != 1 || len(notes) != 1 || !slices.Equal(notes[0].Ignored, []string{"theme:"}) {
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

// The search asks Folders about each folder holding a project file: its
// exclude: patterns follow its parents' (relative to its folder, the
// nearer file's ! winning), its profile: replaces theirs, a --profile
// flag keeps its own, and the file Load read is not read again.
func TestFoldersScopeBelowANestedFile(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	repo := t.TempDir()
	writeConfigs(t, repo, map[string]string{
		ProjectFileName:                "exclude:\n  - '*.draft.xgs.js'\nprofile: codex\n",
		"team/" + ProjectFileName:      "exclude:\n  - scratch/\n  - '!keep.draft.xgs.js'\nprofile: agentskills\n",
		"team/deep/" + ProjectFileName: "rules:\n  skillmd/: off\n",
	})
	c, err := Load("", repo, testRules)
	if err != nil {
		t.Fatal(err)
	}
	base, err := c.ExcludeFilter(nil)
	if err != nil {
		t.Fatal(err)
	}
	f := c.Folders(false)
	top := f.Below(repo, model.Scope{Exclude: base, Profile: ""})
	if top.Exclude != base || top.Profile != "" {
		t.Errorf("the file Load read is the base, not read again: %+v", top)
	}
	team := f.Below(filepath.Join(repo, "team"), top)
	if team.Profile != model.ProfileAgentSkills {
		t.Errorf("profile below team/: %q", team.Profile)
	}
	ex := func(s model.Scope, rel string, dir bool) bool {
		return s.Exclude != nil && s.Exclude.Excluded(filepath.Join(repo, filepath.FromSlash(rel)), dir)
	}
	for _, tc := range []struct {
		s    model.Scope
		rel  string
		dir  bool
		want bool
	}{
		{team, "team/scratch", true, true},
		{top, "team/scratch", true, false}, // the pattern is team/'s
		{team, "team/a.draft.xgs.js", false, true},
		{team, "team/keep.draft.xgs.js", false, false}, // the nearer file's ! wins
		{top, "team/keep.draft.xgs.js", false, true},
	} {
		if got := ex(tc.s, tc.rel, tc.dir); got != tc.want {
			t.Errorf("%s: excluded %v, want %v", tc.rel, got, tc.want)
		}
	}
	deep := f.Below(filepath.Join(repo, "team", "deep"), team)
	if deep.Profile != model.ProfileAgentSkills || deep.Exclude != team.Exclude {
		t.Errorf("a file with rules: alone changes nothing else: %+v", deep)
	}
	if s := c.Folders(true).Below(filepath.Join(repo, "team"), top); s.Profile != "" {
		t.Errorf("--profile given, yet the nested profile applies: %q", s.Profile)
	}
	if _, notes, err := c.NestedFiles(); err != nil || len(notes) != 0 {
		t.Errorf("NestedFiles: %v %v", notes, err)
	}

	// --config: nothing nested.
	c, err = Load(filepath.Join(repo, ProjectFileName), repo, testRules)
	if err != nil {
		t.Fatal(err)
	}
	if c.Folders(false) != nil {
		t.Error("--config still applies nested files")
	}
}

// A folder the search listed without a project file is not opened to
// look for one when its findings' rules: are looked up; a folder already
// read keeps what was read.
func TestListedWithoutIsNotLookedInto(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	repo := t.TempDir()
	writeConfigs(t, repo, map[string]string{
		"read/" + ProjectFileName: "rules:\n  skillmd/: off\n",
	})
	c, err := Load("", repo, testRules)
	if err != nil {
		t.Fatal(err)
	}
	rc := c.Formats()
	at := func(dir string) []map[string]model.Severity { return rc.Nested(filepath.Join(repo, dir)) }
	if ls := at("read"); len(ls) != 1 {
		t.Fatalf("read/: %v", ls)
	}
	f := c.Folders(false)
	f.ListedWithout(filepath.Join(repo, "read"))
	// Written after the search listed the folder: not looked for.
	writeConfigs(t, repo, map[string]string{"listed/" + ProjectFileName: "rules:\n  skillmd/: off\n"})
	f.ListedWithout(filepath.Join(repo, "listed"))
	if ls := at("listed"); ls != nil {
		t.Errorf("listed/ was looked into after the search said it holds no file: %v", ls)
	}
	if ls := at("read"); len(ls) != 1 {
		t.Errorf("read/ lost what was read: %v", ls)
	}
	if files, _, _ := c.NestedFiles(); len(files) != 1 {
		t.Errorf("NestedFiles: %v", files)
	}
}
