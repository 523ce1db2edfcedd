package skillmd

import (
	"cmp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/internal/ruletest"
	"github.com/skillstudio/skillstudio/model"
)

// skillDir is the folder every rule case lives in; `name` must equal it.
const skillDir = "skills/demo-skill"

// md builds a SKILL.md from frontmatter lines (name and description are
// added unless the lines set them) and a body.
func md(frontmatter, body string) string {
	fm := frontmatter
	if !strings.Contains(fm, "name:") {
		fm = "name: demo-skill\n" + fm
	}
	if !strings.Contains(fm, "description:") {
		fm = "description: Shows the rule cases. Use when testing skillstudio.\n" + fm
	}
	return "---\n" + fm + "---\n" + body
}

const plainBody = "\n# Demo\n\nDo the thing.\n\n## Setup Steps\n\n1. Set up.\n"

// quizFM is a valid quiz; cases swap one part of it.
func quizFM(block string) string { return "quiz:\n" + block }

const goodQuiz = `  - title: "Check"
    gate: true
    passing-score: 100
    questions:
      - question: "Which token?"
        options:
          - label: "JWT"
            correct: true
          - label: "API key"
        on-correct:
          goto: "## Setup Steps"
        on-incorrect:
          load-reference: "references/auth.md"
          message: "Read the auth notes."
`

type ruleCase struct {
	rule    string
	name    string
	fail    bool // the rule must report; otherwise it must not
	profile model.Profile
	files   map[string]string // relative to skillDir; SKILL.md defaults to a valid one
	dir     string            // the skill folder, skillDir when empty
}

func cases() []ruleCase {
	valid := md("", plainBody)
	long := strings.Repeat("x", 1025)
	return []ruleCase{
		{rule: "skillmd/file-name", name: "lowercase skill.md", fail: true, files: map[string]string{"skill.md": valid}},
		{rule: "skillmd/file-name", name: "SKILL.md", files: map[string]string{"SKILL.md": valid}},
		{rule: "skillmd/too-large", name: "9 MiB", fail: true, files: map[string]string{"SKILL.md": md("", strings.Repeat("word ", 9<<20/5))}},
		{rule: "skillmd/too-large", name: "small", files: map[string]string{"SKILL.md": valid}},
		{rule: "skillmd/markdown-too-dense", name: "120,000 brackets", fail: true, files: map[string]string{"SKILL.md": md("", "# Demo\n\n"+strings.Repeat("[", 120_000)+"\n")}},
		{rule: "skillmd/markdown-too-dense", name: "a reference nested 7,100 quotes deep", fail: true, files: map[string]string{"SKILL.md": md("", "# Demo\n\nSee [r](references/r.md).\n"), "references/r.md": "# R\n\n[a](#r)\n\n" + strings.Repeat(">", 7100) + " x\n"}},
		{rule: "skillmd/markdown-too-dense", name: "ordinary", files: map[string]string{"SKILL.md": valid}},
		{rule: "skillmd/binary", name: "NUL byte", fail: true, files: map[string]string{"SKILL.md": "---\nname: demo-skill\x00\n---\n"}},
		{rule: "skillmd/binary", name: "text", files: map[string]string{"SKILL.md": valid}},
		{rule: "skillmd/encoding", name: "latin-1 byte", fail: true, files: map[string]string{"SKILL.md": md("", "caf\xe9\n")}},
		{rule: "skillmd/encoding", name: "UTF-8", files: map[string]string{"SKILL.md": md("", "café 🎉\n")}},
		{rule: "skillmd/frontmatter", name: "none", fail: true, files: map[string]string{"SKILL.md": "# Demo\n"}},
		{rule: "skillmd/frontmatter", name: "empty file", fail: true, files: map[string]string{"SKILL.md": ""}},
		{rule: "skillmd/frontmatter", name: "unclosed", fail: true, files: map[string]string{"SKILL.md": "---\nname: demo-skill\n"}},
		{rule: "skillmd/frontmatter", name: "bad YAML", fail: true, files: map[string]string{"SKILL.md": "---\nname: [demo\n---\n"}},
		{rule: "skillmd/frontmatter", name: "a list", fail: true, files: map[string]string{"SKILL.md": "---\n- name\n- description\n---\n"}},
		// A generator wrapped a file that already had frontmatter: the
		// second block's fields never reach the agent.
		{rule: "skillmd/frontmatter", name: "second block in the body", fail: true, files: map[string]string{"SKILL.md": "---\nname: demo-skill\ndescription: \n---\n\n---\nname: demo-skill\ndescription: Shows a demo.\n---\n\n# Demo\n"}},
		// A rule, a line of prose with a colon, a rule: Markdown, not fields.
		{rule: "skillmd/frontmatter", name: "rules around prose", files: map[string]string{"SKILL.md": "---\nname: demo-skill\ndescription: Shows a demo.\n---\n\n---\nNote: read this first.\n---\n"}},
		{rule: "skillmd/frontmatter", name: "rule after text", files: map[string]string{"SKILL.md": "---\nname: demo-skill\ndescription: Shows a demo.\n---\n\n# Demo\n\n---\nname: x\n---\n"}},
		{rule: "skillmd/frontmatter", name: "duplicate key", fail: true, files: map[string]string{"SKILL.md": md("name: demo-skill\nname: demo-skill\n", plainBody)}},
		{rule: "skillmd/frontmatter", name: "BOM and CRLF", files: map[string]string{"SKILL.md": "\ufeff" + strings.ReplaceAll(valid, "\n", "\r\n")}},
		{rule: "skillmd/description-colon", name: "unquoted colon", fail: true, files: map[string]string{"SKILL.md": md("description: Use when: the user asks\n", plainBody)}},
		{rule: "skillmd/description-colon", name: "quoted", files: map[string]string{"SKILL.md": md("description: \"Use when: the user asks\"\n", plainBody)}},
		{rule: "skillmd/description-comment", name: "space hash in a plain description", fail: true, files: map[string]string{"SKILL.md": md("description: Links issues like #123 to commits\n", plainBody)}},
		{rule: "skillmd/description-comment", name: "space hash in when_to_use", fail: true, files: map[string]string{"SKILL.md": md("when_to_use: Use for refs like\t#12\n", plainBody)}},
		{rule: "skillmd/description-comment", name: "quoted, C#, comment on name, block scalar", files: map[string]string{"SKILL.md": md("name: demo-skill # the command\ndescription: \"Links issues like #123\"\nwhen_to_use: For C# and F# projects\nargument-hint: [issue] # shown in the menu\n", plainBody)}},
		{rule: "skillmd/description-comment", name: "block scalar keeps #", files: map[string]string{"SKILL.md": md("description: >-\n  Links issues like #123\n  to commits.\n", plainBody)}},
		{rule: "skillmd/name", name: "uppercase", fail: true, files: map[string]string{"SKILL.md": md("name: Demo_Skill\n", plainBody)}},
		{rule: "skillmd/name", name: "missing", fail: true, files: map[string]string{"SKILL.md": "---\ndescription: Something useful.\n---\n"}},
		{rule: "skillmd/name", name: "double hyphen", fail: true, files: map[string]string{"SKILL.md": md("name: demo--skill\n", plainBody)}},
		{rule: "skillmd/name", name: "trailing hyphen", fail: true, files: map[string]string{"SKILL.md": md("name: demo-\n", plainBody)}},
		{rule: "skillmd/name", name: "65 characters", fail: true, files: map[string]string{"SKILL.md": md("name: "+strings.Repeat("a", 65)+"\n", plainBody)}},
		{rule: "skillmd/name", name: "valid", files: map[string]string{"SKILL.md": valid}},
		{rule: "skillmd/name-dir", name: "other name", fail: true, files: map[string]string{"SKILL.md": md("name: other-skill\n", plainBody)}},
		{rule: "skillmd/name-dir", name: "folder name", files: map[string]string{"SKILL.md": valid}},
		{rule: "skillmd/description", name: "missing", fail: true, files: map[string]string{"SKILL.md": "---\nname: demo-skill\n---\n"}},
		{rule: "skillmd/description", name: "empty", fail: true, files: map[string]string{"SKILL.md": md("description: \"\"\n", plainBody)}},
		{rule: "skillmd/description", name: "1025 characters", fail: true, files: map[string]string{"SKILL.md": md("description: "+long+"\n", plainBody)}},
		{rule: "skillmd/description", name: "1024 characters", files: map[string]string{"SKILL.md": md("description: "+long[:1024]+"\n", plainBody)}},
		{rule: "skillmd/compatibility", name: "501 characters", fail: true, files: map[string]string{"SKILL.md": md("compatibility: "+long[:501]+"\n", plainBody)}},
		{rule: "skillmd/compatibility", name: "list under agentskills", fail: true, profile: model.ProfileAgentSkills, files: map[string]string{"SKILL.md": md("compatibility: [git, docker]\n", plainBody)}},
		{rule: "skillmd/compatibility", name: "list under all", files: map[string]string{"SKILL.md": md("compatibility: [git, docker]\n", plainBody)}},
		{rule: "skillmd/compatibility", name: "string", profile: model.ProfileAgentSkills, files: map[string]string{"SKILL.md": md("compatibility: Requires git\n", plainBody)}},
		{rule: "skillmd/field-type", name: "license list", fail: true, files: map[string]string{"SKILL.md": md("license: [MIT]\n", plainBody)}},
		{rule: "skillmd/field-type", name: "quoted boolean", fail: true, files: map[string]string{"SKILL.md": md("user-invocable: \"true\"\n", plainBody)}},
		{rule: "skillmd/field-type", name: "argument-hint map", fail: true, files: map[string]string{"SKILL.md": md("argument-hint: {a: b}\n", plainBody)}},
		{rule: "skillmd/version", name: "leading v under skillli", fail: true, profile: model.ProfileSkillli, files: map[string]string{"SKILL.md": md("version: v1.2.0\n", plainBody)}},
		{rule: "skillmd/version", name: "pre-release under skillli", fail: true, profile: model.ProfileSkillli, files: map[string]string{"SKILL.md": md("version: 1.2.0-beta.1\n", plainBody)}},
		{rule: "skillmd/version", name: "leading v under all", files: map[string]string{"SKILL.md": md("version: v1.2.0\n", plainBody)}},
		{rule: "skillmd/version", name: "pre-release in metadata under skillli", profile: model.ProfileSkillli, files: map[string]string{"SKILL.md": md("metadata:\n  version: \"1.2.0-beta.1\"\n", plainBody)}},
		{rule: "skillmd/version", name: "plain version under skillli", profile: model.ProfileSkillli, files: map[string]string{"SKILL.md": md("version: 1.2.0\n", plainBody)}},
		{rule: "skillmd/field-type", name: "number for a string field", fail: true, files: map[string]string{"SKILL.md": md("model: 4\n", plainBody)}},
		{rule: "skillmd/field-type", name: "quoted number for a string field", files: map[string]string{"SKILL.md": md("license: \"2.0\"\nchecksum: '12'\n", plainBody)}},
		{rule: "skillmd/field-type", name: "typed fields", files: map[string]string{"SKILL.md": md("user-invocable: true\nlicense: MIT\nallowed-tools: [Read, Grep]\n", plainBody)}},
		{rule: "skillmd/metadata-value", name: "nested list", fail: true, files: map[string]string{"SKILL.md": md("metadata:\n  owners: [a, b]\n", plainBody)}},
		{rule: "skillmd/metadata-value", name: "strings", files: map[string]string{"SKILL.md": md("metadata:\n  owners: \"a, b\"\n", plainBody)}},
		{rule: "skillmd/metadata-value", name: "openclaw mapping", files: map[string]string{"SKILL.md": md("metadata:\n  openclaw:\n    requires: {bins: [gh]}\n  clawdbot: {\"emoji\": \"x\"}\n", plainBody)}},
		{rule: "skillmd/metadata-value", name: "tags list (Layer 3)", files: map[string]string{"SKILL.md": md("metadata:\n  tags: [pdf, forms]\n", plainBody)}},
		{rule: "skillmd/metadata-value", name: "tags list under agentskills", fail: true, profile: model.ProfileAgentSkills, files: map[string]string{"SKILL.md": md("metadata:\n  tags: [pdf, forms]\n", plainBody)}},
		{rule: "skillmd/metadata-value", name: "tags of mappings", fail: true, files: map[string]string{"SKILL.md": md("metadata:\n  tags: [{a: b}]\n", plainBody)}},
		{rule: "skillmd/metadata-value", name: "openclaw list", fail: true, files: map[string]string{"SKILL.md": md("metadata:\n  openclaw: [gh]\n", plainBody)}},
		{rule: "skillmd/field-type", name: "yes for a flag", fail: true, files: map[string]string{"SKILL.md": md("disable-model-invocation: yes\n", plainBody)}},
		{rule: "skillmd/field-type", name: "OpenHands triggers as one string", fail: true, files: map[string]string{"SKILL.md": md("triggers: deploy\n", plainBody)}},
		{rule: "skillmd/field-type", name: "OpenHands triggers holding a number", fail: true, files: map[string]string{"SKILL.md": md("triggers:\n- deploy\n- 42\n", plainBody)}},
		{rule: "skillmd/field-type", name: "OpenHands mcp_tools as a list", fail: true, files: map[string]string{"SKILL.md": md("mcp_tools: [a]\n", plainBody)}},
		{rule: "skillmd/field-type", name: "OpenHands fields as documented", files: map[string]string{"SKILL.md": md("triggers:\n- ship it\n- /deploy\ninputs:\n- name: TARGET\n  description: where to\nmcp_tools:\n  mcpServers: {}\n", plainBody)}},
		{rule: "skillmd/field-type", name: "Roo modeSlugs as one string", fail: true, files: map[string]string{"SKILL.md": md("modeSlugs: architect\n", plainBody)}},
		{rule: "skillmd/field-type", name: "Roo modeSlugs holding a number", fail: true, files: map[string]string{"SKILL.md": md("modeSlugs:\n- code\n- 42\n", plainBody)}},
		{rule: "skillmd/field-type", name: "Roo modeSlugs as one string under claude-code", fail: true, profile: model.ProfileClaudeCode, files: map[string]string{"SKILL.md": md("modeSlugs: architect\n", plainBody)}},
		{rule: "skillmd/field-type", name: "Roo modeSlugs as documented", files: map[string]string{"SKILL.md": md("modeSlugs:\n- code\n- architect\n", plainBody)}},
		{rule: "skillmd/unknown-field", name: "Roo modeSlugs under all", files: map[string]string{"SKILL.md": md("modeSlugs: [code]\n", plainBody)}},
		{rule: "skillmd/unknown-field", name: "OpenHands triggers under all", files: map[string]string{"SKILL.md": md("triggers:\n- ship it\n", plainBody)}},
		{rule: "skillmd/unknown-field", name: "unknown under all", fail: true, files: map[string]string{"SKILL.md": md("colour: red\n", plainBody)}},
		{rule: "skillmd/unknown-field", name: "effort under agentskills", fail: true, profile: model.ProfileAgentSkills, files: map[string]string{"SKILL.md": md("effort: low\n", plainBody)}},
		{rule: "skillmd/unknown-field", name: "quiz under claude-code", fail: true, profile: model.ProfileClaudeCode, files: map[string]string{"SKILL.md": md(quizFM(goodQuiz), plainBody)}},
		{rule: "skillmd/unknown-field", name: "effort under all", files: map[string]string{"SKILL.md": md("effort: low\n", plainBody)}},
		{rule: "skillmd/unknown-field", name: "skillli fields under skillli", profile: model.ProfileSkillli, files: map[string]string{"SKILL.md": md("version: 1.0.0\ntags: [a]\n", plainBody)}},
		{rule: "skillmd/enum", name: "context spoon", fail: true, files: map[string]string{"SKILL.md": md("context: spoon\n", plainBody)}},
		{rule: "skillmd/enum", name: "effort extreme", fail: true, files: map[string]string{"SKILL.md": md("effort: extreme\n", plainBody)}},
		// A mapping is ignored like any unknown value: a warning, not a type error.
		{rule: "skillmd/enum", name: "context as a mapping", fail: true, files: map[string]string{"SKILL.md": md("context:\n  audit: citations\n", plainBody)}},
		{rule: "skillmd/field-type", name: "context as a mapping is not a type error", files: map[string]string{"SKILL.md": md("context:\n  audit: citations\n", plainBody)}},
		{rule: "skillmd/enum", name: "fork and high", files: map[string]string{"SKILL.md": md("context: fork\neffort: high\nshell: bash\n", plainBody)}},
		{rule: "skillmd/agent-without-fork", name: "agent alone", fail: true, files: map[string]string{"SKILL.md": md("agent: Explore\n", plainBody)}},
		{rule: "skillmd/agent-without-fork", name: "agent with fork", files: map[string]string{"SKILL.md": md("agent: Explore\ncontext: fork\n", plainBody)}},
		{rule: "skillmd/agent-without-fork", name: "background alone", fail: true, files: map[string]string{"SKILL.md": md("background: false\n", plainBody)}},
		{rule: "skillmd/agent-without-fork", name: "background with fork", files: map[string]string{"SKILL.md": md("context: fork\nbackground: false\n", plainBody)}},
		{rule: "skillmd/unknown-field", name: "background is a Claude Code field", files: map[string]string{"SKILL.md": md("context: fork\nbackground: true\n", plainBody)}},
		{rule: "skillmd/field-type", name: "background not a boolean", fail: true, files: map[string]string{"SKILL.md": md("context: fork\nbackground: later\n", plainBody)}},
		{rule: "skillmd/hooks", name: "a list", fail: true, files: map[string]string{"SKILL.md": md("hooks: [a]\n", plainBody)}},
		{rule: "skillmd/hooks", name: "command without command", fail: true, files: map[string]string{"SKILL.md": md("hooks:\n  PreToolUse:\n    - matcher: Bash\n      hooks:\n        - type: command\n", plainBody)}},
		{rule: "skillmd/hooks", name: "bad type and timeout", fail: true, files: map[string]string{"SKILL.md": md("hooks:\n  Stop:\n    - hooks:\n        - type: shell\n          timeout: soon\n", plainBody)}},
		{rule: "skillmd/hooks", name: "spec example", files: map[string]string{"SKILL.md": md(specHooks, plainBody)}},
		{rule: "skillmd/version", name: "two parts", fail: true, files: map[string]string{"SKILL.md": md("version: \"1.0\"\n", plainBody)}},
		{rule: "skillmd/version", name: "in metadata", fail: true, profile: model.ProfileSkillli, files: map[string]string{"SKILL.md": md("metadata:\n  version: latest\n", plainBody)}},
		{rule: "skillmd/windows-name", name: "a device name as name and folder", fail: true, dir: "skills/aux", files: map[string]string{"SKILL.md": md("name: aux\n", plainBody)}},
		{rule: "skillmd/windows-name", name: "a device folder with a com1 name", fail: true, dir: "skills/COM1", files: map[string]string{"SKILL.md": md("name: com1\n", plainBody)}},
		{rule: "skillmd/windows-name", name: "a folder ending in a dot, no name", fail: true, dir: "skills/notes.", files: map[string]string{"SKILL.md": "---\ndescription: Shows a demo. Use when testing.\n---\n"}},
		{rule: "skillmd/windows-name", name: "a reference file with a device name and an extension", fail: true, files: map[string]string{"SKILL.md": md("", "# Demo\n\nSee [c](references/con.md).\n"), "references/con.md": "# C\n"}},
		{rule: "skillmd/windows-name", name: "a file in a folder named nul", fail: true, files: map[string]string{"SKILL.md": md("", "# Demo\n\nRun scripts/nul/run.sh.\n"), "scripts/nul/run.sh": "echo\n"}},
		{rule: "skillmd/windows-name", name: "a file with a colon and one with a question mark", fail: true, files: map[string]string{"SKILL.md": md("", "# Demo\n\nSee a:b.md and why?.md\n"), "a:b.md": "x", "why?.md": "y"}},
		{rule: "skillmd/windows-name", name: "names that only start like devices", dir: "skills/console-tools", files: map[string]string{"SKILL.md": md("name: console-tools\n", "# Demo\n\nSee references/auxiliary.md, references/com10.md and references/lpt.md.\n"), "references/auxiliary.md": "x", "references/com10.md": "y", "references/lpt.md": "z"}},
		{rule: "skillmd/name-dir", name: "well-known default slot", dir: ".well-known/skills/default", files: map[string]string{"skill.md": valid}},
		{rule: "skillmd/file-name", name: "well-known skill.md", dir: ".well-known/skills/default", files: map[string]string{"skill.md": valid}},
		{rule: "skillmd/reference-encoding", name: "a linked reference in UTF-16 LE with a BOM", fail: true, files: map[string]string{"SKILL.md": md("", "# Demo\n\nSee [g](references/guide.md).\n"), "references/guide.md": "\xff\xfe#\x00 \x00G\x00u\x00i\x00d\x00e\x00\n\x00"}},
		{rule: "skillmd/reference-encoding", name: "a reference in UTF-16 BE without a BOM", fail: true, files: map[string]string{"SKILL.md": md("", "# Demo\n\nSee [g](references/guide.md).\n"), "references/guide.md": "\x00#\x00 \x00G\x00u\x00i\x00d\x00e\x00 \x00t\x00e\x00x\x00t\x00\n"}},
		{rule: "skillmd/reference-encoding", name: "a reference in UTF-32 LE", fail: true, files: map[string]string{"SKILL.md": md("", "# Demo\n\nSee [g](references/guide.md).\n"), "references/guide.md": "\xff\xfe\x00\x00#\x00\x00\x00"}},
		{rule: "skillmd/reference-encoding", name: "UTF-8 references, and a binary one", files: map[string]string{"SKILL.md": md("", "# Demo\n\nSee [g](references/guide.md) and [p](references/p.md).\n"), "references/guide.md": "# Guide — café\n", "references/p.md": "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"}},
		{rule: "skillmd/reference-encoding", name: "a linked CSV in UTF-16 LE with a BOM", fail: true, files: map[string]string{"SKILL.md": md("", "# Demo\n\nLoad [the data](assets/data.csv).\n"), "assets/data.csv": "\xff\xfea\x00,\x00b\x00\n\x001\x00,\x002\x00\n\x00"}},
		{rule: "skillmd/reference-encoding", name: "a named Python script in UTF-16 LE without a BOM", fail: true, files: map[string]string{"SKILL.md": md("", "# Demo\n\nRun `scripts/run.py` first.\n"), "scripts/run.py": "p\x00r\x00i\x00n\x00t\x00(\x00'\x00h\x00i\x00'\x00)\x00\n\x00"}},
		{rule: "skillmd/reference-encoding", name: "a JSON file a reference links to, in UTF-32 BE", fail: true, files: map[string]string{"SKILL.md": md("", "# Demo\n\nSee [r](references/r.md).\n"), "references/r.md": "# R\n\nSchema: [s](schema.json).\n", "references/schema.json": "\x00\x00\xfe\xff\x00\x00\x00{\x00\x00\x00}"}},
		{rule: "skillmd/reference-encoding", name: "a PowerShell script without a BOM in UTF-16 LE", fail: true, files: map[string]string{"SKILL.md": md("", "# Demo\n\nRun [it](scripts/run.ps1).\n"), "scripts/run.ps1": "W\x00r\x00i\x00t\x00e\x00-\x00H\x00o\x00s\x00t\x00 \x00h\x00i\x00\n\x00"}},
		{rule: "skillmd/reference-encoding", name: "PowerShell with a BOM and a .reg file (their tools read UTF-16), a UTF-8 YAML, a PNG", files: map[string]string{"SKILL.md": md("", "# Demo\n\nRun [it](scripts/run.ps1), import [keys](assets/keys.reg), read [c](assets/c.yaml), see [i](assets/i.png).\n"), "scripts/run.ps1": "\xff\xfeW\x00r\x00i\x00t\x00e\x00-\x00H\x00o\x00s\x00t\x00\n\x00", "assets/keys.reg": "\xff\xfeW\x00i\x00n\x00d\x00o\x00w\x00s\x00 \x00R\x00e\x00g\x00\n\x00", "assets/c.yaml": "key: café\n", "assets/i.png": "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10\x00\x00\x00\x10\x08\x02\x00\x00\x00"}},
		{rule: "skillmd/link", name: "broken link in a reference file", fail: true, files: map[string]string{"SKILL.md": md("", "# Demo\n\nSee [r](references/r.md).\n"), "references/r.md": "# R\n\nSee [x](missing.md).\n"}},
		{rule: "skillmd/link", name: "link relative to the reference file", files: map[string]string{"SKILL.md": md("", "# Demo\n\nSee [r](references/r.md).\n"), "references/r.md": "# R\n\nSee [o](other.md).\n", "references/other.md": "# O\n"}},
		{rule: "skillmd/anchor", name: "bad anchor in a reference file", fail: true, files: map[string]string{"SKILL.md": md("", "# Demo\n\nSee [r](references/r.md).\n"), "references/r.md": "# R\n\nSee [x](#nope) and [y](../SKILL.md#demo).\n"}},
		{rule: "skillmd/unclosed-fence", name: "in a reference file", fail: true, files: map[string]string{"SKILL.md": md("", "# Demo\n\nSee [r](references/r.md).\n"), "references/r.md": "# R\n\n```sh\nmake\n\n## After\n"}},
		{rule: "skillmd/link-escapes", name: "../SKILL.md from references/ stays inside", files: map[string]string{"SKILL.md": md("", "# Demo\n\nSee [r](references/r.md).\n"), "references/r.md": "# R\n\nBack to [the skill](../SKILL.md#demo).\n"}},
		{rule: "skillmd/link-escapes", name: "a slash command is no file", files: map[string]string{"SKILL.md": md("", "# Demo\n\nRun [review](/review) or [it](/my-plugin:deploy).\n")}},
		{rule: "skillmd/version", name: "metadata is free text outside skillli", files: map[string]string{"SKILL.md": md("metadata:\n  version: \"1.0\"\n", plainBody)}},
		{rule: "skillmd/field-type", name: "name a number", fail: true, files: map[string]string{"SKILL.md": "---\nname: 123\ndescription: Demo.\n---\n" + plainBody}},
		{rule: "skillmd/field-type", name: "description a boolean", fail: true, files: map[string]string{"SKILL.md": "---\nname: demo-skill\ndescription: true\n---\n" + plainBody}},
		{rule: "skillmd/field-type", name: "allowed-tools a number", fail: true, files: map[string]string{"SKILL.md": md("allowed-tools: 5\n", plainBody)}},
		{rule: "skillmd/compatibility", name: "a number", fail: true, files: map[string]string{"SKILL.md": md("compatibility: 3\n", plainBody)}},
		{rule: "skillmd/tags", name: "a number", fail: true, files: map[string]string{"SKILL.md": md("tags: 5\n", plainBody)}},
		{rule: "skillmd/unknown-field", name: "Claude Code when_to_use and disallowed-tools", files: map[string]string{"SKILL.md": md("when_to_use: When asked.\ndisallowed-tools: Bash\narguments: [file]\n", plainBody)}},
		{rule: "skillmd/version", name: "semver", files: map[string]string{"SKILL.md": md("version: 1.2.0\nmetadata:\n  author: me\n", plainBody)}},
		{rule: "skillmd/tags", name: "21 tags", fail: true, files: map[string]string{"SKILL.md": md("tags: \""+strings.Repeat("t, ", 20)+"t\"\n", plainBody)}},
		{rule: "skillmd/tags", name: "empty", fail: true, files: map[string]string{"SKILL.md": md("tags: \"\"\n", plainBody)}},
		{rule: "skillmd/tags", name: "a map", fail: true, files: map[string]string{"SKILL.md": md("tags: {a: b}\n", plainBody)}},
		{rule: "skillmd/tags", name: "list and CSV", files: map[string]string{"SKILL.md": md("tags: [a, b]\nmetadata:\n  author: x\n", plainBody)}},
		{rule: "skillmd/tags", name: "CSV in metadata", profile: model.ProfileSkillli, files: map[string]string{"SKILL.md": md("metadata:\n  tags: \"api, onboarding\"\n", plainBody)}},
		{rule: "skillmd/category", name: "games", fail: true, files: map[string]string{"SKILL.md": md("category: games\n", plainBody)}},
		{rule: "skillmd/category", name: "development", files: map[string]string{"SKILL.md": md("category: development\n", plainBody)}},
		{rule: "skillmd/trust-level", name: "gold", fail: true, profile: model.ProfileSkillli, files: map[string]string{"SKILL.md": md("metadata:\n  trust-level: gold\n", plainBody)}},
		{rule: "skillmd/trust-level", name: "official", files: map[string]string{"SKILL.md": md("trust-level: official\n", plainBody)}},
		{rule: "skillmd/url", name: "no scheme", fail: true, files: map[string]string{"SKILL.md": md("homepage: example.com/docs\n", plainBody)}},
		{rule: "skillmd/url", name: "https", files: map[string]string{"SKILL.md": md("homepage: https://example.com/docs\nrepository: https://github.com/o/r\n", plainBody)}},
		{rule: "skillmd/metadata-shadowed", name: "both places", fail: true, files: map[string]string{"SKILL.md": md("version: 1.0.0\nmetadata:\n  version: \"0.9.0\"\n", plainBody)}},
		{rule: "skillmd/metadata-shadowed", name: "metadata only", files: map[string]string{"SKILL.md": md("metadata:\n  version: \"0.9.0\"\n", plainBody)}},
		{rule: "skillmd/codex-config", name: "unknown key and bad colour", fail: true, files: map[string]string{"SKILL.md": valid, "agents/openai.yaml": "interface:\n  brand_colour: red\n  brand_color: red\n"}},
		{rule: "skillmd/codex-config", name: "not YAML", fail: true, files: map[string]string{"SKILL.md": valid, "agents/openai.yaml": "interface: [\n"}},
		{rule: "skillmd/codex-config", name: "valid", files: map[string]string{"SKILL.md": valid, "agents/openai.yaml": codexYAML}},
		{rule: "skillmd/codex-config", name: "ignored under claude-code", profile: model.ProfileClaudeCode, files: map[string]string{"SKILL.md": valid, "agents/openai.yaml": "bogus: 1\n"}},
		{rule: "skillmd/codex-icon", name: "missing icon", fail: true, files: map[string]string{"SKILL.md": valid, "agents/openai.yaml": "interface:\n  icon_small: \"./assets/icon.svg\"\n"}},
		{rule: "skillmd/codex-icon", name: "icon present", files: map[string]string{"SKILL.md": valid, "agents/openai.yaml": codexYAML, "assets/icon.svg": "<svg/>"}},
		{rule: "skillmd/body-length", name: "501 lines", fail: true, files: map[string]string{"SKILL.md": md("", strings.Repeat("line\n", 501))}},
		{rule: "skillmd/body-length", name: "6000 tokens", fail: true, files: map[string]string{"SKILL.md": md("", strings.Repeat("word ", 6000))}},
		{rule: "skillmd/body-length", name: "500 lines", files: map[string]string{"SKILL.md": md("", strings.Repeat("line\n", 500))}},
		{rule: "skillmd/tokens", name: "a body", fail: true, files: map[string]string{"SKILL.md": valid}},
		{rule: "skillmd/tokens", name: "no body", files: map[string]string{"SKILL.md": md("", "\n")}},
		{rule: "skillmd/link", name: "missing file", fail: true, files: map[string]string{"SKILL.md": md("", "See [the guide](references/guide.md).\n")}},
		{rule: "skillmd/link", name: "missing image", fail: true, files: map[string]string{"SKILL.md": md("", "![logo](assets/logo.png)\n")}},
		{rule: "skillmd/link", name: "path in text", fail: true, files: map[string]string{"SKILL.md": md("", "Read references/guide.md first.\n")}},
		{rule: "skillmd/link", name: "existing, code, URL", files: map[string]string{
			"SKILL.md":            md("", "See [guide](references/guide.md), [site](https://example.com), [mail](mailto:a@b.c).\n\n```\n[x](missing.md) references/missing.md\n```\n\nAnd `[y](missing.md)` and `references/nope.md`.\n"),
			"references/guide.md": "# Guide\n",
		}},
		{rule: "skillmd/link", name: "baseDir placeholder", files: map[string]string{"SKILL.md": md("", "Read [g]({baseDir}/references/guide.md).\n"), "references/guide.md": "# Guide\n"}},
		{rule: "skillmd/named-file", name: "a shell block runs a missing script", fail: true, files: map[string]string{"SKILL.md": md("", "```bash\npython3 scripts/build_index.py --out data/\n```\n"), "scripts/run.py": "print()\n"}},
		{rule: "skillmd/named-file", name: "a span runs ./scripts with a typo", fail: true, files: map[string]string{"SKILL.md": md("", "Then `./scripts/colect.sh --all`.\n"), "scripts/collect.sh": "echo\n"}},
		{rule: "skillmd/named-file", name: "a hook runs a missing script", fail: true, files: map[string]string{"SKILL.md": md("hooks:\n  PreToolUse:\n    - matcher: Bash\n      hooks:\n        - type: command\n          command: ./scripts/validate.sh\n", plainBody), "scripts/check.sh": "echo\n"}},
		{rule: "skillmd/named-file", name: "created, globbed, templated, the project's, examples", files: map[string]string{
			"SKILL.md": md("", "```bash\nmkdir -p scripts/gen && touch scripts/gen/a.py\npython scripts/make.py > scripts/out.txt\ncp scripts/run.py scripts/copy.py\nbash scripts/*.sh\npython scripts/<name>.py\nnode ${CLAUDE_PLUGIN_ROOT}/scripts/hook.js\npython src/scripts/app.py\n```\n\n"+
				"Create `assets/logo.png` first, then run `python scripts/gen/a.py`.\n"+
				"Generate `assets/a.png` and `assets/b.png`.\n"+
				"For example, `python scripts/example.py`.\n"+
				"Write links as `[text](references/filename.md)`.\n"+
				"Run `npm test` and `bash tests/run.sh` (tests/ is not a skill folder).\n\n"+
				"```python\nopen(\"assets/data.csv\")\n```\n\n```\nmy-skill/\n  scripts/tree.py\n```\n"),
			"scripts/make.py": "print()\n", "scripts/run.py": "print()\n", "assets/icon.png": "x",
		}},
		{rule: "skillmd/named-file", name: "no scripts folder, a command runs one", fail: true, files: map[string]string{"SKILL.md": md("", "```bash\npython3 scripts/init_skill.py my-skill\n```\n")}},
		{rule: "skillmd/named-file", name: "no scripts folder: a mention, or the project's", files: map[string]string{"SKILL.md": md("", "The tests are in `scripts/test.sh`. Run `bash scripts/lint.sh` from your project root.\n")}},
		{rule: "skillmd/anchor", name: "missing anchor here", fail: true, files: map[string]string{"SKILL.md": md("", "# Demo\n\nSee [setup](#set-up).\n")}},
		{rule: "skillmd/anchor", name: "missing anchor there", fail: true, files: map[string]string{"SKILL.md": md("", "See [a](references/guide.md#nope).\n"), "references/guide.md": "# Guide\n\n## Usage\n"}},
		{rule: "skillmd/anchor", name: "anchors exist", files: map[string]string{
			"SKILL.md":            md("", "# Demo\n\n## Setup Steps (v2)!\n\n## Setup Steps (v2)!\n\nSee [s](#setup-steps-v2), [t](#setup-steps-v2-1) and [u](references/guide.md#usage-notes).\n"),
			"references/guide.md": "# Guide\n\n## Usage Notes\n",
		}},
		{rule: "skillmd/link", name: "links in output templates", files: map[string]string{
			"SKILL.md":                   md("", "Copy [the report template](assets/report.md) and [the skill template](templates/SKILL.md.tmpl.md).\n"),
			"assets/report.md":           "# Report\n\n![chart](chart.png) and [raw data](data/raw.csv)\n",
			"templates/SKILL.md.tmpl.md": "# New skill\n\nSee [reference](references/REFERENCE.md#usage).\n",
		}},
		{rule: "skillmd/anchor", name: "HTML id and name anchors", files: map[string]string{
			"SKILL.md":            md("", "# Demo\n\nSee [a](#step-1), [b](#Legacy) and [c](references/guide.md#opts).\n\n<a id=\"step-1\"></a>\n### 1. Install\n\n<a name='legacy'>old</a>\n"),
			"references/guide.md": "# Guide\n\n<h2 id=opts>Options</h2>\n\nBack to [top](#top).\n\n<a NAME=\"top\"></a>\n",
		}},
		{rule: "skillmd/anchor", name: "data-id is no anchor", fail: true, files: map[string]string{"SKILL.md": md("", "# Demo\n\nSee [a](#x).\n\n<div data-id=\"x\">y</div>\n")}},
		{rule: "skillmd/link-escapes", name: "parent folder", fail: true, files: map[string]string{"SKILL.md": md("", "See [other](../other-skill/SKILL.md).\n")}},
		{rule: "skillmd/link-escapes", name: "absolute path", fail: true, files: map[string]string{"SKILL.md": md("", "See [x](/etc/passwd).\n")}},
		{rule: "skillmd/link-escapes", name: "inside", files: map[string]string{"SKILL.md": md("", "See [g](./references/../references/guide.md).\n"), "references/guide.md": "x\n"}},
		{rule: "skillmd/unreferenced-file", name: "stray script", fail: true, files: map[string]string{"SKILL.md": valid, "scripts/helper.py": "print(1)\n"}},
		{rule: "skillmd/unreferenced-file", name: "named in code, transitively, license", files: map[string]string{
			"SKILL.md":               md("", "Run:\n\n```\npython scripts/helper.py\n```\n\nSee [guide](references/guide.md).\n"),
			"scripts/helper.py":      "print(1)\n",
			"references/guide.md":    "Also see examples.md.\n",
			"references/examples.md": "x\n",
			"LICENSE.txt":            "MIT\n",
		}},
		{rule: "skillmd/unreferenced-file", name: "evals are for eval tooling", files: map[string]string{
			"SKILL.md":               valid,
			"evals/evals.json":       `{"skill_name": "demo", "evals": []}` + "\n",
			"evals/files/input.json": "{}\n",
		}},
		{rule: "skillmd/unreferenced-file", name: "eval files of other runners, beside SKILL.md or in tests/", files: map[string]string{
			"SKILL.md":             valid,
			"evals.yaml":           "- vars: {q: a}\n",
			"promptfooconfig.yaml": "prompts: [a]\n",
			"smoke.eval.md":        "# Smoke\n",
			"tests/eval.yaml":      "tasks: []\n",
			"tests/test_helper.py": "def test(): pass\n",
		}},
		{rule: "skillmd/unreferenced-file", name: "a data file named like evals below the root", fail: true, files: map[string]string{
			"SKILL.md":          valid,
			"assets/evals.json": "{}\n",
		}},
		{rule: "quiz/shape", name: "a string", fail: true, files: map[string]string{"SKILL.md": md("quiz: hello\n", plainBody)}},
		{rule: "quiz/shape", name: "no questions", fail: true, files: map[string]string{"SKILL.md": md("quiz:\n  title: T\n", plainBody)}},
		{rule: "quiz/shape", name: "question without options", fail: true, files: map[string]string{"SKILL.md": md("quiz:\n  questions:\n    - question: Why?\n", plainBody)}},
		{rule: "quiz/shape", name: "gate as string", fail: true, files: map[string]string{"SKILL.md": md(quizFM(strings.Replace(goodQuiz, "gate: true", "gate: \"yes\"", 1)), plainBody)}},
		{rule: "quiz/shape", name: "valid", files: map[string]string{"SKILL.md": md(quizFM(goodQuiz), plainBody), "references/auth.md": "x\n"}},
		{rule: "quiz/unknown-key", name: "colour", fail: true, files: map[string]string{"SKILL.md": md(quizFM(strings.Replace(goodQuiz, "gate: true", "gate: true\n    colour: red", 1)), plainBody), "references/auth.md": "x\n"}},
		{rule: "quiz/unknown-key", name: "valid", files: map[string]string{"SKILL.md": md(quizFM(goodQuiz), plainBody), "references/auth.md": "x\n"}},
		{rule: "quiz/options-count", name: "one option", fail: true, files: map[string]string{"SKILL.md": md("quiz:\n  questions:\n    - question: Q?\n      options:\n        - label: A\n          correct: true\n", plainBody)}},
		{rule: "quiz/options-count", name: "seven options", fail: true, files: map[string]string{"SKILL.md": md("quiz:\n  questions:\n    - question: Q?\n      options:\n        - {label: A, correct: true}\n"+strings.Repeat("        - {label: B}\n", 6), plainBody)}},
		{rule: "quiz/options-count", name: "two", files: map[string]string{"SKILL.md": md(quizFM(goodQuiz), plainBody), "references/auth.md": "x\n"}},
		{rule: "quiz/no-correct", name: "none correct", fail: true, files: map[string]string{"SKILL.md": md(quizFM(strings.Replace(goodQuiz, "correct: true", "correct: false", 1)), plainBody), "references/auth.md": "x\n"}},
		{rule: "quiz/no-correct", name: "one correct", files: map[string]string{"SKILL.md": md(quizFM(goodQuiz), plainBody), "references/auth.md": "x\n"}},
		{rule: "quiz/passing-score", name: "150", fail: true, files: map[string]string{"SKILL.md": md(quizFM(strings.Replace(goodQuiz, "passing-score: 100", "passing-score: 150", 1)), plainBody), "references/auth.md": "x\n"}},
		{rule: "quiz/passing-score", name: "high", fail: true, files: map[string]string{"SKILL.md": md(quizFM(strings.Replace(goodQuiz, "passing-score: 100", "passing-score: high", 1)), plainBody), "references/auth.md": "x\n"}},
		{rule: "quiz/passing-score", name: "80", files: map[string]string{"SKILL.md": md(quizFM(strings.Replace(goodQuiz, "passing-score: 100", "passing-score: 80", 1)), plainBody), "references/auth.md": "x\n"}},
		{rule: "quiz/unknown-action", name: "jump", fail: true, files: map[string]string{"SKILL.md": md(quizFM(strings.Replace(goodQuiz, "goto:", "jump:", 1)), plainBody), "references/auth.md": "x\n"}},
		{rule: "quiz/unknown-action", name: "four actions", files: map[string]string{"SKILL.md": md(quizFM(strings.Replace(goodQuiz, "message:", "load-skill: security-basics\n          message:", 1)), plainBody), "references/auth.md": "x\n"}},
		{rule: "quiz/goto-heading", name: "no such heading", fail: true, files: map[string]string{"SKILL.md": md(quizFM(strings.Replace(goodQuiz, "## Setup Steps", "## Teardown", 1)), plainBody), "references/auth.md": "x\n"}},
		{rule: "quiz/goto-heading", name: "other case and level", files: map[string]string{"SKILL.md": md(quizFM(strings.Replace(goodQuiz, "## Setup Steps", "# setup steps", 1)), plainBody), "references/auth.md": "x\n"}},
		{rule: "quiz/reference-missing", name: "missing", fail: true, files: map[string]string{"SKILL.md": md(quizFM(goodQuiz), plainBody)}},
		{rule: "quiz/reference-missing", name: "present", files: map[string]string{"SKILL.md": md(quizFM(goodQuiz), plainBody), "references/auth.md": "x\n"}},
		{rule: "quiz/reference-escapes", name: "climbs out", fail: true, files: map[string]string{"SKILL.md": md(quizFM(strings.Replace(goodQuiz, "references/auth.md", "../../secrets.md", 1)), plainBody)}},
		{rule: "quiz/reference-escapes", name: "inside", files: map[string]string{"SKILL.md": md(quizFM(goodQuiz), plainBody), "references/auth.md": "x\n"}},
	}
}

const specHooks = `hooks:
  PreToolUse:
    - matcher: "Bash"
      hooks:
        - type: command
          command: "./scripts/validate.sh"
          timeout: 30
  Stop:
    - hooks:
        - type: prompt
          prompt: "Check if all tasks are complete: $ARGUMENTS"
          model: haiku
`

const codexYAML = `interface:
  display_name: "Demo"
  short_description: "Shows the rule cases"
  icon_small: "./assets/icon.svg"
  brand_color: "#3B82F6"
  default_prompt: "Use the demo skill"
dependencies:
  tools:
    - type: "mcp"
      value: "demo"
policy:
  allow_implicit_invocation: false
`

// loadCase loads the files of a case as the skill folder skillDir.
func loadCase(files map[string]string, profile model.Profile) *model.Skill {
	return loadCaseAt(skillDir, files, profile)
}

// loadCaseAt loads the files of a case as the skill folder dir.
func loadCaseAt(dir string, files map[string]string, profile model.Profile) *model.Skill {
	fsys := fstest.MapFS{}
	for name, text := range files {
		fsys[dir+"/"+name] = &fstest.MapFile{Data: []byte(text)}
	}
	return Load(fsys, dir, model.Options{Profile: profile})
}

// TestRules runs the case table, and every rule example that is a whole
// SKILL.md, through the shared harness.
func TestRules(t *testing.T) {
	var all []ruletest.Case
	for _, tc := range cases() {
		all = append(all, ruletest.Case{Rule: tc.rule, Name: tc.name, Fail: tc.fail, Findings: func(t *testing.T) []model.Diagnostic {
			dir := cmp.Or(tc.dir, skillDir)
			return positioned(t, loadCaseAt(dir, tc.files, tc.profile).Diagnostics)
		}})
	}
	all = append(all, ruletest.ExampleCases(Rules, isWholeSkillMD, func(t *testing.T, text string) []model.Diagnostic {
		return positioned(t, loadCase(map[string]string{"SKILL.md": text}, "").Diagnostics)
	})...)
	ruletest.Run(t, Rules, all, ruletest.Options{InfoWithoutHint: true, SeverityVaries: []string{"skillmd/named-file", "skillmd/frontmatter", "skillmd/unknown-field", "skillmd/link-escapes", "skillmd/link", "skillmd/field-type"}})
}

// isWholeSkillMD: an example that starts with a frontmatter line is a
// complete SKILL.md, linted in the folder demo-skill; others are fragments.
func isWholeSkillMD(r model.Rule) bool {
	return strings.HasPrefix(r.Example.Fail, "---\n") && strings.HasPrefix(r.Example.Pass, "---\n")
}

// positioned fails the test when any finding of a SKILL.md, whichever its
// rule, lacks a file, line or column.
func positioned(t *testing.T, ds []model.Diagnostic) []model.Diagnostic {
	t.Helper()
	for _, d := range ds {
		if d.Line < 1 || d.Column < 1 || d.File == "" {
			t.Errorf("finding without a position: %v", d)
		}
	}
	return ds
}

// TestValidSkillIsClean: the base case of the table has no warnings or
// errors under any profile.
func TestValidSkillIsClean(t *testing.T) {
	for _, p := range model.Profiles {
		s := loadCase(map[string]string{"SKILL.md": md("", plainBody)}, p)
		if e, w, _ := s.Counts(); e+w > 0 {
			t.Errorf("profile %s: %v", p, s.Diagnostics)
		}
	}
}

// Messages read as English: "not an int", "1 token".
func TestMessagesReadAsEnglish(t *testing.T) {
	if got := withArticle("int"); got != "an int" {
		t.Errorf("withArticle(int) = %q", got)
	}
	if got := withArticle("map"); got != "a map" {
		t.Errorf("withArticle(map) = %q", got)
	}
	if got := (tokenSize{n: 1, exact: true}).Tokens(); got != "1 token" {
		t.Errorf("one token reads %q", got)
	}
	if got := (tokenSize{n: 1234}).Tokens(); got != "about 1,234 tokens" {
		t.Errorf("an estimate reads %q", got)
	}
}

// name-dir never suggests a name the name rules would reject.
func TestNameDirHintOnlySuggestsValidNames(t *testing.T) {
	fsys := fstest.MapFS{"we,ird/SKILL.md": {Data: []byte("---\nname: weird\ndescription: Demo.\n---\n# Demo\n")}}
	s := Load(fsys, "we,ird", model.Options{})
	for _, d := range s.Diagnostics {
		if d.Rule == "skillmd/name-dir" {
			if strings.Contains(d.Hint, "set name: we,ird") {
				t.Errorf("hint suggests an invalid name: %s", d.Hint)
			}
			return
		}
	}
	t.Fatalf("no name-dir finding: %v", s.Diagnostics)
}
