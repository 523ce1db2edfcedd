package cli

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/templates"
	"github.com/skillstudio/skillstudio/ui"
)

// newIn runs `skillstudio new ARGS…` in a fresh working folder (no
// terminal: tests never have one) and returns the folder.
func newIn(t *testing.T, args ...string) (dir string, code int, stdout, stderr string) {
	t.Helper()
	dir = t.TempDir()
	t.Chdir(dir)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(dir, ".no-config"))
	code, stdout, stderr = runCLI(t, append([]string{"new"}, args...)...)
	return
}

func TestNewCreatesLintCleanSkills(t *testing.T) {
	cases := []struct {
		args []string
		main string
	}{
		{[]string{"xgs", "--name", "forum-search", "--description", `Search "the" forum: fast`, "--match", "*://forum.example.com/*", "--match", "*://*.forum.example.org/*", "--template", "multi", "--yes"}, "forum-search.xgs.js"},
		{[]string{"skillmd", "--name", "api-onboarding", "--description", "Checks the agent knows the API: auth, URLs", "--template", "quiz", "--with", "scripts,assets", "--author", "Zoë", "-y"}, "api-onboarding/SKILL.md"},
		{[]string{"osloop", "--name", "release-checklist", "--description", "Walks through a release", "--author", "Release team", "--template", "flow", "--version", "2.0.0", "--yes"}, "release-checklist/manifest.json"},
	}
	for _, c := range cases {
		t.Run(c.args[0], func(t *testing.T) {
			dir, code, out, errs := newIn(t, c.args...)
			if code != 0 {
				t.Fatalf("exit %d\n%s%s", code, out, errs)
			}
			if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(c.main))); err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{"Created", c.main, "Next steps:", "skillstudio lint"} {
				if !strings.Contains(out, want) {
					t.Errorf("output lacks %q:\n%s", want, out)
				}
			}
			if c.args[0] == "osloop" {
				if data, _ := os.ReadFile(filepath.Join(dir, filepath.FromSlash(c.main))); !strings.Contains(string(data), `"version": "2.0.0"`) {
					t.Errorf("--version not written:\n%s", data)
				}
			}
			if c.args[0] == "xgs" && !strings.Contains(out, "skillstudio build forum-search.xgs.js") {
				t.Errorf("no build step for an .xgs.js skill:\n%s", out)
			}
			code, lintOut, _ := runCLI(t, "lint", "--strict", ".")
			if code != 0 || !strings.Contains(lintOut, "0 errors, 0 warnings") {
				t.Errorf("lint of the new skill: exit %d\n%s", code, lintOut)
			}
		})
	}
}

func TestNewInsideAnOSLoopRepository(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	os.Mkdir("skills", 0o755)
	os.WriteFile(filepath.Join("skills", "index.json"), []byte("[]\n"), 0o644)
	for _, name := range []string{"first-skill", "second-skill"} {
		code, out, errs := runCLI(t, "new", "osloop", "--name", name, "--description", "D", "--author", "A", "--yes")
		if code != 0 {
			t.Fatalf("exit %d\n%s%s", code, out, errs)
		}
		if !strings.Contains(out, filepath.Join("skills", "index.json")) {
			t.Errorf("the index update is not reported:\n%s", out)
		}
	}
	index, _ := os.ReadFile(filepath.Join("skills", "index.json"))
	if i, j := strings.Index(string(index), "first-skill"), strings.Index(string(index), "second-skill"); i < 0 || j < i {
		t.Errorf("index.json:\n%s", index)
	}
	if code, out, _ := runCLI(t, "lint", "--strict", "."); code != 0 {
		t.Errorf("lint: exit %d\n%s", code, out)
	}
}

func TestNewRefusals(t *testing.T) {
	cases := []struct {
		name string
		args []string
		want []string
	}{
		{"missing values name their flags", []string{"osloop", "--yes"}, []string{"--name", "--description", "--author", "required"}},
		{"no terminal to ask in", []string{"xgs", "--name", "x"}, []string{"--description and --match", "no terminal"}},
		{"bad name", []string{"skillmd", "--name", "Bad_Name", "--description", "D", "--yes"}, []string{"--name:"}},
		{"bad match", []string{"xgs", "--name", "x", "--description", "D", "--match", "example.com", "--yes"}, []string{"--match:", "example.com"}},
		{"unknown format", []string{"docx", "--yes"}, []string{"unknown format", "xgs, skillmd or osloop"}},
		{"unknown template", []string{"skillmd", "--template", "nope", "--yes"}, []string{"no skillmd template named", "minimal"}},
		{"unknown part", []string{"skillmd", "--name", "x", "--description", "D", "--with", "docs", "--yes"}, []string{"--with:", "scripts, references, assets"}},
		{"no format", []string{}, []string{"one FORMAT"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir, code, out, errs := newIn(t, c.args...)
			if code != 2 {
				t.Errorf("exit %d, want 2\n%s%s", code, out, errs)
			}
			for _, w := range c.want {
				if !strings.Contains(errs, w) {
					t.Errorf("stderr lacks %q:\n%s", w, errs)
				}
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 0 {
				t.Errorf("a refused run wrote %d entries", len(entries))
			}
		})
	}
}

func TestNewNeverOverwrites(t *testing.T) {
	dir, code, _, _ := newIn(t, "skillmd", "--name", "mine", "--description", "D", "--yes")
	if code != 0 {
		t.Fatal("first run failed")
	}
	p := filepath.Join(dir, "mine", "SKILL.md")
	os.WriteFile(p, []byte("user work"), 0o644)
	code, _, errs := runCLI(t, "new", "skillmd", "--name", "mine", "--description", "Other", "--yes")
	if code != 2 || !strings.Contains(errs, "already exists") {
		t.Errorf("exit %d: %s", code, errs)
	}
	if data, _ := os.ReadFile(p); string(data) != "user work" {
		t.Error("the existing skill was overwritten")
	}
}

func TestNewListsTemplates(t *testing.T) {
	_, code, out, _ := newIn(t, "skillmd", "--list")
	if code != 0 {
		t.Fatal(code)
	}
	for _, w := range []string{"minimal", "claude", "registry", "quiz", "optional: scripts, references, assets"} {
		if !strings.Contains(out, w) {
			t.Errorf("--list lacks %q:\n%s", w, out)
		}
	}
}

// TestNewAsksOnlyForWhatIsMissing: with a terminal, the wizard gets the
// values already given and the format, and its result is reported.
func TestNewAsksOnlyForWhatIsMissing(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	var got ui.NewSkillRequest
	wizard := func(req ui.NewSkillRequest) (*templates.Plan, error) {
		got = req
		tm, err := templates.Lookup(req.Format, "quiz", "")
		if err != nil {
			return nil, err
		}
		v := req.Values
		v.Description = "Typed in the form"
		p, err := templates.Prepare(tm, v, filepath.Join(req.Base, v.Name))
		if err != nil {
			return nil, err
		}
		return p, p.Write()
	}
	var out strings.Builder
	err := runNew(&out, newRequest{format: "skillmd", name: "asked", stdinTTY: true, stdoutTTY: true, wizard: wizard})
	if err != nil {
		t.Fatal(err)
	}
	if got.Format != model.FormatSkillMD || got.Values.Name != "asked" || got.Template != "" || got.Base != dir {
		t.Errorf("wizard request = %+v", got)
	}
	if !strings.Contains(out.String(), "Created SKILL.md skill asked from the quiz template") {
		t.Errorf("output:\n%s", out.String())
	}
	// Cancelled: exit 1, nothing written.
	cancel := func(ui.NewSkillRequest) (*templates.Plan, error) { return nil, nil }
	err = runNew(&out, newRequest{format: "xgs", stdinTTY: true, stdoutTTY: true, wizard: cancel})
	var ee exitError
	if !errors.As(err, &ee) || ee.code != 1 {
		t.Errorf("cancel: err = %v", err)
	}
	// --yes never asks, even in a terminal.
	err = runNew(&out, newRequest{format: "xgs", yes: true, stdinTTY: true, stdoutTTY: true, wizard: cancel})
	var ue usageError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), "--yes never asks") {
		t.Errorf("--yes: err = %v", err)
	}
}
