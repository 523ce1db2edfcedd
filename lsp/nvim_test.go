package lsp

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestNeovim runs a real editor: headless Neovim with its built-in LSP
// client starts `skillstudio lsp`, opens a broken SKILL.md, reads
// vim.diagnostic.get(), applies the fix the server offers and sees the
// diagnostic clear (testdata/nvim_test.lua).
func TestNeovim(t *testing.T) {
	if testing.Short() {
		t.Skip("builds skillstudio and runs Neovim: skipped in -short mode")
	}
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		t.Skip("Neovim is not installed: this test needs a real editor (apt-get install neovim)")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "skillstudio")
	if out, err := exec.Command("go", "build", "-o", bin, "..").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	root := filepath.Join(dir, "repo")
	file := filepath.Join(root, "skills", "broken", "SKILL.md")
	writeFiles(t, root, map[string]string{"skills/broken/SKILL.md": "---\nname: Broken_Skill\ndescription: Use when: testing the editor\n---\n\n# Broken\n\nText.\n"})
	script, err := filepath.Abs(filepath.Join("testdata", "nvim_test.lua"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(nvim, "--headless", "--clean", "-c", "luafile "+script)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "SKILLSTUDIO_BIN="+bin, "SKILLSTUDIO_ROOT="+root, "SKILLSTUDIO_FILE="+file, "XDG_CONFIG_HOME="+dir, "XDG_STATE_HOME="+dir, "XDG_DATA_HOME="+dir)
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "OK description: \"Use when: testing the editor\"") {
		t.Fatalf("nvim: %v\n%s", err, out)
	}
	// Neovim applied the fix to its buffer only; the file is as written.
	if data, _ := os.ReadFile(file); !strings.Contains(string(data), "description: Use when: testing") {
		t.Errorf("the file on disk changed:\n%s", data)
	}
}
