package osloop

import (
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/internal/ruletest"
	"github.com/skillstudio/skillstudio/model"
)

// ruleCase changes the fixture so that rule fires (fail) or must not (pass).
type ruleCase struct {
	name string
	rule string
	fail bool
	edit func(t *testing.T, m fstest.MapFS)
	dir  string // skill folder; fixtureDir when empty
}

func file(m fstest.MapFS, name string) string {
	return string(m[fixtureDir+"/"+name].Data)
}

func put(m fstest.MapFS, name, content string) {
	m[fixtureDir+"/"+name] = &fstest.MapFile{Data: []byte(content)}
}

func man(sets ...string) func(*testing.T, fstest.MapFS) {
	return func(t *testing.T, m fstest.MapFS) {
		src := file(m, "manifest.json")
		for i := 0; i+1 < len(sets); i += 2 {
			src = setJSON(t, src, sets[i], sets[i+1])
		}
		put(m, "manifest.json", src)
	}
}

func idx(sets ...string) func(*testing.T, fstest.MapFS) {
	return func(t *testing.T, m fstest.MapFS) {
		src := string(m["skills/index.json"].Data)
		for i := 0; i+1 < len(sets); i += 2 {
			src = setJSON(t, src, sets[i], sets[i+1])
		}
		m["skills/index.json"] = &fstest.MapFile{Data: []byte(src)}
	}
}

func modReplace(old, new string) func(*testing.T, fstest.MapFS) {
	return func(t *testing.T, m fstest.MapFS) {
		src := file(m, "module.ts")
		if !strings.Contains(src, old) {
			t.Fatalf("module.ts has no %q", old)
		}
		put(m, "module.ts", strings.Replace(src, old, new, 1))
	}
}

func both(edits ...func(*testing.T, fstest.MapFS)) func(*testing.T, fstest.MapFS) {
	return func(t *testing.T, m fstest.MapFS) {
		for _, e := range edits {
			e(t, m)
		}
	}
}

func putFile(name, content string) func(*testing.T, fstest.MapFS) {
	return func(_ *testing.T, m fstest.MapFS) { put(m, name, content) }
}

func rmFile(name string) func(*testing.T, fstest.MapFS) {
	return func(_ *testing.T, m fstest.MapFS) { delete(m, fixtureDir+"/"+name) }
}

func none(*testing.T, fstest.MapFS) {}

// moveTo moves the fixture package to the folder dir.
func moveTo(dir string) func(*testing.T, fstest.MapFS) {
	return func(_ *testing.T, m fstest.MapFS) {
		for name, f := range m {
			if rest, ok := strings.CutPrefix(name, fixtureDir+"/"); ok {
				delete(m, name)
				m[dir+"/"+rest] = f
			}
		}
	}
}

// stepFive writes the index entry exactly as the spec's step-5 template
// does: the six required fields and nothing the table marks optional.
func stepFive(_ *testing.T, m fstest.MapFS) {
	m["skills/index.json"] = &fstest.MapFile{Data: []byte(`[
  {
    "name": "word-count",
    "description": "Counts words, lines and characters in a text",
    "version": "1.2.0",
    "author": "skillstudio tests",
    "folderPath": "skills/word-count",
    "tags": ["text", "statistics"]
  }
]
`)}
}

// Fake credentials are assembled at run time so the repository itself
// never holds a string a secret scanner would flag.
var (
	fakeGitHubToken = "ghp_" + strings.Repeat("A1b2", 9)
	fakeAWSKey      = "AKIA" + strings.Repeat("Q7", 8)
)

const agentic = `"agentic"`

var ruleCases = []ruleCase{

	{"a file with a device name and an extension", "osloop/windows-name", true, putFile("assets/con.png", "x"), ""},
	{"a file with a colon", "osloop/windows-name", true, putFile("notes:v2.md", "x"), ""},
	{"the package folder is a device name", "osloop/windows-name", true, moveTo("skills/aux"), "skills/aux"},
	{"names that only start like devices", "osloop/windows-name", false, both(putFile("assets/console.png", "x"), putFile("com10.md", "y")), ""},
	{"no manifest", "osloop/manifest-missing", true, rmFile("manifest.json"), ""},
	{"manifest present", "osloop/manifest-missing", false, none, ""},
	{"no module", "osloop/module-missing", true, rmFile("module.ts"), ""},
	{"module present", "osloop/module-missing", false, none, ""},
	{"no docs", "osloop/docs-missing", true, rmFile("docs.md"), ""},
	{"docs present", "osloop/docs-missing", false, none, ""},
	{"bridge skill without docs", "osloop/docs-missing", true, both(rmFile("docs.md"), man("bridgeRequirement", `"required"`, "supportedPlatforms", `["linux"]`, "compatibilityRequirements", `["system_tools"]`)), ""},
	{"broken manifest", "osloop/json", true, putFile("manifest.json", "{\n  \"name\": \n}"), ""},
	{"manifest is an array", "osloop/json", true, putFile("manifest.json", "[]"), ""},
	{"broken config schema", "osloop/json", true, putFile("config-schema.json", "{\"type\": \"object\",}"), ""},
	{"valid config schema", "osloop/json", false, putFile("config-schema.json", `{"type": "object", "properties": {"limit": {"type": "number"}}}`), ""},
	{"duplicate key", "osloop/duplicate-key", true, func(t *testing.T, m fstest.MapFS) {
		put(m, "manifest.json", strings.Replace(file(m, "manifest.json"), `"author"`, `"version": "9.9.9",`+"\n  "+`"author"`, 1))
	}, ""},
	{"no duplicate key", "osloop/duplicate-key", false, none, ""},
	{"docs over 8 MiB", "osloop/file-too-large", true, putFile("docs.md", strings.Repeat("a", MaxFileSize+1)), ""},
	{"docs of 1 KiB", "osloop/file-too-large", false, putFile("docs.md", strings.Repeat("a", 1024)), ""},
	{"module of 600,000 tokens", "osloop/file-too-large", true, putFile("module.ts", "export const a = 1"+strings.Repeat("+a", 300_000)+";\n"), ""},

	{"missing executionMode", "osloop/required", true, man("executionMode", ""), ""},
	{"optional oauth absent", "osloop/required", false, man("oauth", ""), ""},
	{"capabilities as a string", "osloop/type", true, man("capabilities", `"text"`), ""},
	{"workspaceSchemaVersion null", "osloop/type", false, man("workspaceSchemaVersion", "null"), ""},
	{"bridgeRequirement sometimes", "osloop/enum", true, man("bridgeRequirement", `"sometimes"`), ""},
	{"permission kind typo", "osloop/enum", true, man("permissions.0.kind", `"netwrok"`), ""},
	{"bridgeRequirement optional", "osloop/enum", false, man("bridgeRequirement", `"optional"`), ""},
	{"old secretBindings field", "osloop/unknown-field", true, man("secretBindings", "[]"), ""},
	{"binding with a kind", "osloop/unknown-field", false, man("requiredBindings", `[{"name": "token", "kind": "token"}]`), ""},
	{"$schema for editors", "osloop/unknown-field", false, man("$schema", `"https://example.org/manifest.schema.json"`), ""},
	{"$schema inside a permission", "osloop/unknown-field", true, man("permissions.0.$schema", `"x"`), ""},
	{"schemaVersion 1.0", "osloop/schema-version", true, man("schemaVersion", `"1.0"`), ""},
	{"schemaVersion 2.0", "osloop/schema-version", false, none, ""},
	{"version 1.2", "osloop/version", true, man("version", `"1.2"`), ""},
	{"version v1.2.0", "osloop/version", true, man("version", `"v1.2.0"`), ""},
	{"version with pre-release", "osloop/version", false, man("version", `"1.2.0-beta.1"`), ""},
	{"name not a slug", "osloop/name", true, man("name", `"Word_Count"`), ""},
	{"name differs from folder in skills/", "osloop/name", true, man("name", `"word-counter"`), ""},
	{"name differs outside a skills directory", "osloop/name", false, func(t *testing.T, m fstest.MapFS) {
		for k, v := range m {
			if strings.HasPrefix(k, fixtureDir+"/") {
				m["examples/counter/"+strings.TrimPrefix(k, fixtureDir+"/")] = v
			}
		}
	}, "examples/counter"},
	{"input schema is an array", "osloop/schema-root", true, man("inputSchema.type", `"array"`), ""},
	{"config schema without object root", "osloop/schema-root", true, putFile("config-schema.json", `{"properties": {}}`), ""},
	{"config schema with object root", "osloop/schema-root", false, putFile("config-schema.json", `{"type": "object"}`), ""},
	{"misspelt type in input schema", "osloop/schema-invalid", true, man("inputSchema.properties.text.type", `"strnig"`), ""},
	{"bad pattern in tool schema", "osloop/schema-invalid", true, man("tools.0.inputSchema.properties.text", `{"type": "string", "pattern": "("}`), ""},
	{"schemas compile", "osloop/schema-invalid", false, none, ""},
	{"workspace optional without version", "osloop/workspace-schema-version", true, man("workspaceSupport", `"optional"`), ""},
	{"workspace none with a version", "osloop/workspace-schema-version", true, man("workspaceSchemaVersion", `"1.0.0"`), ""},
	{"workspace optional with a version", "osloop/workspace-schema-version", false, man("workspaceSupport", `"optional"`, "workspaceSchemaVersion", `"1.0.0"`), ""},
	{"agentic but not enabled", "osloop/agentic-config", true, man("executionMode", agentic), ""},
	{"declarative but enabled", "osloop/agentic-config", true, man("agenticConfig.enabled", "true"), ""},
	{"requiresWorkspace without a workspace", "osloop/agentic-config", true, man("agenticConfig.requiresWorkspace", "true"), ""},
	{"agentic and enabled", "osloop/agentic-config", false, man("executionMode", agentic, "agenticConfig.enabled", "true"), ""},
	{"declarative with a step limit", "osloop/agentic-zero", true, man("agenticConfig.maxStepsPerRun", "10"), ""},
	{"declarative with zero values", "osloop/agentic-zero", false, none, ""},
	{"agentic without limits", "osloop/agentic-limits", true, man("executionMode", agentic, "agenticConfig.enabled", "true"), ""},
	{"agentic with limits", "osloop/agentic-limits", false, man("executionMode", agentic, "agenticConfig.enabled", "true", "agenticConfig.maxStepsPerRun", "40", "agenticConfig.defaultStepBudget", "10"), ""},
	{"declarative asking for input", "osloop/execution-model", true, man("userInputSupport", "true"), ""},
	{"agentic without workspace", "osloop/execution-model", true, man("executionMode", agentic, "agenticConfig.enabled", "true"), ""},
	{"flow asking for input", "osloop/execution-model", false, man("executionMode", `"flow"`, "userInputSupport", "true"), ""},
	{"system_tools without the bridge", "osloop/bridge", true, man("compatibilityRequirements", `["system_tools"]`), ""},
	{"system_tools with an optional bridge", "osloop/bridge", true, man("compatibilityRequirements", `["system_tools"]`, "bridgeRequirement", `"optional"`), ""},
	{"system_tools with the bridge required", "osloop/bridge", false, man("compatibilityRequirements", `["system_tools"]`, "bridgeRequirement", `"required"`, "supportedPlatforms", `["linux"]`), ""},
	{"bridge required, nothing declared", "osloop/bridge-declaration", true, man("bridgeRequirement", `"required"`), ""},
	{"bridge required, declared", "osloop/bridge-declaration", false, man("compatibilityRequirements", `["system_tools"]`, "bridgeRequirement", `"required"`, "supportedPlatforms", `["linux"]`), ""},
	{"unknown compatibility value", "osloop/compatibility", true, man("compatibilityRequirements", `["quantum"]`), ""},
	{"browser compatibility value", "osloop/compatibility", false, man("compatibilityRequirements", `["fetch", "indexeddb"]`), ""},
	{"purposeId declared twice", "osloop/duplicate-id", true, man("llmUsage", `[{"purposeId": "describe-tone", "kind": "custom"}, {"purposeId": "describe-tone", "kind": "custom"}]`), ""},
	{"ids unique", "osloop/duplicate-id", false, none, ""},
	{"oauth names a missing binding", "osloop/oauth-binding", true, man("oauth", `[{"providerId": "gh", "clientIdBinding": "gh_client"}]`), ""},
	{"binding names a missing provider", "osloop/oauth-binding", true, man("requiredBindings", `[{"name": "tok", "oauthProviderId": "gh"}]`), ""},
	{"oauth and bindings agree", "osloop/oauth-binding", false, man("oauth", `[{"providerId": "gh", "clientIdBinding": "gh_client"}]`, "requiredBindings", `[{"name": "gh_client", "oauthProviderId": "gh"}]`), ""},
	{"binding kind typo", "osloop/secret-kind", true, man("requiredBindings", `[{"name": "key", "kind": "apikey"}]`), ""},
	{"binding kind listed", "osloop/secret-kind", false, man("requiredBindings", `[{"name": "key", "kind": "api_key"}]`), ""},

	{"module with a NUL byte", "osloop/module-syntax", true, putFile("module.ts", "export async function execute() {\x00}"), ""},
	{"module is text", "osloop/module-syntax", false, none, ""},
	{"no execute export", "osloop/execute-export", true, modReplace("export async function execute(", "async function run("), ""},
	{"execute only in a comment", "osloop/execute-export", true, func(t *testing.T, m fstest.MapFS) {
		modReplace("export async function execute(", "// export async function execute(args, host) {}\nasync function run(")(t, m)
	}, ""},
	{"execute as an exported arrow", "osloop/execute-export", false, modReplace("export async function execute(", "export const execute = async ("), ""},
	{"execute re-exported", "osloop/execute-export", false, func(t *testing.T, m fstest.MapFS) {
		modReplace("export async function execute(", "async function run(")(t, m)
		put(m, "module.ts", file(m, "module.ts")+"\nexport { run as execute };\n")
	}, ""},
	{"empty execute", "osloop/stub", true, putFile("module.ts", "export function countWords() { return 1 }\nexport async function onInstall() {}\nexport async function execute(args: Record<string, unknown>, host: unknown): Promise<{ a: string }> {}\n"), ""},
	{"execute with a body", "osloop/stub", false, none, ""},
	{"undeclared purposeId", "osloop/llm-purpose", true, modReplace("{ purposeId: 'describe-tone', prompt", "{ purposeId: 'describe-mood', prompt"), ""},
	{"dynamic purposeId without llmUsage", "osloop/llm-purpose", true, both(modReplace("{ purposeId: 'describe-tone', prompt", "{ purposeId: pick(), prompt"), man("llmUsage", "[]", "permissions.1", `{"kind": "llm"}`)), ""},
	{"declared purposeId (type unions ignored)", "osloop/llm-purpose", false, none, ""},
	{"unused llmUsage entry", "osloop/llm-purpose-unused", true, man("llmUsage", `[{"purposeId": "describe-tone", "kind": "classification"}, {"purposeId": "summarize", "kind": "summarization"}]`), ""},
	{"every purpose used", "osloop/llm-purpose-unused", false, none, ""},
	{"vault binding not declared", "osloop/undeclared-id", true, modReplace("let text = args.text ?? '';", "const key = await host.vault.resolveBinding('api_key');\n  let text = args.text ?? key;"), ""},
	{"vault binding declared", "osloop/undeclared-id", false, both(modReplace("let text = args.text ?? '';", "const key = await host.vault.resolveBinding('api_key');\n  let text = args.text ?? key;"), man("requiredBindings", `[{"name": "api_key", "kind": "api_key"}]`)), ""},
	{"computed binding name is not read", "osloop/undeclared-id", false, modReplace("let text = args.text ?? '';", "const key = await host.vault.resolveBinding(args.binding);\n  let text = args.text ?? key;"), ""},
	{"wasm module not declared (destructured host)", "osloop/undeclared-id", true, modReplace("let text = args.text ?? '';", "const { wasm } = host;\n  const m = await wasm.instantiate(`tokenizer`);\n  let text = args.text ?? '';"), ""},
	{"wasm module declared", "osloop/undeclared-id", false, both(modReplace("let text = args.text ?? '';", "const m = await host.wasm.instantiate('tokenizer');\n  let text = args.text ?? '';"), man("wasm", `[{"moduleId": "tokenizer", "sourceKind": "url"}]`)), ""},
	{"oauth provider not declared", "osloop/undeclared-id", true, both(modReplace("let text = args.text ?? '';", "const tok = await host.oauth.getToken('github', {});\n  let text = args.text ?? '';"), man("oauth", `[{"providerId": "gitlab", "grantType": "authorization_code"}]`)), ""},
	{"oauth provider declared", "osloop/undeclared-id", false, both(modReplace("let text = args.text ?? '';", "const tok = await host.oauth.getToken('github');\n  let text = args.text ?? '';"), man("oauth", `[{"providerId": "github", "grantType": "authorization_code"}]`)), ""},
	{"a method of another object is not a host call", "osloop/undeclared-id", false, modReplace("let text = args.text ?? '';", "const cfg = await store.resolveBinding('api_key');\n  let text = args.text ?? cfg;"), ""},
	{"fetch outside the rules", "osloop/network-rule", true, modReplace("`https://docs.example.org/${args.page}`", "'https://api.other.example/v1/' + args.page"), ""},
	{"computed URL without rules", "osloop/network-rule", true, both(modReplace("`https://docs.example.org/${args.page}`", "args.page"), man("sandbox.networkRules", "[]")), ""},
	{"fetch inside the rules", "osloop/network-rule", false, none, ""},
	{"host.network without permission", "osloop/permission", true, man("permissions", `[{"kind": "llm"}]`), ""},
	{"permissions declared", "osloop/permission", false, none, ""},
	{"host.run in a declarative skill", "osloop/host-run", true, modReplace("return { count,", "await host.run.checkpoint();\n  return { count,"), ""},
	{"host.run destructured in a declarative skill", "osloop/host-run", true, modReplace("return { count,", "const { run } = host;\n  await run.createCheckpoint();\n  return { count,"), ""},
	{"host[\"workspace\"] without workspace support", "osloop/workspace-use", true, modReplace("return { count,", "await host[\"workspace\"].setState({ count });\n  return { count,"), ""},
	{"host.storage destructured and renamed without permission", "osloop/permission", true, modReplace("return { count,", "const { storage: kv } = host;\n  await kv.set(\"n\", count);\n  return { count,"), ""},
	{"host.run in a flow skill", "osloop/host-run", false, both(modReplace("return { count,", "await host.run.checkpoint();\n  return { count,"), man("executionMode", `"flow"`)), ""},
	{"host.workspace without workspace support", "osloop/workspace-use", true, modReplace("return { count,", "await host.workspace.setState({ count });\n  return { count,"), ""},
	{"host.workspace with workspace support", "osloop/workspace-use", false, both(modReplace("return { count,", "await host.workspace.setState({ count });\n  return { count,"), man("workspaceSupport", `"optional"`, "workspaceSchemaVersion", `"1.0.0"`)), ""},
	{"exported hook not declared", "osloop/hook-undeclared", true, man("lifecycleHooks", "[]"), ""},
	{"exported hook declared", "osloop/hook-undeclared", false, none, ""},
	{"exported hook not declared: no warning", "osloop/lifecycle-hook", false, man("lifecycleHooks", "[]"), ""},
	{"declared hook not exported", "osloop/lifecycle-hook", true, man("lifecycleHooks", `["onInstall", "onUpgrade"]`), ""},
	{"not a hook name", "osloop/lifecycle-hook", true, man("lifecycleHooks", `["onInstall", "onBoot"]`), ""},
	{"hook declared as an object", "osloop/lifecycle-hook", false, man("lifecycleHooks", `[{"name": "onInstall"}]`), ""},
	{"tool handler not exported", "osloop/tool-handler", true, man("tools.0.handlerExport", `"countWordz"`), ""},
	{"tool handler exported", "osloop/tool-handler", false, none, ""},
	{"placeholder without bindings", "osloop/secret-binding", true, putFile("docs.md", "Set the key to `__OSL_SECRET[3f1c]__`.\n"), ""},
	{"placeholder with a binding", "osloop/secret-binding", false, both(putFile("docs.md", "Set the key to `__OSL_SECRET[3f1c]__`.\n"), man("requiredBindings", `[{"name": "api_key", "kind": "api_key"}]`)), ""},
	{"token in docs", "osloop/raw-secret", true, putFile("docs.md", "Use token "+fakeGitHubToken+" to try it.\n"), ""},
	{"token in a manifest schema example", "osloop/raw-secret", true, man("inputSchema.properties.text.examples", `["`+fakeGitHubToken+`"]`), ""},
	{"key as a config-schema default", "osloop/raw-secret", true, putFile("config-schema.json", `{"type": "object", "properties": {"key": {"type": "string", "default": "`+fakeAWSKey+`"}}}`), ""},
	{"placeholder in a config-schema default", "osloop/raw-secret", false, putFile("config-schema.json", `{"type": "object", "properties": {"key": {"type": "string", "default": "__OSL_SECRET[3f1c]__"}}}`), ""},
	{"key in a module string", "osloop/raw-secret", true, modReplace("let text = args.text ?? '';", "const key = '"+fakeAWSKey+"';\n  let text = args.text ?? key;"), ""},
	{"example key shape in docs", "osloop/raw-secret", false, putFile("docs.md", "Keys look like `sk-...` or `xoxb-your-token`; store them in the vault.\n"), ""},

	{"index is an object", "osloop/index-json", true, func(_ *testing.T, m fstest.MapFS) { m["skills/index.json"] = &fstest.MapFile{Data: []byte("{}")} }, ""},
	{"index is cut short", "osloop/index-json", true, func(_ *testing.T, m fstest.MapFS) {
		m["skills/index.json"] = &fstest.MapFile{Data: []byte("[\n  {\"name\": ")}
	}, ""},
	{"index parses", "osloop/index-json", false, none, ""},
	{"entry without tags", "osloop/index-entry", true, idx("0.tags", ""), ""},
	{"entry with a bad mode", "osloop/index-entry", true, idx("0.executionMode", `"lazy"`), ""},
	{"entry complete", "osloop/index-entry", false, none, ""},
	{"entry with workspace support but no schema version", "osloop/index-entry", true, both(man("workspaceSupport", `"optional"`, "workspaceSchemaVersion", `"1.0.0"`), idx("0.workspaceSupport", `"optional"`, "0.workspaceSchemaVersion", "")), ""},
	{"entry with workspace support and its schema version", "osloop/index-entry", false, both(man("workspaceSupport", `"optional"`, "workspaceSchemaVersion", `"1.0.0"`), idx("0.workspaceSupport", `"optional"`, "0.workspaceSchemaVersion", `"1.0.0"`)), ""},
	{"entry with homepage", "osloop/index-unknown-field", true, idx("0.homepage", `"https://example.org"`), ""},
	{"entry with optional fields only", "osloop/index-unknown-field", false, idx("0.workspaceSupport", ""), ""},
	{"folderPath to nowhere", "osloop/index-folder", true, idx("0.folderPath", `"skills/nope"`), ""},
	{"folderPath leaving the repo", "osloop/index-folder", true, idx("0.folderPath", `"../elsewhere/word-count"`), ""},
	{"folderPath fine", "osloop/index-folder", false, none, ""},
	{"entry listed twice", "osloop/index-duplicate", true, func(t *testing.T, m fstest.MapFS) {
		src := string(m["skills/index.json"].Data)
		d, _ := ParseJSON([]byte(src))
		e := d.Root.Items[0]
		src = src[:e.End] + ",\n  " + src[e.Start:e.End] + src[e.End:]
		m["skills/index.json"] = &fstest.MapFile{Data: []byte(src)}
	}, ""},
	{"entries unique", "osloop/index-duplicate", false, none, ""},
	{"skill not in the index", "osloop/index-missing", true, func(_ *testing.T, m fstest.MapFS) { m["skills/index.json"] = &fstest.MapFile{Data: []byte("[]\n")} }, ""},
	{"skill in the index", "osloop/index-missing", false, none, ""},
	{"index version differs", "osloop/index-mismatch", true, idx("0.version", `"1.0.0"`), ""},
	{"index lacks bridgeRequirement", "osloop/index-mirror-missing", true, idx("0.bridgeRequirement", ""), ""},
	{"index lacks bridgeRequirement: no mismatch", "osloop/index-mismatch", false, idx("0.bridgeRequirement", ""), ""},
	{"index mirrors what the manifest sets", "osloop/index-mirror-missing", false, none, ""},
	{"index entry as the spec's step-5 template", "osloop/index-mismatch", false, stepFive, ""},
	{"platforms in another order", "osloop/index-mismatch", false, both(man("supportedPlatforms", `["linux", "macos"]`), idx("0.supportedPlatforms", `["macos", "linux"]`)), ""},
	{"index description unrelated", "osloop/index-description", true, idx("0.description", `"Translates text"`), ""},
	{"index description shortened", "osloop/index-description", false, none, ""},
}

// lintFixture loads the changed fixture and checks the index, returning
// every finding.
func lintFixture(t *testing.T, c ruleCase) []model.Diagnostic {
	t.Helper()
	return lintFixtureWith(t, c, model.Options{})
}

func lintFixtureWith(t *testing.T, c ruleCase, opts model.Options) []model.Diagnostic {
	t.Helper()
	m := fixtureFS(t)
	c.edit(t, m)
	dir := c.dir
	if dir == "" {
		dir = fixtureDir
	}
	s := Load(m, dir, opts)
	loose := CheckIndex(m, "skills/index.json", []*model.Skill{s}, opts)
	return append(append([]model.Diagnostic{}, s.Diagnostics...), loose...)
}

// TestCleanFixture: the fixture every case edits has no findings.
func TestCleanFixture(t *testing.T) {
	if ds := lintFixture(t, ruleCase{name: "clean fixture", edit: none}); len(ds) > 0 {
		t.Errorf("the clean fixture has findings:\n%s", dump(ds))
	}
}

// TestRules runs ruleCases through the shared harness. Every finding of a
// case, whichever its rule, needs a hint and (but for a missing manifest)
// a line.
func TestRules(t *testing.T) {
	var cases []ruletest.Case
	for _, c := range ruleCases {
		cases = append(cases, ruletest.Case{Rule: c.rule, Name: c.name, Fail: c.fail, Findings: func(t *testing.T) []model.Diagnostic {
			ds := lintFixture(t, c)
			for _, d := range ds {
				if d.Hint == "" {
					t.Errorf("%s has no hint", d)
				}
				if d.Rule != "osloop/manifest-missing" && d.Line < 1 {
					t.Errorf("%s has no line", d)
				}
			}
			return ds
		}})
	}
	ruletest.Run(t, Rules, cases, ruletest.Options{Unpositioned: []string{"osloop/manifest-missing"}, SeverityVaries: []string{"osloop/docs-missing"}})
}

// TestFindingsOnlySameFindings: lint's lean load (FindingsOnly skips what
// only the display side reads) finds exactly what the full load finds, in
// every rule case.
func TestFindingsOnlySameFindings(t *testing.T) {
	for _, c := range ruleCases {
		full := lintFixtureWith(t, c, model.Options{})
		lean := lintFixtureWith(t, c, model.Options{FindingsOnly: true})
		if !reflect.DeepEqual(full, lean) {
			t.Errorf("%s: FindingsOnly changed the findings:\n--- full\n%s--- findings only\n%s", c.name, dump(full), dump(lean))
		}
	}
}

func dump(ds []model.Diagnostic) string {
	var b strings.Builder
	for _, d := range ds {
		b.WriteString("  " + d.String() + "\n")
	}
	return b.String()
}

// TestIndexMismatchSeverity: a stale version or bridgeRequirement in the
// index (the shape a real repository ships, its own validator passing)
// is a warning; a workspaceSchemaVersion or executionMode mismatch, which
// that validator fails, stays an error.
func TestIndexMismatchSeverity(t *testing.T) {
	for _, c := range []struct {
		name string
		edit func(*testing.T, fstest.MapFS)
		want model.Severity
	}{
		{"version behind the manifest", idx("0.version", `"0.9.0"`), model.SeverityWarning},
		{"bridgeRequirement looser than the manifest", idx("0.bridgeRequirement", `"optional"`), model.SeverityWarning},
		{"author renamed", idx("0.author", `"Someone Else"`), model.SeverityWarning},
		{"executionMode differs", idx("0.executionMode", `"flow"`), model.SeverityError},
		{"workspaceSchemaVersion differs", both(man("workspaceSupport", `"optional"`, "workspaceSchemaVersion", `"1.0.0"`),
			idx("0.workspaceSupport", `"optional"`, "0.workspaceSchemaVersion", `"2.0.0"`)), model.SeverityError},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got []model.Diagnostic
			for _, d := range lintFixture(t, ruleCase{name: c.name, edit: c.edit}) {
				if d.Rule == "osloop/index-mismatch" {
					got = append(got, d)
				}
			}
			if len(got) != 1 || got[0].Severity != c.want {
				t.Errorf("want one index-mismatch %s, got:\n%s", c.want, dump(got))
			}
		})
	}
}
