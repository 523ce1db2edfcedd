package skillmd

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/model"
)

// TestEscapeSaysWhetherItResolves: a link out of the skill folder that
// resolves in the repository is told apart from one broken everywhere.
// TestEscapeInsideAPluginIsInfo: a link out of the skill into its own
// plugin works wherever the plugin is installed.
func TestEscapeInsideAPluginIsInfo(t *testing.T) {
	fsys := fstest.MapFS{
		"p/.claude-plugin/plugin.json": {Data: []byte(`{"name":"p"}`)},
		"p/agents/reviewer.md":         {Data: []byte("# Reviewer\n")},
		"p/skills/demo/SKILL.md":       {Data: []byte("---\nname: demo\ndescription: Demo.\n---\n# Demo\n\nSee [r](../../agents/reviewer.md).\n")},
	}
	s := Load(fsys, "p/skills/demo", model.Options{})
	for _, d := range s.Diagnostics {
		if d.Rule == "skillmd/link-escapes" && (d.Severity != model.SeverityInfo || !strings.Contains(d.Message, "inside the plugin p")) {
			t.Errorf("%v", d)
		}
	}
}

func TestEscapeSaysWhetherItResolves(t *testing.T) {
	fsys := fstest.MapFS{
		"repo/docs/guide.md":        {Data: []byte("# Guide\n")},
		"repo/skills/demo/SKILL.md": {Data: []byte("---\nname: demo\ndescription: Demo.\n---\n# Demo\n\nSee [g](../../docs/guide.md) and [n](../../docs/none.md).\n")},
	}
	s := Load(fsys, "repo/skills/demo", model.Options{})
	var msgs []string
	for _, d := range s.Diagnostics {
		if d.Rule == "skillmd/link-escapes" {
			msgs = append(msgs, d.Message)
		}
	}
	if len(msgs) != 2 || !strings.Contains(msgs[0], "resolves in the repository") || !strings.Contains(msgs[1], "points at nothing") {
		t.Errorf("messages %q", msgs)
	}
}

// TestRootRelativeLinkInAReferenceIsInfo: references/a.md linking
// references/b.md (from the skill folder) is found by agents; only a
// Markdown viewer misses it, so it is advice.
func TestRootRelativeLinkInAReferenceIsInfo(t *testing.T) {
	fsys := fstest.MapFS{
		"s/SKILL.md":        {Data: []byte("---\nname: s\ndescription: Demo.\n---\n# S\n\nSee [a](references/a.md).\n")},
		"s/references/a.md": {Data: []byte("# A\n\nSee [b](references/b.md).\n")},
		"s/references/b.md": {Data: []byte("# B\n")},
	}
	sk := Load(fsys, "s", model.Options{})
	n := 0
	for _, d := range sk.Diagnostics {
		if d.Rule == "skillmd/link" {
			n++
			if d.Severity != model.SeverityInfo || !strings.Contains(d.Hint, "(../references/b.md)") {
				t.Errorf("%v %q", d, d.Hint)
			}
		}
	}
	if n != 1 {
		t.Errorf("%d skillmd/link findings: %v", n, sk.Diagnostics)
	}
}
