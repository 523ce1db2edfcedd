package lsp

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestNeovim runs a real editor: headless Neovim with its built-in LSP
// client starts `skillstudio lsp`, opens a broken SKILL.md, reads
// vim.diagnostic.get(), applies the fix the server offers and sees the
// diagnostic clear (testdata/nvim_test.lua).
func TestNeovim(t *testing.T) {
	nvim, bin := neovimAndServer(t)
	dir := t.TempDir()
	root := filepath.Join(dir, "repo")
	file := filepath.Join(root, "skills", "broken", "SKILL.md")
	writeFiles(t, root, map[string]string{"skills/broken/SKILL.md": nvimBroken})
	runNeovim(t, nvim, bin, dir, root, file)
}

// TestNeovimFileOutsideTheWorkspace: the same, with the SKILL.md opened
// from outside the folder Neovim gave as the workspace root (a skill in
// ~/.claude/skills edited from a project): it is linted on its own.
func TestNeovimFileOutsideTheWorkspace(t *testing.T) {
	nvim, bin := neovimAndServer(t)
	dir := t.TempDir()
	root := filepath.Join(dir, "project")
	writeFiles(t, dir, map[string]string{"project/README.md": "# A project\n", "home/skills/broken/SKILL.md": nvimBroken})
	runNeovim(t, nvim, bin, dir, root, filepath.Join(dir, "home", "skills", "broken", "SKILL.md"))
}

// TestNeovimWorkspaceFolders: Neovim started with two workspace folders;
// a file of the second is linted in the second's library, with its
// config (testdata/nvim_folders.lua).
func TestNeovimWorkspaceFolders(t *testing.T) {
	nvim, bin := neovimAndServer(t)
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	writeFiles(t, a, map[string]string{".skillstudio.yaml": quietColon, "skills/same/SKILL.md": skillText("same")})
	writeFiles(t, b, map[string]string{"skills/same/SKILL.md": skillText("same"), "skills/twin/SKILL.md": skillText("same")})
	runNvimScript(t, nvim, "nvim_folders.lua", a, dir, "OK", "SKILLSTUDIO_BIN="+bin, "SKILLSTUDIO_A="+a, "SKILLSTUDIO_B="+b, "SKILLSTUDIO_FILE="+filepath.Join(b, "skills", "same", "SKILL.md"))
}

// TestNeovimCRLFWideText: a CRLF file with emoji and CJK before a
// finding, fixed, silenced and hovered through Neovim, then written
// (testdata/nvim_wide.lua): the file on disk has the fix and the comment,
// and CRLF on every line.
func TestNeovimCRLFWideText(t *testing.T) {
	nvim, bin := neovimAndServer(t)
	dir := t.TempDir()
	root := filepath.Join(dir, "repo")
	file := filepath.Join(root, "skills", "wide", "SKILL.md")
	writeFiles(t, root, map[string]string{"skills/wide/SKILL.md": strings.ReplaceAll(
		"---\nname: Wide_Skill\ndescription: 🎉 中文 Use when: testing wide 😀 text\n---\n\n# Wide\n\nText.\n", "\n", "\r\n")})
	runNvimScript(t, nvim, "nvim_wide.lua", root, dir, "OK", "SKILLSTUDIO_BIN="+bin, "SKILLSTUDIO_ROOT="+root, "SKILLSTUDIO_FILE="+file)
	want := strings.ReplaceAll("---\n# skillstudio-disable-next-line skillmd/name\nname: Wide_Skill\ndescription: \"🎉 中文 Use when: testing wide 😀 text\"\n---\n\n# Wide\n\nText.\n", "\n", "\r\n")
	if data, _ := os.ReadFile(file); string(data) != want {
		t.Errorf("the file Neovim wrote:\n%q\nwant\n%q", data, want)
	}
}

// TestNeovimPositionEncodings: the same edits through a Neovim that offers
// utf-8, utf-16 and utf-32 as Neovim 0.10 does (in that order) and counts
// in the one the server names: utf-8, in which the squiggle, the fix and
// the disable comment must land on the same characters.
func TestNeovimPositionEncodings(t *testing.T) {
	nvim, bin := neovimAndServer(t)
	for _, offered := range []string{"utf-8,utf-16,utf-32", "utf-32,utf-16"} {
		t.Run(offered, func(t *testing.T) {
			dir := t.TempDir()
			root := filepath.Join(dir, "repo")
			file := filepath.Join(root, "skills", "wide", "SKILL.md")
			doc := "---\nname: Wide_Skill\ndescription: 🎉 中文 Use when: testing wide 😀 text\n---\n\n# Wide\n\nText.\n"
			writeFiles(t, root, map[string]string{"skills/wide/SKILL.md": strings.ReplaceAll(doc, "\n", "\r\n")})
			out := runNvimScript(t, nvim, "nvim_wide.lua", root, dir, "OK", "SKILLSTUDIO_BIN="+bin, "SKILLSTUDIO_ROOT="+root, "SKILLSTUDIO_FILE="+file, "SKILLSTUDIO_ENCODINGS="+offered)
			if first, _, _ := strings.Cut(offered, ","); !strings.Contains(out, "ENCODING "+first) {
				t.Errorf("Neovim did not count in %s:\n%s", first, out)
			}
			want := strings.ReplaceAll("---\n# skillstudio-disable-next-line skillmd/name\nname: Wide_Skill\ndescription: \"🎉 中文 Use when: testing wide 😀 text\"\n---\n\n# Wide\n\nText.\n", "\n", "\r\n")
			if data, _ := os.ReadFile(file); string(data) != want {
				t.Errorf("the file Neovim wrote:\n%q\nwant\n%q", data, want)
			}
		})
	}
}

// TestNeovimFolderRenamedInTheShell: a skill's folder renamed outside
// Neovim while its SKILL.md is open, then opened at the new path
// (testdata/nvim_moved.lua).
func TestNeovimFolderRenamedInTheShell(t *testing.T) {
	nvim, bin := neovimAndServer(t)
	dir := t.TempDir()
	root := filepath.Join(dir, "repo")
	writeFiles(t, root, map[string]string{
		"skills/a/SKILL.md":     "---\nname: a\ndescription: Use when: moving things around\n---\n\n# A\n\nText.\n",
		"skills/other/SKILL.md": skillText("other"),
	})
	runNvimScript(t, nvim, "nvim_moved.lua", root, dir, "OK", "SKILLSTUDIO_BIN="+bin, "SKILLSTUDIO_ROOT="+root)
}

const nvimBroken = "---\nname: Broken_Skill\ndescription: Use when: testing the editor\n---\n\n# Broken\n\nText.\n"

// neovimAndServer finds nvim (or skips) and builds skillstudio.
func neovimAndServer(t *testing.T) (nvim, bin string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds skillstudio and runs Neovim: skipped in -short mode")
	}
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		t.Skip("Neovim is not installed: this test needs a real editor (apt-get install neovim)")
	}
	_, bin = serverBinary(t)
	return nvim, bin
}

// serverBinary builds skillstudio into a temp folder.
func serverBinary(t *testing.T) (dir, bin string) {
	t.Helper()
	dir = t.TempDir()
	bin = filepath.Join(dir, "skillstudio")
	if out, err := exec.Command("go", "build", "-o", bin, "..").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return dir, bin
}

// runNeovim runs testdata/nvim_test.lua on file with root as the
// workspace folder, and checks the file on disk is as written.
func runNeovim(t *testing.T, nvim, bin, dir, root, file string) {
	t.Helper()
	runNvimScript(t, nvim, "nvim_test.lua", root, dir, "OK description: \"Use when: testing the editor\"", "SKILLSTUDIO_BIN="+bin, "SKILLSTUDIO_ROOT="+root, "SKILLSTUDIO_FILE="+file)
	// Neovim applied the fix to its buffer only; the file is as written.
	if data, _ := os.ReadFile(file); !strings.Contains(string(data), "description: Use when: testing") {
		t.Errorf("the file on disk changed:\n%s", data)
	}
}

// TestEglot runs a second real editor: Emacs's eglot (Debian's
// elpa-eglot) watches the files the server asks it to, so a skill deleted
// outside the editor clears the duplicate-name error of the open one, the
// quick fix it is offered applies and, saved (eglot sends didSave with the
// text), clears its error, and a .skillstudio.yaml written outside it
// applies (testdata/eglot_test.el).
func TestEglot(t *testing.T) {
	if testing.Short() {
		t.Skip("builds skillstudio and runs Emacs: skipped in -short mode")
	}
	emacs, err := exec.LookPath("emacs")
	if err != nil {
		t.Skip("Emacs is not installed: this test needs a second real editor (apt-get install emacs-nox elpa-eglot)")
	}
	if out, err := exec.Command(emacs, "--batch", "--eval", "(require 'eglot)").CombinedOutput(); err != nil {
		t.Skipf("Emacs has no eglot (apt-get install elpa-eglot): %v\n%s", err, out)
	}
	_, bin := serverBinary(t)
	dir := t.TempDir()
	root := filepath.Join(dir, "repo")
	// README.md: eglot 1.9 watches the folders that hold a project file,
	// so the root is watched only when a file is there, as in most
	// repositories.
	writeFiles(t, root, map[string]string{"README.md": "# Skills\n", "skills/same/SKILL.md": skillText("same"), "skills/twin/SKILL.md": skillText("same")})
	// A git repository, as a user's is: Emacs's project.el finds its root
	// (and the files eglot watches) from the folder holding .git.
	if out, err := exec.Command("git", "init", "-q", root).CombinedOutput(); err != nil {
		t.Skipf("git init: %v\n%s", err, out)
	}
	script, err := filepath.Abs(filepath.Join("testdata", "eglot_test.el"))
	if err != nil {
		t.Fatal(err)
	}
	// A daemon, not --batch: only a command loop delivers the file
	// notifications eglot's watching runs on. Its socket is in dir.
	// -q, not -Q: Debian's site start-up puts elpa-eglot on the load path.
	// The script gives up after 20 s a step; the context only ends a daemon
	// that never got as far as running it.
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, emacs, "-q", "--fg-daemon="+filepath.Join(dir, "emacs.sock"), "-l", script)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "SKILLSTUDIO_BIN="+bin, "SKILLSTUDIO_ROOT="+root, "SKILLSTUDIO_FILE="+filepath.Join(root, "skills", "same", "SKILL.md"),
		"HOME="+dir, "XDG_CONFIG_HOME="+dir)
	if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "OK") {
		t.Fatalf("emacs: %v\n%s", err, out)
	}
}

// TestNeovimLoneCR: a manifest.json with lone CR line ends, read by
// Neovim as a Mac file (its lines the LSP's), gets its findings on the
// lines that hold them, before and after an edit that joins two lines
// (testdata/nvim_lone_cr.lua). The server split lines at "\n" alone and
// put every finding on line 0.
func TestNeovimLoneCR(t *testing.T) {
	nvim, bin := neovimAndServer(t)
	dir := t.TempDir()
	root := filepath.Join(dir, "repo")
	manifest, err := os.ReadFile(filepath.Join("..", "formats", "osloop", "testdata", "broken", "skills", "Bad_Skill", "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	index, err := os.ReadFile(filepath.Join("..", "formats", "osloop", "testdata", "broken", "skills", "index.json"))
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(root, "skills", "Bad_Skill", "manifest.json")
	writeFiles(t, root, map[string]string{
		"skills/Bad_Skill/manifest.json": strings.ReplaceAll(string(manifest), "\n", "\r"),
		"skills/index.json":              string(index),
	})
	runNvimScript(t, nvim, "nvim_lone_cr.lua", root, dir, "OK", "SKILLSTUDIO_BIN="+bin, "SKILLSTUDIO_ROOT="+root, "SKILLSTUDIO_FILE="+file)
}

// runNvimScript runs testdata/lua in headless Neovim from cwd, its
// config, state and data kept in dir, with env added, and fails unless
// the script printed want.
func runNvimScript(t *testing.T, nvim, lua, cwd, dir, want string, env ...string) string {
	t.Helper()
	script, err := filepath.Abs(filepath.Join("testdata", lua))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(nvim, "--headless", "--clean", "-c", "luafile "+script)
	cmd.Dir = cwd
	cmd.Env = append(os.Environ(), append(env, "XDG_CONFIG_HOME="+dir, "XDG_STATE_HOME="+dir, "XDG_DATA_HOME="+dir)...)
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), want) {
		t.Fatalf("nvim: %v\n%s", err, out)
	}
	return string(out)
}
