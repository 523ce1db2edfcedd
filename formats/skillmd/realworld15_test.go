package skillmd

import (
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

// TestBackslashLinks: a link that reaches its file only when \ is read as
// a folder separator (references\guide.md, from SKILL.md or from a
// reference file) is a warning naming the slash form; a Markdown escape
// (my\_notes.md is my_notes.md) is not a separator and finds its file.
func TestBackslashLinks(t *testing.T) {
	s := loadCase(map[string]string{
		"SKILL.md":               md("", "\nRead [guide](references\\guide.md) and [notes](references/my\\_notes.md).\n"),
		"references/guide.md":    "# Guide\n\nBack to [the skill](..\\SKILL.md).\n",
		"references/my_notes.md": "notes\n",
	}, "")
	ds := findings(s, "skillmd/link")
	if len(ds) != 2 {
		t.Fatalf("want two backslash warnings, got %v", s.Diagnostics)
	}
	for _, d := range ds {
		if d.Severity != model.SeverityWarning || !strings.Contains(d.Message, "backslashes") {
			t.Errorf("want a backslash warning, got %v", d)
		}
	}
	if !strings.Contains(ds[0].Hint+ds[1].Hint, "(references/guide.md)") || !strings.Contains(ds[0].Hint+ds[1].Hint, "(../SKILL.md)") {
		t.Errorf("hints do not give the slash path: %v", ds)
	}
	if ds := findings(s, "skillmd/unreferenced-file"); len(ds) != 0 {
		t.Errorf("my\\_notes.md is my_notes.md: %v", ds)
	}
}

// TestRuleFormatFields: the activation fields of Cursor, Windsurf and
// Copilot rules carried into a SKILL.md are advice naming the format, not
// a typo warning (trigger: always_on is Windsurf's, not a misspelt
// OpenHands triggers); a trigger holding a keyword list still is.
func TestRuleFormatFields(t *testing.T) {
	for _, c := range []struct{ field, format string }{
		{"trigger: always_on\n", "Windsurf"},
		{"trigger: model_decision\n", "Windsurf"},
		{"globs: \"src/**/*.ts\"\n", "Cursor"},
		{"alwaysApply: false\n", "Cursor"},
		{"applyTo: \"**/*.go\"\n", "Copilot"},
	} {
		s := loadCase(map[string]string{"SKILL.md": md(c.field, plainBody)}, model.ProfileClaudeCode)
		ds := findings(s, "skillmd/unknown-field")
		if len(ds) != 1 || ds[0].Severity != model.SeverityInfo || !strings.Contains(ds[0].Message, c.format) || strings.Contains(ds[0].Message, "did you mean") {
			t.Errorf("%s: want one info naming %s, got %v", c.field, c.format, ds)
		}
	}
}

// TestFrontmatterAfterBanner: a generator's HTML comment (or blank lines)
// above the opening --- leaves the skill without frontmatter; the error
// says where the frontmatter is and what to move.
func TestFrontmatterAfterBanner(t *testing.T) {
	for _, c := range []struct{ pre, want, hint string }{
		{"<!-- Generated from .cursor/rules/x.mdc; edit the source. -->\n", "opens on line 2, after an HTML comment", "Move the comment"},
		{"<!--\n  generated\n-->\n\n", "opens on line 5, after an HTML comment", "Move the comment"},
		{"\n\n", "opens on line 3, after blank lines", "Delete the blank lines"},
	} {
		s := loadCase(map[string]string{"SKILL.md": c.pre + md("", plainBody)}, "")
		ds := findings(s, "skillmd/frontmatter")
		if len(ds) != 1 || ds[0].Severity != model.SeverityError || !strings.Contains(ds[0].Message, c.want) || !strings.Contains(ds[0].Hint, c.hint) {
			t.Errorf("%q: want an error with %q, got %v", c.pre, c.want, ds)
		}
	}
	s := loadCase(map[string]string{"SKILL.md": "# Title\n\n---\nname: x\n---\n"}, "")
	if ds := findings(s, "skillmd/frontmatter"); len(ds) != 1 || !strings.Contains(ds[0].Message, "there is no YAML frontmatter") {
		t.Errorf("a heading first: want the plain message, got %v", ds)
	}
}

// TestTabIndentedFrontmatter: a frontmatter line indented with a tab is
// named as such, not as yaml.v3's "cannot start any token".
func TestTabIndentedFrontmatter(t *testing.T) {
	s := loadCase(map[string]string{"SKILL.md": md("metadata:\n\tauthor: dana\n", plainBody)}, "")
	ds := findings(s, "skillmd/frontmatter")
	if len(ds) != 1 || ds[0].Line != 5 || !strings.Contains(ds[0].Message, "line 5 is indented with a tab") || !strings.Contains(ds[0].Hint, "spaces") {
		t.Errorf("want the tab named on line 5, got %v", ds)
	}
}
