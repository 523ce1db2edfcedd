package skillmd

import (
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

// TestFlagSeverity: Claude Code counts true and "true" as true, so a
// quoted flag is advice; yes, on or "True" count as false and lose the
// setting (a warning); nothing here stops the agent loading the skill.
func TestFlagSeverity(t *testing.T) {
	for value, want := range map[string]model.Severity{
		`"true"`:  model.SeverityInfo,
		`"false"`: model.SeverityInfo,
		`yes`:     model.SeverityWarning,
		`"True"`:  model.SeverityWarning,
		`1`:       model.SeverityWarning,
		`[true]`:  model.SeverityWarning,
	} {
		s := loadCase(map[string]string{"SKILL.md": md("user-invocable: "+value+"\n", plainBody)}, "")
		ds := findings(s, "skillmd/field-type")
		if len(ds) != 1 || ds[0].Severity != want {
			t.Errorf("user-invocable: %s: want one %s, got %v", value, want, s.Diagnostics)
		}
	}
	s := loadCase(map[string]string{"SKILL.md": md("user-invocable: 1\n", plainBody)}, "")
	if ds := findings(s, "skillmd/field-type"); len(ds) != 1 || !strings.Contains(ds[0].Message, `"1"`) || strings.Contains(ds[0].Message, " int") {
		t.Errorf("message names the value, not its YAML tag: %v", s.Diagnostics)
	}
}

// TestTypeErrorWords: a scalar of the wrong type is named in words, not by
// its YAML tag ("not a str").
func TestTypeErrorWords(t *testing.T) {
	s := loadCase(map[string]string{"SKILL.md": md("tags: 3\n", plainBody)}, "")
	for _, d := range s.Diagnostics {
		if strings.Contains(d.Message, "a str") || strings.Contains(d.Message, "an int") {
			t.Errorf("tag name in a message: %s", d)
		}
	}
}

// TestNamingConventionNearMiss: a Claude Code field written in another
// naming convention (whenToUse, disableModelInvocation, allowed_tools) is
// ignored by the agent, so its setting is lost: a warning that names the
// field meant, however many edits apart the spellings are.
func TestNamingConventionNearMiss(t *testing.T) {
	for key, want := range map[string]string{
		"whenToUse":              "when_to_use",
		"disableModelInvocation": "disable-model-invocation",
		"allowed_tools":          "allowed-tools",
		"User-Invocable":         "user-invocable",
		"ARGUMENT_HINT":          "argument-hint",
	} {
		s := loadCase(map[string]string{"SKILL.md": md(key+": x\n", plainBody)}, "")
		ds := findings(s, "skillmd/unknown-field")
		if len(ds) != 1 || ds[0].Severity != model.SeverityWarning || !strings.Contains(ds[0].Message, `"`+want+`"`) {
			t.Errorf("%s: want a warning naming %s, got %v", key, want, s.Diagnostics)
		}
	}
	// A private field of no agent stays advice.
	s := loadCase(map[string]string{"SKILL.md": md("lastUpdated: 2026-01-01\n", plainBody)}, "")
	if ds := findings(s, "skillmd/unknown-field"); len(ds) != 1 || ds[0].Severity != model.SeverityInfo {
		t.Errorf("lastUpdated: %v", s.Diagnostics)
	}
}

// TestOpenHandsFieldsNamed: OpenHands documents triggers, inputs and
// mcp_tools as extensions other agents ignore, so a profile without them
// says whose they are, as advice, instead of "no agent documents it".
func TestOpenHandsFieldsNamed(t *testing.T) {
	for _, key := range []string{"triggers", "inputs", "mcp_tools"} {
		val := "\n- x\n"
		if key == "mcp_tools" {
			val = " {}\n"
		}
		s := loadCase(map[string]string{"SKILL.md": md(key+":"+val, plainBody)}, model.ProfileClaudeCode)
		ds := findings(s, "skillmd/unknown-field")
		if len(ds) != 1 || ds[0].Severity != model.SeverityInfo || !strings.Contains(ds[0].Message, "OpenHands") || strings.Contains(ds[0].Message, "no agent documents") {
			t.Errorf("%s under claude-code: want one info naming OpenHands, got %v", key, s.Diagnostics)
		}
		s = loadCase(map[string]string{"SKILL.md": md(key+":"+val, plainBody)}, "")
		if ds := findings(s, "skillmd/unknown-field"); len(ds) != 0 {
			t.Errorf("%s under all: want no unknown-field, got %v", key, ds)
		}
	}
	// A near miss now names the OpenHands field.
	s := loadCase(map[string]string{"SKILL.md": md("trigger:\n- x\n", plainBody)}, "")
	if ds := findings(s, "skillmd/unknown-field"); len(ds) != 1 || !strings.Contains(ds[0].Message, `"triggers"`) {
		t.Errorf("trigger: want a did-you-mean triggers, got %v", s.Diagnostics)
	}
}

// TestColonAndAnotherError: when a plain value holds ": " (read as agents
// do, a warning) and the frontmatter has another error, the error reported
// is the other one, on its own line, not the colon's "mapping values are
// not allowed".
func TestColonAndAnotherError(t *testing.T) {
	src := "---\nname: demo-skill\ndescription: Formats files: runs the formatter.\nallowed-tools: *\n---\n# Demo\n"
	s := loadCase(map[string]string{"SKILL.md": src}, "")
	ds := findings(s, "skillmd/frontmatter")
	if len(ds) != 1 || ds[0].Line != 4 || strings.Contains(ds[0].Message, "mapping values") {
		t.Errorf("want the error of line 4, got %v", s.Diagnostics)
	}
	// The colon is reported beside it, not only once line 4 is fixed.
	if c := findings(s, "skillmd/description-colon"); len(c) != 1 || c[0].Line != 3 {
		t.Errorf("want the colon of line 3 too, got %v", s.Diagnostics)
	}
}

// TestNameMessageNamesEveryProblem: a display name ("Report Builder 报表")
// breaks the rules in more ways than case; the message says so.
func TestNameMessageNamesEveryProblem(t *testing.T) {
	for name, wants := range map[string][]string{
		"Report Builder 报表": {"uppercase", `' '`, `'报'`},
		"NBA":               {"uppercase"},
		"a_b":               {`'_'`},
	} {
		msg := nameProblem(name)
		for _, w := range wants {
			if !strings.Contains(msg, w) {
				t.Errorf("nameProblem(%q) = %q, want it to mention %s", name, msg, w)
			}
		}
	}
}

// TestAliasValuePointed: allowed-tools: * is a YAML alias with no name;
// the finding points at the * and says so.
func TestAliasValuePointed(t *testing.T) {
	s := loadCase(map[string]string{"SKILL.md": md("allowed-tools: *\n", plainBody)}, "")
	ds := findings(s, "skillmd/frontmatter")
	if len(ds) != 1 || ds[0].Line != 4 || ds[0].Column != 16 || !strings.Contains(ds[0].Message, "alias") || !strings.Contains(ds[0].Hint, `"*`) {
		t.Errorf("%v", s.Diagnostics)
	}
	// A defined alias is fine.
	s = loadCase(map[string]string{"SKILL.md": md("metadata:\n  a: &x one\n  b: *x\n", plainBody)}, "")
	if ds := findings(s, "skillmd/frontmatter"); len(ds) != 0 {
		t.Errorf("%v", s.Diagnostics)
	}
}

// TestFlowValueThenText: argument-hint: [query] or [build] is a YAML list
// followed by text; yaml.v3 blames the line before, the finding points at
// the value and hints the quoted form. A list that closes the line, or
// spans lines, is valid YAML and not this.
func TestFlowValueThenText(t *testing.T) {
	s := loadCase(map[string]string{"SKILL.md": md("argument-hint: [query] or [build] for a build\nmodel: haiku\n", plainBody)}, "")
	ds := findings(s, "skillmd/frontmatter")
	if len(ds) != 1 || ds[0].Line != 4 || ds[0].Column != 16 || !strings.Contains(ds[0].Message, "argument-hint") || !strings.Contains(ds[0].Message, "list") ||
		ds[0].Hint != `Quote the whole value: argument-hint: "[query] or [build] for a build".` {
		t.Errorf("%v", s.Diagnostics)
	}
	s = loadCase(map[string]string{"SKILL.md": md("compatibility: {os: mac} only\n", plainBody)}, "")
	if ds := findings(s, "skillmd/frontmatter"); len(ds) != 1 || ds[0].Line != 4 || !strings.Contains(ds[0].Message, "mapping") {
		t.Errorf("%v", s.Diagnostics)
	}
	s = loadCase(map[string]string{"SKILL.md": md("allowed-tools: [Read, Grep]  # read-only\nmetadata: {tags: [a,\n  b]}\n", plainBody)}, "")
	if ds := findings(s, "skillmd/frontmatter"); len(ds) != 0 {
		t.Errorf("%v", s.Diagnostics)
	}
}

// TestBracketHintIsAList: argument-hint: [notes] is a YAML list; the
// finding says so, names the agent that drops the skill and hints the
// quoted text as written.
func TestBracketHintIsAList(t *testing.T) {
	s := loadCase(map[string]string{"SKILL.md": md("argument-hint: [メモ, --dry-run]\n", plainBody)}, "")
	ds := findings(s, "skillmd/field-type")
	if len(ds) != 1 || ds[0].Line != 4 || ds[0].Column != 16 || !strings.Contains(ds[0].Message, "[メモ, --dry-run] is read as a YAML list") ||
		!strings.Contains(ds[0].Message, "Copilot") || ds[0].Hint != `Quote it: argument-hint: "[メモ, --dry-run]".` {
		t.Errorf("%v", s.Diagnostics)
	}
	// A block list has no one-line text to quote: the plain message.
	s = loadCase(map[string]string{"SKILL.md": md("argument-hint:\n  - notes\n", plainBody)}, "")
	if ds := findings(s, "skillmd/field-type"); len(ds) != 1 || ds[0].Message != "argument-hint must be a string, not a list" {
		t.Errorf("%v", s.Diagnostics)
	}
}

// TestOpenClawMetadataUnderTheStandard: OpenClaw documents metadata.openclaw
// as a mapping, so lint leaves it alone, except under --profile
// agentskills, which checks the open standard alone (string values).
func TestOpenClawMetadataUnderTheStandard(t *testing.T) {
	files := map[string]string{"SKILL.md": md("metadata:\n  openclaw:\n    requires: {bins: [gh]}\n", plainBody)}
	if ds := findings(loadCase(files, model.ProfileAll), "skillmd/metadata-value"); len(ds) != 0 {
		t.Errorf("profile all: want no finding, got %v", ds)
	}
	if ds := findings(loadCase(files, model.ProfileAgentSkills), "skillmd/metadata-value"); len(ds) != 1 {
		t.Errorf("profile agentskills: want one finding, got %v", ds)
	}
}
