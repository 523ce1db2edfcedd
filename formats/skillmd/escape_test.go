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
		if d.Rule == "skillmd/link-escapes" && (d.Severity != model.SeverityInfo || !strings.Contains(d.Message, `inside the plugin "p"`)) {
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

// TestEscapeFromANestedSkill: a sub-skill kept inside another skill's
// folder ships with that skill, so a link from it into the outer skill
// stays inside what is installed (no finding), and one into the outer
// skill's plugin is the plugin's business (info), as for the outer skill.
func TestEscapeFromANestedSkill(t *testing.T) {
	fsys := fstest.MapFS{
		"p/.claude-plugin/plugin.json":    {Data: []byte(`{"name":"p"}`)},
		"p/skills/outer/SKILL.md":         {Data: []byte("---\nname: outer\ndescription: Outer.\n---\n# Outer\n\nSee [web](web/SKILL.md).\n")},
		"p/skills/outer/concepts/auth.md": {Data: []byte("# Auth\n")},
		"p/skills/other/web/SKILL.md":     {Data: []byte("---\nname: other-web\ndescription: Other.\n---\n# Other\n")},
		"p/skills/outer/web/SKILL.md": {Data: []byte("---\nname: web\ndescription: Web.\n---\n# Web\n\n" +
			"Back to [outer](../SKILL.md), [auth](../concepts/auth.md), [other](../../other/web/SKILL.md) and [gone](../missing.md).\n")},
	}
	s := Load(fsys, "p/skills/outer/web", model.Options{})
	var got []string
	for _, d := range s.Diagnostics {
		if d.Rule == "skillmd/link-escapes" || d.Rule == "skillmd/link" {
			got = append(got, d.Severity.String()+" "+d.Message)
		}
	}
	if len(got) != 2 || !strings.HasPrefix(got[0], "info") || !strings.Contains(got[0], "../../other/web/SKILL.md") || !strings.Contains(got[0], `inside the plugin "p"`) ||
		!strings.HasPrefix(got[1], "warning") || !strings.Contains(got[1], "../missing.md") {
		t.Errorf("findings %q", got)
	}
}

// TestEscapeFromAProjectSkillIsInfo: a project skill (.github/skills,
// .claude/skills, …) is read in place in its repository, so a link to a
// repository file that exists is advice, not a broken link; one to
// nothing stays a warning, with a hint to fix the path; a skill in a
// plain skills/ folder of a collection still gets the warning.
func TestEscapeFromAProjectSkillIsInfo(t *testing.T) {
	body := "---\nname: review\ndescription: Reviews pull requests.\n---\n# Review\n\nRead [a](../../../AGENTS.md#pull-requests) and [d](../../../docs/none.md).\n"
	for dir, wantInfo := range map[string]bool{
		"repo/.github/skills/review": true,
		"repo/.claude/skills/review": true,
		"repo/.agents/skills/review": true,
		"repo/lib/skills/review":     false,
	} {
		fsys := fstest.MapFS{
			"repo/AGENTS.md":       {Data: []byte("# Agents\n\n## Pull requests\n")},
			dir + "/SKILL.md":      {Data: []byte(body)},
			"repo/docs/readme.txt": {Data: []byte("x")},
		}
		s := Load(fsys, dir, model.Options{})
		var got []string
		for _, d := range s.Diagnostics {
			if d.Rule != "skillmd/link-escapes" {
				continue
			}
			got = append(got, d.Severity.String()+" "+d.Message+" | "+d.Hint)
			missing := strings.Contains(d.Message, "none.md")
			switch {
			case missing && (d.Severity != model.SeverityWarning || !strings.Contains(d.Hint, "Fix the path")):
				t.Errorf("%s: a link to nothing: %s", dir, d)
			case !missing && wantInfo && (d.Severity != model.SeverityInfo || !strings.Contains(d.Message, "reads in place")):
				t.Errorf("%s: %s", dir, d)
			case !missing && !wantInfo && d.Severity != model.SeverityWarning:
				t.Errorf("%s: %s", dir, d)
			}
		}
		if len(got) != 2 {
			t.Errorf("%s: want 2 link-escapes findings, got %q", dir, got)
		}
	}
}
