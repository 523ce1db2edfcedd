package skillmd

import (
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

// TestRooModeSlugs: Roo Code reads modeSlugs (a list of mode slugs) to
// offer a skill only in those modes. "No agent documents it" was wrong:
// under profile all it is known and checked, under another profile it is
// advice naming Roo Code. Written as one string (modeSlugs: architect) Roo
// drops it and offers the skill everywhere: a warning under every profile,
// with the list spelled out as the fix to write.
func TestRooModeSlugs(t *testing.T) {
	s := loadCase(map[string]string{"SKILL.md": md("modeSlugs: [code, architect]\n", plainBody)}, "")
	if ds := append(findings(s, "skillmd/unknown-field"), findings(s, "skillmd/field-type")...); len(ds) != 0 {
		t.Errorf("a list under all: %+v, want nothing", ds)
	}
	s = loadCase(map[string]string{"SKILL.md": md("modeSlugs: [code]\n", plainBody)}, model.ProfileClaudeCode)
	ds := findings(s, "skillmd/unknown-field")
	if len(ds) != 1 || ds[0].Severity != model.SeverityInfo || !strings.Contains(ds[0].Message, "Roo Code") || strings.Contains(ds[0].Message, "no agent documents it") {
		t.Errorf("claude-code profile: %+v, want one info naming Roo Code", ds)
	}
	for _, profile := range []model.Profile{"", model.ProfileClaudeCode} {
		s = loadCase(map[string]string{"SKILL.md": md("modeSlugs: architect\n", plainBody)}, profile)
		ds = findings(s, "skillmd/field-type")
		if len(ds) != 1 || ds[0].Severity != model.SeverityWarning || !strings.Contains(ds[0].Message, "every mode") || ds[0].Hint != "Write modeSlugs: [architect]." {
			t.Errorf("profile %q, one string: %+v, want one warning with the list as its hint", profile, ds)
		}
	}
}

// TestReservedIndicatorPointed: keywords written as "- @Composable" (an
// Android skill pack's frontmatter) or a value starting with a backtick:
// YAML reserves @ and `, so every agent's parser stops there. yaml.v3 says
// only "cannot start any token" at column 1; the finding points at the
// character and hints the quoted value.
func TestReservedIndicatorPointed(t *testing.T) {
	for _, c := range []struct {
		fm   string
		col  int
		hint string
	}{
		{"keywords:\n  - @Composable\n  - Modifier\n", 5, `Quote the value: "@Composable".`},
		{"argument-hint: `path` to the file\n", 16, "Quote the value: \"`path` to the file\"."},
	} {
		s := loadCase(map[string]string{"SKILL.md": md(c.fm, plainBody)}, "")
		ds := findings(s, "skillmd/frontmatter")
		if len(ds) != 1 || ds[0].Column != c.col || !strings.Contains(ds[0].Message, "reserves") || ds[0].Hint != c.hint {
			t.Errorf("%q: %v, want one finding at column %d with hint %q", c.fm, s.Diagnostics, c.col, c.hint)
		}
	}
}
