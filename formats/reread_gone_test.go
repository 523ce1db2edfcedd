package formats

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRereadAfterTheFileWent: a watcher reports a file changed, and by
// the time the server reads it the file (or its folder) was deleted,
// renamed or made a folder, or the path named is a folder or the root.
// Reread must give what a Collect gives, or decline; it used to keep the
// gone skill with a "cannot read SKILL.md" error until the next save.
func TestRereadAfterTheFileWent(t *testing.T) {
	for _, tc := range []struct {
		name string
		file string
		do   func(dir string) error
	}{
		{"skill.md deleted", "mine/alpha/SKILL.md", func(d string) error { return os.Remove(filepath.Join(d, "mine/alpha/SKILL.md")) }},
		{"folder deleted", "mine/alpha/SKILL.md", func(d string) error { return os.RemoveAll(filepath.Join(d, "mine/alpha")) }},
		{"folder renamed", "mine/alpha/SKILL.md", func(d string) error { return os.Rename(filepath.Join(d, "mine/alpha"), filepath.Join(d, "mine/zeta")) }},
		{"skill.md renamed lower", "mine/alpha/SKILL.md", func(d string) error {
			return os.Rename(filepath.Join(d, "mine/alpha/SKILL.md"), filepath.Join(d, "mine/alpha/skill.md"))
		}},
		{"skill.md is dir", "mine/alpha/SKILL.md", func(d string) error {
			p := filepath.Join(d, "mine/alpha/SKILL.md")
			os.Remove(p)
			return os.Mkdir(p, 0o755)
		}},
		{"skill.md link out", "mine/alpha/SKILL.md", func(d string) error {
			p := filepath.Join(d, "mine/alpha/SKILL.md")
			os.Remove(p)
			return os.Symlink("/etc/hostname", p)
		}},
		{"xgs deleted", "mine/c.xgs.js", func(d string) error { return os.Remove(filepath.Join(d, "mine/c.xgs.js")) }},
		{"xgs to dir", "mine/c.xgs.js", func(d string) error {
			p := filepath.Join(d, "mine/c.xgs.js")
			os.Remove(p)
			return os.Mkdir(p, 0o755)
		}},
		{"nested inner deleted, outer changed", "mine/outer/inner/SKILL.md", func(d string) error { return os.Remove(filepath.Join(d, "mine/outer/inner/SKILL.md")) }},
		{"dir path changed", "mine/alpha", func(d string) error { return os.RemoveAll(filepath.Join(d, "mine/alpha")) }},
		{"parent dir changed", "mine", func(d string) error { return os.RemoveAll(filepath.Join(d, "mine/alpha")) }},
		{"dot", ".", func(d string) error { return os.RemoveAll(filepath.Join(d, "mine/alpha")) }},
		{"dotdot", "..", func(d string) error { return nil }},
		{"abs", "/etc/passwd", func(d string) error { return nil }},
		{"empty", "", func(d string) error { return os.RemoveAll(filepath.Join(d, "mine/alpha")) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, map[string]string{
				"mine/alpha/SKILL.md":       "---\nname: alpha\ndescription: Drafts the weekly status mail from the team's notes.\n---\n\n# Alpha\n",
				"mine/beta/SKILL.md":        "---\nname: beta\ndescription: Files expense receipts into the right ledger folder.\n---\n\n# Beta\n",
				"mine/outer/SKILL.md":       "---\nname: outer\ndescription: Holds a nested skill, which is linted on its own.\n---\n\n# Outer\n",
				"mine/outer/inner/SKILL.md": "---\nname: inner\ndescription: Sits inside another skill's folder.\n---\n\n# Inner\n",
				"mine/c.xgs.js":             "// ==XGooseSkill==\n// @name counter\n// ==/XGooseSkill==\n\nexport default defineSkill({name: 'counter'});\n",
			})
			c := collectDir(dir)
			if err := tc.do(dir); err != nil {
				t.Fatal(err)
			}
			got, ok := c.Reread(0, []string{tc.file})
			want := collectDir(dir)
			if !ok {
				return // the caller reads whole
			}
			if g, w := findingsOf(got), findingsOf(want); g != w {
				t.Errorf("differs:\n--- reread\n%s\n--- collect\n%s", g, w)
			}
		})
	}
}
