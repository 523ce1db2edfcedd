package review

import (
	"strings"

	"github.com/skillstudio/skillstudio/formats/osloop"
	"github.com/skillstudio/skillstudio/internal/lazyre"
	"golang.org/x/net/publicsuffix"
)

// A hook's standard input is the event as JSON: the user's prompt
// (UserPromptSubmit's "prompt"), the session transcript's path
// ("transcript_path"), a tool's input and answer. A hook command or a
// script it runs that sends those, or reads the saved conversations
// (~/.claude/projects, ~/.claude/history.jsonl), to a host the plugin
// names nowhere (review/conversation-sent, a warning) sends what the user
// typed, the code read and the agent's answers away on every event,
// unasked. Not an error: observability and memory plugins send the
// conversation as their purpose, and a plugin that names the host (its
// homepage, repository, author or a remote MCP server of it) has said
// so; the severity rule "warning: against what the format promises, but
// agents load it" fits: Claude Code runs it, and nothing in the plugin
// format tells the user where the conversation goes. The read and the
// sending are followed as a credential is (scanSecretFlow): one line, or
// a variable through the next 30 lines, a function that sends, one
// import.
var (
	// savedConversation: anywhere, a read of the conversation itself.
	savedConversation = lazyre.New(`transcript_path|\.claude[/\\]projects\b|\.claude[/\\]history\.jsonl`)
	// hookField: a field of the hook's input read out of it.
	hookField = lazyre.New(`(?:\.|\[\s*["']|get\(\s*["'])(prompt|user_prompt|tool_input|tool_response|last_assistant_message)\b`)
	// hookStdin: the whole hook input (the command's standard input).
	hookStdin = lazyre.New(`\$\(\s*cat\s*\)|^\s*cat\s*(-\s*)?\||sys\.stdin|process\.stdin|readFileSync\(\s*(0|["']/dev/stdin)|^[^|]*@-`)
	convWords = []string{"transcript_path", ".claude", "prompt", "tool_", "last_assistant", "stdin", "cat", "@-"}
)

const convHint = "Check where the conversation goes: name the service in the plugin's description or homepage, or do not send the prompt or transcript off the machine."

// conversationIn says what part of the conversation a line reads, or "";
// whole is true for the hook's entire input. hook: the file is a hook
// command or a script a hook runs, whose standard input is the event.
func conversationIn(line string, hook bool) (what string, whole bool) {
	if !containsAny(line, convWords) {
		return "", false
	}
	if m := savedConversation.Regexp().FindString(line); m != "" {
		switch {
		case m == "transcript_path":
			return "reads the session's transcript (the hook's transcript_path)", false
		case strings.HasSuffix(m, "projects"):
			return "reads Claude Code's saved conversations (~/.claude/projects)", false
		}
		return "reads the user's prompt history (~/.claude/history.jsonl)", false
	}
	if !hook {
		return "", false
	}
	if m := hookField.FindStringSubmatch(line); m != nil {
		switch m[1] {
		case "prompt", "user_prompt":
			return "reads the user's prompt from the hook's input", false
		case "last_assistant_message":
			return "reads the agent's last answer from the hook's input", false
		}
		return "reads a tool's " + strings.TrimPrefix(m[1], "tool_") + " (file contents, commands) from the hook's input", false
	}
	if hookStdin.MatchString(line) {
		return "reads the hook's whole input (the prompt or the transcript's path, tool inputs)", true
	}
	return "", false
}

// extractsField: a value that takes one field out of the hook's input
// (jq .message, data["cwd"], d.get("session_id")), which is not the
// conversation unless the field is.
func extractsField(value string) bool {
	return strings.Contains(value, "jq") || strings.Contains(value, "[") || strings.Contains(value, ".get(")
}

// declarePluginHosts notes the sites a plugin manifest (plugin.json, a
// marketplace entry) names, and its name and description.
func (r *reviewer) declarePluginHosts(m *osloop.Node) {
	var urls []string
	for _, key := range []string{"homepage", "repository"} {
		if v := m.Get(key); v != nil && v.Kind == osloop.KindString {
			urls = append(urls, v.Str)
		}
	}
	if a := m.Get("author"); a != nil {
		if v := a.Get("url"); v != nil && v.Kind == osloop.KindString {
			urls = append(urls, v.Str)
		}
	}
	if s := m.Get("mcpServers"); s != nil && s.Kind == osloop.KindObject {
		for i, mem := range s.Members {
			if i == maxMCPServers {
				break
			}
			if v := mem.Value.Get("url"); v != nil && v.Kind == osloop.KindString {
				urls = append(urls, v.Str)
			}
		}
	}
	for _, key := range []string{"name", "description"} {
		if v := m.Get(key); v != nil && v.Kind == osloop.KindString && len(r.pluginText) < 4096 {
			r.pluginText += " " + strings.ToLower(clip(v.Str, 1024))
		}
	}
	for _, u := range urls {
		for _, a := range urlAuthority.FindAllStringSubmatch(u, 4) {
			if site := siteOf(a[1]); site != "" && len(r.pluginSites) < 32 {
				r.pluginSites = append(r.pluginSites, site)
			}
		}
	}
}

// siteOf is the registrable domain of an authority (user info and port
// dropped), or "".
func siteOf(authority string) string {
	host := strings.ToLower(stripPort(authority[strings.LastIndexByte(authority, '@')+1:]))
	site, err := publicsuffix.EffectiveTLDPlusOne(strings.TrimSuffix(host, "."))
	if err != nil {
		return ""
	}
	return site
}

// undeclaredHost is the first host written in dest that is neither
// loopback, nor on a site the plugin names, nor a service its name or
// description names (sessionsync.example for "Uploads session summaries
// to your SessionSync workspace": the user was told); "" when none.
func (r *reviewer) undeclaredHost(dest string) string {
	for _, m := range urlAuthority.FindAllStringSubmatch(dest, 16) {
		host := foreignHost("https://"+m[1], "", r.pluginSites)
		if host == "" {
			continue
		}
		if site := siteOf(host); site != "" {
			label, _, _ := strings.Cut(site, ".")
			if len(label) >= 4 && wordIndex(r.pluginText, label) >= 0 {
				continue
			}
		}
		return host
	}
	return ""
}
