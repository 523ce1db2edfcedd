package review

import (
	"cmp"
	"fmt"
	"strings"

	"github.com/skillstudio/skillstudio/formats/osloop"
)

// readManifest collects an OS Loop skill's declared hosts (sandbox
// networkRules, network permission scopes that name a host) and reports
// each capability it asks for in one plain sentence.
func (r *reviewer) readManifest() {
	r.declared.format = true
	r.reportIndexDuplicates()
	f := r.file("manifest.json")
	if f == nil {
		return
	}
	doc, err := osloop.ParseJSON([]byte(f.text))
	if err != nil || doc == nil || doc.Root == nil || doc.Root.Kind != osloop.KindObject {
		return
	}
	root := doc.Root
	if sb := root.Get("sandbox"); sb != nil {
		for _, rule := range items(sb.Get("networkRules")) {
			if host, ok := patternHost(str(rule.Get("urlPattern"))); ok {
				r.declared.connects = append(r.declared.connects, hostPattern{pattern: host, from: "sandbox.networkRules"})
			}
		}
	}
	for _, p := range items(root.Get("permissions")) {
		kind, scope := str(p.Get("kind")), str(p.Get("scope"))
		if kind == "network" && (strings.Contains(scope, ".") || strings.Contains(scope, "*")) {
			for _, s := range strings.FieldsFunc(scope, func(c rune) bool { return c == ',' || c == ' ' }) {
				if host, ok := patternHost(s); ok && strings.ContainsAny(host, ".*") {
					r.declared.connects = append(r.declared.connects, hostPattern{pattern: host, from: "permissions"})
				}
			}
		}
		r.capability(f, p.Start, permissionSentence(kind, scope, strs(p.Get("browserPermissions"))))
	}
	for _, b := range items(root.Get("requiredBindings")) {
		msg := fmt.Sprintf("needs the secret or setting %q at install", str(b.Get("name")))
		if s := str(b.Get("scope")); s != "" {
			msg += " (" + s + ")"
		}
		r.capability(f, b.Start, msg+"; the skill's code can read its value.")
	}
	for _, o := range items(root.Get("oauth")) {
		name := cmp.Or(str(o.Get("displayName")), str(o.Get("providerId")), "a provider")
		scopes := strs(o.Get("scopes"))
		msg := fmt.Sprintf("signs in to %s with OAuth", name)
		if len(scopes) > 0 {
			msg += " and may use the scopes " + strings.Join(scopes, ", ")
		}
		r.capability(f, o.Start, msg+" on the user's behalf.")
	}
	for _, u := range items(root.Get("llmUsage")) {
		msg := fmt.Sprintf("calls a language model for %q", str(u.Get("purposeId")))
		if k := str(u.Get("kind")); k != "" {
			msg += " (" + k + ")"
		}
		r.capability(f, u.Start, msg+", billed to the user's model account.")
	}
	for _, c := range items(root.Get("compatibilityRequirements")) {
		if s, ok := bridgeCapabilities[str(c)]; ok {
			r.capability(f, c.Start, s)
		}
	}
	if br := root.Get("bridgeRequirement"); br != nil && (br.Str == "required" || br.Str == "optional") {
		r.capability(f, br.Start, fmt.Sprintf("bridgeRequirement %q: the skill uses the OS Loop Bridge, which runs commands on the user's computer.", br.Str))
	}
	for _, m := range items(root.Get("requiredMcpServers")) {
		r.capability(f, m.Start, fmt.Sprintf("needs the MCP server %q and may call any of its tools.", str(m.Get("name"))))
	}
	for _, m := range items(root.Get("requiredMcpTools")) {
		r.capability(f, m.Start, fmt.Sprintf("calls the MCP tool %s of server %s.", str(m.Get("toolName")), str(m.Get("serverName"))))
	}
	for _, w := range items(root.Get("wasm")) {
		msg := fmt.Sprintf("runs the WebAssembly module %q", str(w.Get("moduleId")))
		if str(w.Get("sourceKind")) == "url" {
			msg += " downloaded from " + cmp.Or(str(w.Get("sourceUrl")), "a URL")
		}
		r.capability(f, w.Start, msg+": compiled code a reviewer cannot read.")
	}
}

func (r *reviewer) capability(f *source, off int, msg string) {
	r.report(f, off, "review/capability", msg, "")
}

func permissionSentence(kind, scope string, browser []string) string {
	what, ok := permissionKinds[kind]
	if !ok {
		what = fmt.Sprintf("asks for the %q permission.", kind)
	}
	if scope != "" {
		what = strings.TrimSuffix(what, ".") + fmt.Sprintf(" (scope: %s).", clip(scope, 80))
	}
	for _, b := range browser {
		if s, ok := browserPermissions[b]; ok {
			what += " " + s
		} else {
			what += fmt.Sprintf(" Browser permission %q.", b)
		}
	}
	return what
}

var permissionKinds = map[string]string{
	"network":      "may make network requests from the sandbox.",
	"storage":      "keeps data in a key-value store that persists between runs.",
	"vault":        "may read secrets from the user's vault.",
	"conversation": "may read and add to the conversation with the agent.",
	"llm":          "may call a language model, billed to the user.",
	"browser":      "may use browser features.",
	"wasm":         "may run WebAssembly modules.",
	"filesystem":   "may open, read and write files and folders the user picks.",
}

var browserPermissions = map[string]string{
	"clipboard-read":     "May read the clipboard.",
	"clipboard-write":    "May write the clipboard.",
	"notifications":      "May show notifications.",
	"geolocation":        "May read the device's location.",
	"camera":             "May use the camera.",
	"microphone":         "May use the microphone.",
	"storage-persistent": "May keep storage the browser would otherwise clear.",
}

var bridgeCapabilities = map[string]string{
	"system_tools":         "system_tools: may run commands and install tools on the user's computer through the Bridge (each asks for approval unless whitelisted).",
	"system_info":          "system_info: may read the computer's OS, architecture, shell and package managers.",
	"filesystem":           "filesystem: native access to the computer's files through the Bridge.",
	"mcp_proxy":            "mcp_proxy: may reach MCP servers through the Bridge.",
	"awake":                "awake: may keep the computer from sleeping.",
	"tool_install_recipes": "tool_install_recipes: may install tools from curated recipes.",
	"command_permissions":  "command_permissions: relies on the Bridge's command whitelist.",
}

func items(n *osloop.Node) []*osloop.Node {
	if n == nil || n.Kind != osloop.KindArray {
		return nil
	}
	return n.Items
}

func str(n *osloop.Node) string {
	if n == nil || n.Kind != osloop.KindString {
		return ""
	}
	return n.Str
}

func strs(n *osloop.Node) []string {
	var out []string
	for _, it := range items(n) {
		if s := str(it); s != "" {
			out = append(out, s)
		}
	}
	return out
}
