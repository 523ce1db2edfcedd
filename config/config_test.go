package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

func TestParseValid(t *testing.T) {
	src := `# a comment
profile: claude-code
rules:
  library/duplicate-name: warning
  xgs/: off
  skillmd/: info
sources:
  - ./more-skills
  - github:acme/skills
theme: light
`
	c, err := Parse("cfg.yaml", []byte(src), testRules)
	if err != nil {
		t.Fatal(err)
	}
	if c.Profile != model.ProfileClaudeCode || c.Theme != "light" {
		t.Errorf("profile %q theme %q", c.Profile, c.Theme)
	}
	if len(c.Sources) != 2 || c.Sources[1] != "github:acme/skills" {
		t.Errorf("sources = %v", c.Sources)
	}
	want := map[string]model.Severity{"library/duplicate-name": model.SeverityWarning, "xgs/": model.SeverityOff, "skillmd/": model.SeverityInfo}
	for k, v := range want {
		if c.Rules[k] != v {
			t.Errorf("rules[%s] = %v, want %v", k, c.Rules[k], v)
		}
	}
	fc := c.Formats()
	if got := fc.SeverityOf("library/duplicate-name", model.SeverityError); got != model.SeverityWarning {
		t.Errorf("formats config: exact id → %v", got)
	}
	if got := fc.SeverityOf("xgs/name", model.SeverityError); got != model.SeverityOff {
		t.Errorf("formats config: prefix → %v", got)
	}
}

func TestParseEmpty(t *testing.T) {
	for _, src := range []string{"", "# only a comment\n", "---\n", "~\n"} {
		c, err := Parse("e.yaml", []byte(src), testRules)
		if err != nil {
			t.Errorf("%q: %v", src, err)
			continue
		}
		if c.Profile != "" || len(c.Rules) != 0 || c.Formats() != nil {
			t.Errorf("%q: not empty: %+v", src, c)
		}
	}
}

func TestParseErrorsNamePosition(t *testing.T) {
	cases := []struct {
		name, src, want string
	}{
		{"unknown key", "profile: all\nprofiel: all\n", "c.yaml:2:1: unknown setting \"profiel\""},
		{"bad profile", "profile: strict\n", "c.yaml:1:10: unknown profile \"strict\""},
		{"bad severity", "rules:\n  library/duplicate-name: fatal\n", "c.yaml:2:27: rule library/duplicate-name: unknown severity \"fatal\""},
		{"unknown rule", "rules:\n  library/duplicate-nam: off\n", `c.yaml:2:3: unknown rule "library/duplicate-nam"; did you mean "library/duplicate-name"?`},
		{"prefix without slash", "rules:\n  library: off\n", `c.yaml:2:3: unknown rule "library"`},
		{"unknown prefix", "rules:\n  lib/: off\n", `c.yaml:2:3: no rule id starts with "lib/"`},
		{"rules not a map", "rules: [a, b]\n", "c.yaml:1:8: rules must be a map"},
		{"sources not a list", "sources: ./x\n", "c.yaml:1:10: sources must be a list"},
		{"source not a string", "sources:\n  - {a: b}\n", "c.yaml:2:5: each source must be a single value"},
		{"empty source", "sources:\n  - ''\n", "c.yaml:2:5: a source is empty"},
		{"theme a list", "theme: [dark]\n", "c.yaml:1:8: theme must be a single value"},
		{"not a map", "- a\n- b\n", "c.yaml:1:1: the config must be a map"},
		{"duplicate key", "theme: dark\ntheme: light\n", "c.yaml:2:1: "},
		{"duplicate rule", "rules:\n  xgs/: off\n  xgs/: info\n", "c.yaml:3:3: "},
		{"syntax error", "rules:\n  a: b\n c: [\n", "c.yaml:"},
		{"tab indentation", "rules:\n\tlibrary/: off\n", "c.yaml:2:1: not valid YAML"},
		{"exclude not a list", "exclude: fixtures/\n", "c.yaml:1:10: exclude must be a list of glob patterns"},
		{"exclude bad glob", "exclude:\n  - fixtures/\n  - 'a/[bc'\n", `c.yaml:3:5: exclude pattern "a/[bc": not a valid glob`},
		{"exclude bare !", "exclude:\n  - fixtures/\n  - '!'\n", `c.yaml:3:5: exclude pattern "!": a ! pattern names nothing to re-include`},
		{"exclude parent", "exclude:\n  - ../other\n", `c.yaml:2:5: exclude pattern "../other"`},
		{"exclude empty", "exclude:\n  - ''\n", `c.yaml:2:5: exclude pattern "": an exclude pattern is empty`},
		{"exclude a map", "exclude:\n  - {a: b}\n", "c.yaml:2:5: each exclude pattern must be a single value"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("c.yaml", []byte(tc.src), testRules)
			if err == nil {
				t.Fatalf("want an error containing %q", tc.want)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %q does not contain %q", err, tc.want)
			}
			var ce *Error
			if !errors.As(err, &ce) || ce.Line < 1 || ce.Column < 1 {
				t.Fatalf("error %#v has no position", err)
			}
		})
	}
}

func TestMergeProjectWinsKeyByKey(t *testing.T) {
	user := &Config{Profile: model.ProfileAll, Theme: "dark", Rules: map[string]model.Severity{"xgs/": model.SeverityOff, "library/": model.SeverityWarning}, Sources: []string{"a", "b"}}
	project := &Config{Profile: model.ProfileCodex, Rules: map[string]model.Severity{"xgs/": model.SeverityInfo}, Sources: []string{"b", "c"}}
	user.Merge(project)
	if user.Profile != model.ProfileCodex || user.Theme != "dark" {
		t.Errorf("profile %q theme %q", user.Profile, user.Theme)
	}
	if user.Rules["xgs/"] != model.SeverityInfo || user.Rules["library/"] != model.SeverityWarning {
		t.Errorf("rules = %v", user.Rules)
	}
	if strings.Join(user.Sources, ",") != "a,b,c" {
		t.Errorf("sources = %v", user.Sources)
	}
}

func TestUserPathFollowsXDG(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", "/xdg")
	if got := UserPath(); got != filepath.FromSlash("/xdg/skillstudio/config.yaml") {
		t.Errorf("UserPath = %q", got)
	}
	t.Setenv("XDG_CONFIG_HOME", "relative/ignored")
	t.Setenv("HOME", "/home/someone")
	if got := UserPath(); got != filepath.FromSlash("/home/someone/.config/skillstudio/config.yaml") {
		t.Errorf("UserPath = %q", got)
	}
}

func TestFindProjectWalksUp(t *testing.T) {
	root := t.TempDir()
	deep := filepath.Join(root, "a", "b", "c")
	os.MkdirAll(deep, 0o755)
	if _, ok := FindProject(deep); ok {
		// A stray file above the temp folder would make this test lie.
		t.Skip("a .skillstudio.yaml exists above the temp folder")
	}
	cfg := filepath.Join(root, "a", ProjectFileName)
	os.WriteFile(cfg, []byte("theme: dark\n"), 0o644)
	got, ok := FindProject(deep)
	if !ok || got != cfg {
		t.Fatalf("FindProject = %q, %v; want %q", got, ok, cfg)
	}
	file := filepath.Join(deep, "x.xgs.js")
	os.WriteFile(file, nil, 0o644)
	if got, _ := FindProject(file); got != cfg {
		t.Fatalf("FindProject(file) = %q; want %q", got, cfg)
	}
}

func TestLoadMergesUserAndProject(t *testing.T) {
	xdg := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", xdg)
	os.MkdirAll(filepath.Join(xdg, "skillstudio"), 0o755)
	os.WriteFile(filepath.Join(xdg, "skillstudio", "config.yaml"), []byte("theme: dark\nprofile: all\n"), 0o644)
	proj := t.TempDir()
	os.WriteFile(filepath.Join(proj, ProjectFileName), []byte("profile: skillli\n"), 0o644)
	c, err := Load("", proj, testRules)
	if err != nil {
		t.Fatal(err)
	}
	if c.Theme != "dark" || c.Profile != model.ProfileSkillli || len(c.Files) != 2 {
		t.Errorf("got %+v", c)
	}
	explicit := filepath.Join(t.TempDir(), "other.yaml")
	os.WriteFile(explicit, []byte("profile: codex\n"), 0o644)
	c, err = Load(explicit, proj, testRules)
	if err != nil {
		t.Fatal(err)
	}
	if c.Profile != model.ProfileCodex {
		t.Errorf("--config did not replace the project file: %+v", c)
	}
}

func TestLoadErrors(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	if _, err := Load(filepath.Join(t.TempDir(), "missing.yaml"), ".", testRules); err == nil || !strings.Contains(err.Error(), "missing.yaml") {
		t.Errorf("missing --config file: err = %v", err)
	}
	proj := t.TempDir()
	os.WriteFile(filepath.Join(proj, ProjectFileName), []byte("bogus: 1\n"), 0o644)
	_, err := Load("", proj, testRules)
	if err == nil || !strings.Contains(err.Error(), ProjectFileName+":1:1: unknown setting") {
		t.Errorf("bad project file: err = %v", err)
	}
}

func TestExcludeRelativeToConfigFolder(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	proj := t.TempDir()
	sub := filepath.Join(proj, "pkg", "skills")
	os.MkdirAll(sub, 0o755)
	os.WriteFile(filepath.Join(proj, ProjectFileName), []byte("exclude:\n  - fixtures/\n  - '**/testdata/**'\n"), 0o644)
	c, err := Load("", sub, testRules) // found in a parent folder
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Exclude) != 2 || c.Exclude[0].Glob != "fixtures/" || c.Exclude[0].Dir != proj || c.Exclude[1].Glob != "**/testdata/**" {
		t.Errorf("Exclude = %+v, want two patterns relative to %s", c.Exclude, proj)
	}
	// The user file has no project folder for patterns to be relative to.
	user := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", user)
	os.MkdirAll(filepath.Join(user, "skillstudio"), 0o755)
	os.WriteFile(filepath.Join(user, "skillstudio", "config.yaml"), []byte("theme: dark\nexclude:\n  - x\n"), 0o644)
	_, err = Load("", sub, testRules)
	if err == nil || !strings.Contains(err.Error(), "config.yaml:3:3: exclude: belongs in a project's") {
		t.Errorf("exclude in the user file: err = %v", err)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"", "profile: all\n", "rules:\n  xgs/: off\n", "sources: [a, b]\n", "theme: dark\n",
		"- x\n", "exclude: [fixtures/, '**/t/**']\n", "rules: {a: [}", "&a [*a]\n", "rules:\n  ? [a]\n  : b\n", "\xff\xfe",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse("f.yaml", data, testRules)
		if err == nil && c == nil {
			t.Fatal("nil config without an error")
		}
		if err != nil {
			var ce *Error
			if !errors.As(err, &ce) || ce.Line < 1 || ce.Column < 1 {
				t.Fatalf("error without a position: %v", err)
			}
		}
	})
}

func BenchmarkParse(b *testing.B) {
	src := []byte("profile: claude-code\nrules:\n  xgs/: off\n  library/duplicate-name: warning\nsources:\n  - a\ntheme: dark\n")
	for b.Loop() {
		if _, err := Parse("b.yaml", src, testRules); err != nil {
			b.Fatal(err)
		}
	}
}

// A project file found from a path that is not on disk (a remote source)
// is the user's own project's and applies in full to the review.
func TestReviewFormatsFromARemoteStartIsTheUsersOwn(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, ProjectFileName), []byte("rules:\n  review/: off\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Chdir(dir)
	c, err := Load("", "https://example.com/skills", nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := c.ReviewFormats().SeverityOf("review/bidi", model.SeverityError); got != model.SeverityOff {
		t.Errorf("remote start: severity %v, want off", got)
	}
	c, err = Load("", dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := c.ReviewFormats().SeverityOf("review/bidi", model.SeverityError); got != model.SeverityError {
		t.Errorf("local start: severity %v, want error (the checkout may not lower it)", got)
	}
}

// exclude: comes with a checkout; a list so long or a pattern so branchy
// that every path searched costs seconds is an error at its line.
func TestExcludeWorkIsBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("exclude:\n")
	for i := 0; i < 300; i++ {
		fmt.Fprintf(&b, "  - p%d/\n", i)
	}
	_, err := Parse("c.yaml", []byte(b.String()), nil)
	if err == nil || !strings.Contains(err.Error(), "c.yaml:258:5") || !strings.Contains(err.Error(), "at most 256") {
		t.Errorf("300 patterns: %v, want an error at the 257th", err)
	}
	_, err = Parse("c.yaml", []byte("exclude:\n  - \"**/"+strings.Repeat("{a,a}/", 14)+"b\"\n"), nil)
	if err == nil || !strings.Contains(err.Error(), "c.yaml:2:5") || !strings.Contains(err.Error(), "combinations") {
		t.Errorf("brace bomb: %v, want an error at 2:5 about combinations", err)
	}
}
