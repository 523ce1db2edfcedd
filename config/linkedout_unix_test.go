//go:build unix

package config

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}

// A checkout's .skillstudio.yaml linked to a YAML file of the machine
// (shaped like a CLI's hosts file) had that file's values quoted in
// errors a public CI log shows. Found by walking up, a link leading out
// of its checkout is not read; it is named, with --config as the way to
// read it anyway.
func TestProjectFileLinkingOutIsNotRead(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	machine := t.TempDir()
	secret := filepath.Join(machine, "hosts.yml")
	writeConfigs(t, machine, map[string]string{"hosts.yml": "agents: [tok_not_for_the_log]\n"})

	checkout := t.TempDir()
	writeConfigs(t, checkout, map[string]string{".git/HEAD": "ref: refs/heads/main\n", "skills/a/SKILL.md": "---\nname: a\n---\n"})
	symlink(t, secret, filepath.Join(checkout, ProjectFileName))

	for _, start := range []string{checkout, filepath.Join(checkout, "skills", "a")} {
		c, err := Load("", start, nil)
		if err != nil {
			t.Fatalf("%s: %v (the target's values must not be read)", start, err)
		}
		if c.LinkedOut == nil || len(c.Files) != 0 || len(c.Agents) != 0 {
			t.Fatalf("%s: read %v, linked out %+v", start, c.Files, c.LinkedOut)
		}
		real, _ := filepath.EvalSymlinks(checkout)
		if c.LinkedOut.Target != secret && !strings.HasSuffix(c.LinkedOut.Target, "hosts.yml") || c.LinkedOut.Checkout != real {
			t.Errorf("%+v", c.LinkedOut)
		}
		note := c.LinkedOut.Note(nil)
		if strings.Contains(note, "tok_not_for_the_log") || !strings.Contains(note, "--config "+c.LinkedOut.Target) || strings.Contains(note, "\n") {
			t.Errorf("note: %s", note)
		}
		if _, notes, err := c.NestedFiles(); err != nil || len(notes) != 0 {
			t.Errorf("the link is not read as a nested file either: %v %v", notes, err)
		}
	}

	// --config is consent: the same file named explicitly is read.
	if _, err := Load(secret, checkout, nil); err == nil || !strings.Contains(err.Error(), "tok_not_for_the_log") {
		t.Errorf("--config %s: %v", secret, err)
	}
}

// Links that stay inside the checkout are honest set-ups and still work:
// a monorepo's sub/.skillstudio.yaml -> ../.skillstudio.yaml, a file
// linked beside itself, a checkout reached through a linked folder.
func TestProjectFileLinksInsideTheCheckoutAreRead(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	mono := t.TempDir()
	writeConfigs(t, mono, map[string]string{".git/HEAD": "x\n", ProjectFileName: "theme: light\n", "tools/shared.yaml": "theme: dark\n"})
	symlink(t, "../"+ProjectFileName, filepath.Join(mono, "pkg", "one", ProjectFileName))
	symlink(t, "../tools/shared.yaml", filepath.Join(mono, "pkg2", ProjectFileName))
	// A worktree's .git is a file.
	wt := t.TempDir()
	writeConfigs(t, wt, map[string]string{".git": "gitdir: /elsewhere\n", "conf/team.yaml": "theme: dark\n"})
	symlink(t, "conf/team.yaml", filepath.Join(wt, ProjectFileName))
	via := filepath.Join(t.TempDir(), "link-to-mono")
	symlink(t, mono, via)

	for start, theme := range map[string]string{
		filepath.Join(mono, "pkg", "one"): "light",
		filepath.Join(mono, "pkg2"):       "dark",
		wt:                                "dark",
		filepath.Join(via, "pkg", "one"):  "light",
	} {
		c, err := Load("", start, nil)
		if err != nil || c.LinkedOut != nil || c.Theme != theme || len(c.Files) != 1 {
			t.Errorf("%s: theme %q, files %v, linked out %+v, %v", start, c.Theme, c.Files, c.LinkedOut, err)
		}
	}
}

// Without a .git above, the checkout is the folder the file was found in:
// a link to the folder above is not read. The user's own file, linked
// into a dotfiles folder, is theirs and is read.
func TestProjectFileWithoutGitAndTheUserFile(t *testing.T) {
	user := t.TempDir()
	dots := t.TempDir()
	writeConfigs(t, dots, map[string]string{"skillstudio.yaml": "theme: light\n"})
	symlink(t, filepath.Join(dots, "skillstudio.yaml"), filepath.Join(user, "skillstudio", "config.yaml"))
	t.Setenv("XDG_CONFIG_HOME", user)

	plain := t.TempDir()
	writeConfigs(t, plain, map[string]string{"shared.yaml": "theme: dark\n"})
	symlink(t, "../shared.yaml", filepath.Join(plain, "sub", ProjectFileName))
	c, err := Load("", filepath.Join(plain, "sub"), nil)
	if err != nil || c.LinkedOut == nil || c.Theme != "light" || !slices.Equal(c.Files, []string{filepath.Join(user, "skillstudio", "config.yaml")}) {
		t.Errorf("theme %q, files %v, linked out %+v, %v", c.Theme, c.Files, c.LinkedOut, err)
	}
}
