package formats

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

// collectDir is Collect over one folder, as the language server runs it.
func collectDir(dir string) *Collected {
	base := model.Location{Source: dir, Root: dir, Local: true, FS: os.DirFS(dir)}
	open := func() (Source, error) { return Source{Base: base, Root: "."}, nil }
	return Collect(context.Background(), []Opener{open}, Settings{Options: model.Options{FindingsOnly: true}})
}

// findingsOf is c's library as lines a test can compare: every skill's
// findings and the library's own, in order.
func findingsOf(c *Collected) string {
	var b strings.Builder
	lib := c.Library()
	for _, s := range lib.Skills {
		fmt.Fprintf(&b, "%s %s\n", s.Location.File, s.Name)
		for _, d := range s.Diagnostics {
			fmt.Fprintf(&b, "  %s\n", d)
		}
	}
	for _, d := range lib.Diagnostics {
		fmt.Fprintf(&b, "library %s\n", d)
	}
	return b.String()
}

// TestRereadMatchesACollect edits one file at a time in a mixed library
// and checks that rereading its skill gives what reading the whole
// library again gives, library findings included (a name clash made and
// mended, look-alike descriptions, an anchor into a reference, a nested
// skill and its parent), and that Reread declines what it cannot see (a
// new skill of any format, an OS Loop package, an index).
func TestRereadMatchesACollect(t *testing.T) {
	dir := t.TempDir()
	if err := generateMixed(dir, 30); err != nil {
		t.Fatal(err)
	}
	writeFiles(t, dir, map[string]string{
		"mine/alpha/SKILL.md":              "---\nname: alpha\ndescription: Drafts the weekly status mail from the team's notes.\n---\n\n# Alpha\n\nRead [the format](references/format.md#layout).\n",
		"mine/alpha/references/format.md":  "# Format\n\n## Layout\n\nThree sections.\n",
		"mine/beta/SKILL.md":               "---\nname: beta\ndescription: Files expense receipts into the right ledger folder.\n---\n\n# Beta\n\nSort by month.\n",
		"mine/outer/SKILL.md":              "---\nname: outer\ndescription: Holds a nested skill, which is linted on its own.\n---\n\n# Outer\n",
		"mine/outer/inner/SKILL.md":        "---\nname: inner\ndescription: Sits inside another skill's folder.\n---\n\n# Inner\n",
		"mine/tools/counter.xgs.js.readme": "not a skill",
	})
	c := collectDir(dir)
	steps := []struct {
		file, text string
		ok         bool
	}{
		{"mine/alpha/SKILL.md", "---\nname: beta\ndescription: Drafts the weekly status mail from the team's notes.\n---\n\n# Alpha\n\nRead [the format](references/format.md#layout).\n", true},
		{"mine/alpha/references/format.md", "# Format\n\nNo layout any more.\n", true},
		{"mine/beta/SKILL.md", "---\nname: beta\ndescription: Drafts the weekly status mail from the team's notes.\n---\n\n# Beta\n", true},
		{"mine/alpha/SKILL.md", "---\nname: alpha\ndescription: Drafts the weekly status mail from the team's notes.\n---\n\n# Alpha\n\nRead [the format](references/format.md).\n", true},
		{"group-000/xgs/site-00000.xgs.js", "// ==XGooseSkill==\n// @name site-00000\n// ==/XGooseSkill==\n\nexport default defineSkill({\n", true},
		{"group-000/skills-md/guide-00001/SKILL.md", "---\nname: guide-00001\ndescription: [unclosed\n---\n\n# Broken\n", true},
		{"mine/outer/inner/SKILL.md", "---\nname: outer\ndescription: Now clashes with its parent.\n---\n", true},
		{"mine/outer/inner/notes.md", "# Notes\n\nRead by the inner skill and counted by the outer.\n", true},
		{"README.md", "# The library\n\nNo reader reads this.\n", true},
		{"mine/gamma/SKILL.md", "---\nname: gamma\ndescription: A skill the search has not seen.\n---\n", false},
		{"group-000/osloop/skills/tool-00002/docs.md", "# Docs\n\nChanged.\n", false},
		{"group-000/osloop/skills/index.json", "[]\n", false},
		{"mine/tools/counter.xgs.js.readme", "still not a skill", true},
		{"mine/tools/counter.xgs.js", "// ==XGooseSkill==\n// @name counter\n// ==/XGooseSkill==\n", false},
		{"mine/delta/manifest.json", "{\"schemaVersion\": 1}\n", false},
	}
	for _, st := range steps {
		p := filepath.Join(dir, filepath.FromSlash(st.file))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(st.text), 0o644); err != nil {
			t.Fatal(err)
		}
		want := collectDir(dir)
		got, ok := c.Reread(0, []string{st.file})
		if ok != st.ok {
			t.Fatalf("%s: Reread ok=%v, want %v", st.file, ok, st.ok)
		}
		if !ok {
			c = want
			continue
		}
		if g, w := findingsOf(got), findingsOf(want); g != w {
			t.Fatalf("%s: Reread differs from a Collect:\n--- reread\n%s\n--- collect\n%s", st.file, g, w)
		}
		c = got
	}
	// The steps must have made and mended library findings, or the test
	// would not show that Reread runs the library checks again.
	if !strings.Contains(findingsOf(collectDir(dir)), "library/") {
		t.Error("no library findings at the end: the steps do not exercise the library checks")
	}
}
