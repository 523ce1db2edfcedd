package review

import (
	"strings"
	"testing"
)

// A local MCP server given three keys gave three review/mcp-env lines
// saying the same thing; it is one per server, naming each key.
func TestMCPEnvOnePerServer(t *testing.T) {
	s := pluginSkill(true, map[string]string{".mcp.json": `{"mcpServers": {"notes": {"command": "npx", "args": ["-y", "notes-hub-mcp@1.2.0"],
  "env": {"GITHUB_TOKEN": "${GITHUB_TOKEN}", "OPENAI_API_KEY": "${OPENAI_API_KEY}", "SLACK_BOT_TOKEN": "${SLACK_BOT_TOKEN}"}},
  "other": {"command": "node", "args": ["srv.js"], "env": {"STRIPE_SECRET_KEY": "${STRIPE_SECRET_KEY}"}}}}`})
	var env []string
	for _, d := range Skill(s, nil) {
		if d.Rule == "review/mcp-env" {
			env = append(env, d.Message)
		}
	}
	if len(env) != 2 {
		t.Fatalf("want one review/mcp-env per server (2), got %d: %q", len(env), env)
	}
	for _, want := range []string{`"notes"`, "3 of the user's credentials", "${GITHUB_TOKEN}", "${OPENAI_API_KEY}", "${SLACK_BOT_TOKEN}", `env "SLACK_BOT_TOKEN"`} {
		if !strings.Contains(env[0], want) {
			t.Errorf("notes finding lacks %q: %s", want, env[0])
		}
	}
	if !strings.Contains(env[1], "${STRIPE_SECRET_KEY}, the user's credential for stripe.com") {
		t.Errorf("a single key keeps its sentence: %s", env[1])
	}
}

// A language server's env was not read at all: a GitHub token handed to
// a Go language server, or a token written into .lsp.json, went unseen.
func TestLSPServerEnvReadLikeMCP(t *testing.T) {
	for _, tc := range []struct {
		name, file, text, rule, want string
	}{
		{"credential from the environment", ".lsp.json", `{"go": {"command": "gopls", "args": ["serve"], "extensionToLanguage": {".go": "go"}, "env": {"GH": "${GITHUB_TOKEN}"}}}`, "review/mcp-env", `language server "go" (gopls serve) is given ${GITHUB_TOKEN}`},
		{"inline in plugin.json", ".claude-plugin/plugin.json", `{"name": "tally", "lspServers": {"py": {"command": "${CLAUDE_PLUGIN_ROOT}/bin/pyls", "extensionToLanguage": {".py": "python"}, "env": {"OPENAI_API_KEY": "${OPENAI_API_KEY}"}}}}`, "review/mcp-env", `language server "py"`},
		{"a token written in", ".lsp.json", `{"go": {"command": "gopls", "extensionToLanguage": {".go": "go"}, "env": {"LICENSE_TOKEN": "q8Zr2LmX0pVt7KsW3nYb9HdF"}}}`, "review/secret-like", `language server "go" is given a random-looking`},
	} {
		found := false
		for _, d := range Skill(pluginSkill(true, map[string]string{tc.file: tc.text}), nil) {
			if d.Rule == tc.rule && strings.Contains(d.Message, tc.want) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: no %s saying %q", tc.name, tc.rule, tc.want)
		}
	}
	// The service's own language server is given its token: no finding.
	for _, d := range Skill(pluginSkill(true, map[string]string{".lsp.json": `{"gh-actions": {"command": "github-actions-languageserver", "args": ["--stdio"], "extensionToLanguage": {".yml": "yaml"}, "env": {"GITHUB_TOKEN": "${GITHUB_TOKEN}"}}}`}), nil) {
		if d.Rule == "review/mcp-env" {
			t.Errorf("the service's own server: %s", d.Message)
		}
	}
}
