package lsp

// fieldDoc is what hover says about a frontmatter field, and the values
// completion offers for it (from the spec's field tables).
type fieldDoc struct {
	meaning string
	values  []string
}

var fieldDocs = map[string]fieldDoc{
	"name":                     {"The skill's id: 1-64 lowercase letters, digits and single hyphens, matching its folder; it becomes the /slash-command name.", nil},
	"description":              {"What the skill does and when to use it (1-1024 characters); agents read it to decide when to load the skill.", nil},
	"license":                  {"The license name or a bundled license file.", nil},
	"compatibility":            {"Environment requirements (at most 500 characters): products, system packages, network access.", nil},
	"allowed-tools":            {"Tools the skill may use without asking, a string or a list.", nil},
	"metadata":                 {"A map of extra string keys and values for clients (skillli fields may sit here too).", nil},
	"argument-hint":            {"The hint shown for the slash command's arguments, e.g. [issue-number].", nil},
	"disable-model-invocation": {"true: only the user can invoke the skill; the model cannot load it on its own.", []string{"true", "false"}},
	"user-invocable":           {"false hides the skill from the slash-command menu.", []string{"true", "false"}},
	"mode":                     {"true marks a mode command that changes how the agent behaves.", []string{"true", "false"}},
	"context":                  {"fork runs the skill in a forked sub-agent context.", []string{"fork"}},
	"agent":                    {"The sub-agent type to run in when context is fork.", nil},
	"background":               {"Whether a forked skill (context: fork) runs in the background; Claude Code defaults it to true for forked skills, false keeps the caller waiting for the result.", []string{"true", "false"}},
	"when_to_use":              {"More on when to reach for the skill; Claude Code adds it to the description in the skill listing.", nil},
	"disallowed-tools":         {"Tools the skill may not use, a string or a list.", nil},
	"arguments":                {"Named arguments of the slash command, a string or a list; $name in the body takes each one.", nil},
	"triggers":                 {"Keywords that load the skill in OpenHands, a list.", nil},
	"inputs":                   {"Inputs OpenHands asks the user for before the skill runs, a list.", nil},
	"mcp_tools":                {"MCP servers OpenHands starts for the skill, a mapping.", nil},
	"modeSlugs":                {"The Roo Code modes the skill is offered in, a list of mode slugs, e.g. [architect, code]; Roo Code ignores a single string.", nil},
	"model":                    {"The model to use while the skill is active.", nil},
	"effort":                   {"The reasoning effort while the skill is active.", []string{"low", "medium", "high", "max"}},
	"shell":                    {"The shell for the skill's !`command` blocks.", []string{"bash", "powershell"}},
	"paths":                    {"Globs of files the skill is about; it loads when they are touched.", nil},
	"hooks":                    {"Hooks scoped to the skill's lifetime.", nil},
	"version":                  {"The skill's semantic version (skillli).", nil},
	"author":                   {"The author's name (skillli).", nil},
	"tags":                     {"Search tags, a list of strings (skillli).", nil},
	"category":                 {"The registry category (skillli).", nil},
	"trust-level":              {"How far the registry trusts the skill (skillli).", nil},
	"repository":               {"The source repository URL (skillli).", nil},
	"homepage":                 {"The documentation URL (skillli).", nil},
	"min-skillli-version":      {"The oldest skillli that can install the skill.", nil},
	"checksum":                 {"The package checksum the registry verifies (skillli).", nil},
	"quiz":                     {"Quiz blocks: questions the agent asks, with branch actions (goto, load-skill, load-reference, message) and an optional gate.", nil},
}

// directiveValues are the values completion offers after an xgs directive.
var directiveValues = map[string][]string{
	"run-at":     {"document_start", "document_end", "document_idle"},
	"all-frames": {"true", "false"},
}
