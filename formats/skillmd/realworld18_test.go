package skillmd

import (
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

// TestVSCodeUserInvokable: VS Code reads user-invokable as a deprecated
// spelling of user-invocable (microsoft/vscode promptFileParser.ts), and
// Copilot skill generators still write it. "No agent documents it" was
// wrong; the finding stays a warning (Claude Code ignores the key) but
// says whose spelling it is, and --fix renames the key.
func TestVSCodeUserInvokable(t *testing.T) {
	s := loadCase(map[string]string{"SKILL.md": md("user-invokable: false\n", plainBody)}, "")
	ds := findings(s, "skillmd/unknown-field")
	if len(ds) != 1 {
		t.Fatalf("unknown-field findings %v, want one", ds)
	}
	d := ds[0]
	if d.Severity != model.SeverityWarning || !strings.Contains(d.Message, "VS Code") || strings.Contains(d.Message, "no agent documents it") {
		t.Errorf("finding %s %q: want a warning naming VS Code's spelling", d.Severity, d.Message)
	}
	if d.Fix == nil || len(d.Fix.Edits) != 1 || d.Fix.Edits[0].NewText != "user-invocable" {
		t.Fatalf("fix %+v, want the key renamed to user-invocable", d.Fix)
	}
	text := md("user-invokable: false\n", plainBody)
	e := d.Fix.Edits[0]
	if got := text[e.Start:e.End]; got != "user-invokable" {
		t.Errorf("fix replaces %q, want the key", got)
	}
	// Both spellings present: renaming would duplicate the key, so no fix.
	s = loadCase(map[string]string{"SKILL.md": md("user-invocable: false\nuser-invokable: false\n", plainBody)}, "")
	if ds := findings(s, "skillmd/unknown-field"); len(ds) != 1 || ds[0].Fix != nil {
		t.Errorf("both spellings: %+v, want one finding without a fix", ds)
	}
}

// TestYAMLMergeKeys: a YAML merge key (<<: *anchor), which people use to
// share metadata between skills' frontmatter, is not a field called "<<"
// nor a nested metadata value: parsers disagree on it (YAML 1.1 merge),
// and the finding says so once, at the key.
func TestYAMLMergeKeys(t *testing.T) {
	meta := "shared: &shared\n  author: docs-team\n  version: \"2\"\nmetadata:\n  <<: *shared\n  area: writing\n"
	s := loadCase(map[string]string{"SKILL.md": md(meta, plainBody)}, "")
	ds := findings(s, "skillmd/metadata-value")
	if len(ds) != 1 || !strings.Contains(ds[0].Message, "merge key") || ds[0].Line != 8 || ds[0].Column != 3 {
		t.Fatalf("metadata merge: %+v, want one merge-key finding at 8:3", ds)
	}
	if strings.Contains(ds[0].Message, "is a mapping") {
		t.Errorf("message %q still calls << a metadata value", ds[0].Message)
	}

	top := "common: &common\n  license: MIT\n  description: Formats SQL. Use when tidying SQL.\n<<: *common\nname: demo-skill\n"
	s = loadCase(map[string]string{"SKILL.md": "---\n" + top + "---\n" + plainBody}, "")
	var merge, desc []model.Diagnostic
	for _, d := range findings(s, "skillmd/unknown-field") {
		if strings.Contains(d.Message, "merge key") {
			merge = append(merge, d)
		}
	}
	desc = findings(s, "skillmd/description")
	if len(merge) != 1 || merge[0].Severity != model.SeverityWarning {
		t.Errorf("top-level merge: %+v, want one merge-key warning", merge)
	}
	if len(desc) != 1 || !strings.Contains(desc[0].Message, "merge key") {
		t.Errorf("description only merged in: %+v, want the missing-description error to name the merge key", desc)
	}
	s = loadCase(map[string]string{"SKILL.md": "---\n" + top + "---\n" + plainBody}, model.ProfileAgentSkills)
	for _, d := range findings(s, "skillmd/unknown-field") {
		if strings.Contains(d.Message, "merge key") && d.Severity != model.SeverityError {
			t.Errorf("agentskills profile: %s, want an error (strictyaml rejects anchors)", d.Severity)
		}
	}
	// A quoted "<<" is an ordinary key, not a merge.
	s = loadCase(map[string]string{"SKILL.md": md("metadata:\n  \"<<\": plain\n", plainBody)}, "")
	if ds := findings(s, "skillmd/metadata-value"); len(ds) != 0 {
		t.Errorf("quoted << key: %+v, want nothing", ds)
	}
}
