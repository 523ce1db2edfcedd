package skillmd

import (
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

// TestTemplateNamedFileLinks: a Markdown file named as a template
// (references/preview_template.md, plan-template.md) is copied into the
// skill's output, so its relative links name the copy's neighbours, as the
// links of a file under assets/ or templates/ do; they are not checked.
// A catalogue of templates (post-templates.md) is a reference like any
// other and its broken links are still reported.
func TestTemplateNamedFileLinks(t *testing.T) {
	s := loadCase(map[string]string{
		"SKILL.md": md("", "# Demo\n\nFill [the preview page](references/preview_template.md), [the plan](references/plan-template.md), "+
			"[the stub](references/_template.md) and see [the catalogue](references/post-templates.md).\n"),
		"references/preview_template.md": "# Preview\n\nSee the [latest release](latest.md) and [its notes](../notes/v2.md#fixes).\n",
		"references/plan-template.md":    "# Plan\n\nTrack progress in [progress](progress.md).\n",
		"references/_template.md":        "# Rule\n\nSee [the index](#missing-heading).\n",
		"references/post-templates.md":   "# Posts\n\nSee [the guide](guide.md).\n",
	}, "")
	var got []string
	for _, rule := range []string{"skillmd/link", "skillmd/link-escapes", "skillmd/anchor"} {
		for _, d := range findings(s, rule) {
			got = append(got, d.File+": "+d.Message)
		}
	}
	if len(got) != 1 || !strings.Contains(got[0], "post-templates.md") || !strings.Contains(got[0], `"guide.md"`) {
		t.Fatalf("want only the catalogue's broken link, got %q", got)
	}
}

// TestLinkCaseMismatch: a link whose file exists but for letter case
// (references/Guide.md for references/guide.md) is still a warning, since
// Linux finds no file, and the finding names the spelling on disk, from
// SKILL.md and from a reference file alike.
func TestLinkCaseMismatch(t *testing.T) {
	s := loadCase(map[string]string{
		"SKILL.md":               md("", "# Demo\n\nRead [the guide](references/Guide.md) and [notes](references/my%20Notes.md).\n"),
		"references/guide.md":    "# Guide\n\nBack to [the skill](../skill.md).\n",
		"references/my notes.md": "notes\n",
	}, "")
	ds := findings(s, "skillmd/link")
	if len(ds) != 3 {
		t.Fatalf("want three case warnings, got %v", s.Diagnostics)
	}
	wants := map[string]string{
		"references/Guide.md":      "(references/guide.md)",
		"references/my%20Notes.md": "(references/my%20notes.md)",
		"../skill.md":              "(../SKILL.md)",
	}
	for _, d := range ds {
		found := false
		for dest, hint := range wants {
			if strings.Contains(d.Message, `"`+dest+`"`) {
				found = true
				if d.Severity != model.SeverityWarning || !strings.Contains(d.Message, "letter case") || !strings.Contains(d.Hint, hint) {
					t.Errorf("%s: want a case warning with hint %s, got %v", dest, hint, d)
				}
			}
		}
		if !found {
			t.Errorf("unexpected finding %v", d)
		}
	}
}

// TestClaudeCodeMissingNameDescription: Claude Code's frontmatter
// reference makes name optional (the folder name) and description
// recommended (the body's first paragraph), so under the claude-code
// profile a missing name, description or frontmatter is a warning saying
// what Claude Code uses instead; other profiles keep the open standard's
// error (skills-ref and Codex reject the skill).
func TestClaudeCodeMissingNameDescription(t *testing.T) {
	cases := []struct {
		rule, skillMD string
	}{
		{"skillmd/name", "---\ndescription: Tidies imports.\n---\n\n# Tidy\n"},
		{"skillmd/name", "---\nName: tidy\ndescription: Tidies imports.\n---\n\n# Tidy\n"},
		{"skillmd/description", "---\nname: demo-skill\n---\n\n# Tidy\n\nTidies imports.\n"},
		{"skillmd/frontmatter", "# Tidy\n\nTidies imports.\n"},
		{"skillmd/frontmatter", "<!-- generated -->\n---\nname: demo-skill\ndescription: Tidies imports.\n---\n"},
	}
	for _, tc := range cases {
		for _, p := range []model.Profile{model.ProfileClaudeCode, model.ProfileAll, model.ProfileCodex} {
			ds := findings(loadCase(map[string]string{"SKILL.md": tc.skillMD}, p), tc.rule)
			if len(ds) != 1 {
				t.Errorf("%s %q: want one finding, got %v", p, tc.skillMD, ds)
				continue
			}
			want := model.SeverityError
			if p == model.ProfileClaudeCode {
				want = model.SeverityWarning
			}
			if ds[0].Severity != want || (p == model.ProfileClaudeCode) != strings.Contains(ds[0].Message, "Claude Code loads the skill anyway") {
				t.Errorf("%s %q: want a %s, got %v", p, tc.skillMD, want, ds[0])
			}
		}
	}
}
