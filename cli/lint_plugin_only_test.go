package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLintChecksAPluginWithNoSkill: lint of a folder whose only plugin
// has hooks and commands, no SKILL.md anywhere, still checks the
// plugin's manifest (the search notes .claude-plugin folders itself).
func TestLintChecksAPluginWithNoSkill(t *testing.T) {
	root := t.TempDir()
	for name, text := range map[string]string{
		"tools/guard/.claude-plugin/plugin.json": `{"name": "guard", "hooks": "./hook-configs"}`,
		"tools/guard/hook-configs/extra.json":    `{"hooks": {}}`,
		"tools/guard/commands/check.md":          "# check\n",
	} {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, out, errOut := runCLI(t, "lint", root)
	if code != 1 || !strings.Contains(out, "library/plugin-hooks-path-kind") || !strings.Contains(out, "plugin.json:1:") {
		t.Fatalf("exit %d, a hooks folder in a plugin with no skill is not reported:\n%s%s", code, out, errOut)
	}
}
