package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestRealBinaryHostilePluginPaths (red-team round 17): a plugin whose
// component paths climb out with "..", name FIFOs inside and (through a
// link) outside it, links to /dev/zero and /dev/tty, and 100,000 skills
// entries carrying escapes; and a skill named and filed after Windows
// devices with escapes in its file names. lint ends promptly, reads no
// FIFO or device, reports the climb, and no escape reaches the terminal.
func TestRealBinaryHostilePluginPaths(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary; skipped in -short mode")
	}
	root := t.TempDir()
	plug := filepath.Join(root, "plug")
	writeTree(t, root, map[string]string{
		"plug/skills/a/SKILL.md": "---\nname: a\ndescription: Does a when the user asks for a.\n---\n# A\n",
		"outside/keep.md":        "outside\n",
		"lib/CON/SKILL.md":       "---\nname: con\ndescription: Does con when the user asks for it.\n---\n# C\n",
	})
	if err := mkfifo(filepath.Join(plug, "hooks.fifo")); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	mkfifo(filepath.Join(root, "outside", "f"))
	os.Symlink("/dev/zero", filepath.Join(plug, "zero.json"))
	os.Symlink("/dev/tty", filepath.Join(plug, "tty.md"))
	os.Symlink("../outside", filepath.Join(plug, "out"))
	for i := range 200 {
		os.WriteFile(filepath.Join(root, "lib", "CON", fmt.Sprintf("nul.%d\x1b[2J\u202e", i)), nil, 0o644)
	}
	skills := []string{"./skills", "../outside", "./out/f", "./zero.json", "./hooks.fifo"}
	for i := range 100000 {
		skills = append(skills, fmt.Sprintf("./skills/x%d\x1b[2J\u202e", i))
	}
	manifest, _ := json.Marshal(map[string]any{"name": "plug", "version": "1.0.0", "skills": skills,
		"commands": []string{"./tty.md", "./hooks.fifo", "./out/f", "./../../etc"}, "agents": "./zero.json",
		"hooks": "./hooks.fifo", "mcpServers": "./out/f", "lspServers": "./zero.json"})
	writeTree(t, root, map[string]string{"plug/.claude-plugin/plugin.json": string(manifest)})

	for _, target := range []string{"plug", "lib"} {
		start := time.Now()
		out, code := runBinary(t, root, "lint", target)
		if took := time.Since(start); took > 20*time.Second {
			t.Errorf("lint %s took %s", target, took)
		}
		if code != 1 {
			t.Errorf("lint %s: status %d, want 1\n%s", target, code, out)
		}
		for _, bad := range []string{"\x1b", "\u202e", "\a"} {
			if strings.Contains(out, bad) {
				t.Errorf("lint %s: %q reached the terminal", target, bad)
			}
		}
		want := map[string][]string{
			"plug": {`skills path "../outside" leaves the plugin root`, `commands path "./hooks.fifo" is a file that is not Markdown`},
			"lib":  {`skillmd/windows-name`, `Windows device name CON`},
		}[target]
		for _, w := range want {
			if !strings.Contains(out, w) {
				t.Errorf("lint %s: no %q in\n%.3000s", target, w, out)
			}
		}
	}
}
