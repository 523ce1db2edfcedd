//go:build unix

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/config"
	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/model"
)

// A checkout whose .skillstudio.yaml is a link to a YAML file of the
// machine (shaped like a CLI's hosts file) had that file's values quoted
// in errors a public CI log shows ("unknown agent …"). Every command that
// finds the project file leaves it unread with one note naming --config;
// none quotes the target's values.
func TestProjectFileLinkingOutEveryCommand(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	const secret = "tok_not_for_the_log"
	outside := filepath.Join(t.TempDir(), "hosts.yml")
	if err := os.WriteFile(outside, []byte("agents: ["+secret+"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	repo := t.TempDir()
	for name, text := range map[string]string{
		".git/HEAD":             "ref: refs/heads/main\n",
		"skills/tally/SKILL.md": "---\nname: tally\ndescription: Adds up the day's receipts when the user asks for totals.\n---\n# Tally\n",
		"skills/counter.xgs.js": "",
	} {
		p := filepath.Join(repo, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if text != "" {
			if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := os.Symlink(outside, filepath.Join(repo, ".skillstudio.yaml")); err != nil {
		t.Fatal(err)
	}
	t.Chdir(repo)
	for _, args := range [][]string{
		{"lint", "."}, {"lint", "--format", "json", "."}, {"review", "."}, {"list", "."},
		{"listing", "."}, {"route", "totals", "."}, {"build", "--out", filepath.Join(t.TempDir(), "dist"), "skills"},
		{"trust"},
	} {
		code, stdout, stderr := runCLI(t, args...)
		if strings.Contains(stdout+stderr, secret) {
			t.Errorf("%v quoted the link's target:\n%s%s", args, stdout, stderr)
		}
		if !strings.Contains(stderr+stdout, ".skillstudio.yaml is a link to "+outside+", outside its checkout") || !strings.Contains(stderr+stdout, "--config "+outside) {
			t.Errorf("%v (exit %d): no note:\n%s%s", args, code, stdout, stderr)
		}
		if code == 2 && args[0] != "trust" && args[0] != "build" { // build: no .xgs.js skill here
			t.Errorf("%v: exit 2:\n%s", args, stderr)
		}
	}
	// The studio's view: a warning its status bar says.
	cfg, err := config.Load("", ".", formats.Rules())
	if err != nil {
		t.Fatal(err)
	}
	if ds := nestedProblems(cfg)(); len(ds) != 1 || ds[0].Severity != model.SeverityWarning || ds[0].Rule != "config/project" || !strings.Contains(ds[0].Message, "--config "+outside) {
		t.Errorf("studio: %+v", ds)
	}
	// --config is consent: the file is read (and its bad value named).
	if code, _, stderr := runCLI(t, "lint", "--config", outside, "."); code != 2 || !strings.Contains(stderr, secret) {
		t.Errorf("--config: exit %d\n%s", code, stderr)
	}
}
