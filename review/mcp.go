package review

import (
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/skillstudio/skillstudio/formats/osloop"
)

// A Claude Code plugin may start MCP servers (.mcp.json at its root, or
// plugin.json's "mcpServers"): Claude Code starts each local one as a
// process when the plugin is enabled, and the agent may call its tools.
// The review lists each server (review/mcp-server, evidence); its command
// line is scanned like a hook's (the file is read as shell lines, so a
// download-and-run or a credential sent away there is found), and a
// package runner fetching a package with no version is
// review/unpinned-package.

// mcpServer is one entry of an MCP configuration.
type mcpServer struct {
	Command string
	Args    []string
	URL     string
}

// serverOf reads an entry as Claude Code does; ok is false when a field
// has the wrong type (its JSON is refused, and the server never starts).
func serverOf(n *osloop.Node) (s mcpServer, ok bool) {
	if n.Kind != osloop.KindObject {
		return s, false
	}
	str := func(key string, dst *string) bool {
		switch v := n.Get(key); {
		case v == nil || v.Kind == osloop.KindNull:
			return true
		case v.Kind == osloop.KindString:
			*dst = v.Str
			return true
		}
		return false
	}
	var kind string
	if !str("type", &kind) || !str("command", &s.Command) || !str("url", &s.URL) {
		return s, false
	}
	if a := n.Get("args"); a != nil && a.Kind != osloop.KindNull {
		if a.Kind != osloop.KindArray {
			return s, false
		}
		if s.Args = jsonStrings(a); s.Args == nil {
			return s, false // an argument that is no string
		}
	}
	return s, true
}

// maxMCPServers bounds the servers listed from one file.
const maxMCPServers = 50

// reportMCPServers lists the servers of an MCP configuration file.
func (r *reviewer) reportMCPServers(f *source) {
	eachServer(f, "mcpServers", func(m osloop.Member, s mcpServer) {
		name, off := m.Key, m.Value.Start
		switch {
		case s.Command != "":
			cmd := strings.TrimSpace(s.Command + " " + strings.Join(s.Args, " "))
			r.report(f, off, "review/mcp-server", fmt.Sprintf("%s starts the MCP server %q when it is enabled, running %q; the agent may call its tools.", r.thePlugin(), clip(name, 60), clip(cmd, 160)), "")
			r.reportUnpinned(f, off, "MCP server", name, s)
		case s.URL != "":
			r.report(f, off, "review/mcp-server", fmt.Sprintf("%s connects to the MCP server %q at %s when it is enabled; the agent may call its tools, sending it what they take.", r.thePlugin(), clip(name, 60), clip(s.URL, 160)), "")
		}
		r.reportMCPCredentials(f, "MCP server", name, s, m.Value)
	})
}

// eachServer calls fn for each server of a plugin JSON file: the object
// under key, or the file's top level (a .mcp.json or .lsp.json without
// the wrapper), at most maxMCPServers of them. A name written twice is
// one server, the last (JSON.parse keeps it).
func eachServer(f *source, key string, fn func(m osloop.Member, s mcpServer)) {
	servers := jsonObject(f.text)
	if v := servers.Get(key); v != nil && v.Kind == osloop.KindObject {
		servers = v
	}
	if servers == nil {
		return
	}
	last := make(map[string]int, len(servers.Members))
	for i, m := range servers.Members {
		last[m.Key] = i
	}
	for i, m := range servers.Members {
		if i == maxMCPServers {
			break
		}
		if s, ok := serverOf(m.Value); ok && last[m.Key] == i {
			fn(m, s)
		}
	}
}

// A server is handed values through "env" (a local one's environment)
// and "headers" (a remote one's requests). Claude Code expands ${VAR} and
// ${VAR:-default} there, in command, args and url (a bare $VAR is not
// expanded), so "${GITHUB_TOKEN}" gives the server the user's token.
// That is the point of a GitHub server; given to a server that is not
// the service's, the credential goes where its owner did not send it:
// over the network on every connection for a remote server
// (review/mcp-credential, a warning), into a process whose code decides
// what it does with it for a local one (review/mcp-env, evidence: one
// finding per server, naming every key). A value written into the file
// (a live token) is review/secret or review/secret-like, as anywhere in
// a skill. A language server's "env" (.lsp.json, lspServers) is read the
// same way: Claude Code starts it as a local process with that
// environment.
func (r *reviewer) reportMCPCredentials(f *source, what, name string, s mcpServer, n *osloop.Node) {
	remote := s.URL != "" && s.Command == ""
	var gifts []envGift
	for _, field := range []string{"env", "headers"} {
		obj := n.Get(field)
		if obj == nil || obj.Kind != osloop.KindObject {
			continue
		}
		for i, m := range obj.Members {
			if i == maxMCPServers || m.Value.Kind != osloop.KindString {
				break
			}
			gifts = append(gifts, r.mcpValue(f, what, name, s, field, m, remote)...)
		}
	}
	if remote && strings.Contains(s.URL, "${") {
		if u := n.Get("url"); u != nil {
			r.mcpVarSent(f, name, s, "its URL", s.URL, u.Start, true)
		}
	}
	r.reportEnvGifts(f, what, name, s, gifts)
}

// envGift is a named service's credential handed to a local server
// whose command line does not name that service.
type envGift struct {
	vr, owner, where string
	off              int
}

// reportEnvGifts reports a server's gifts as one review/mcp-env finding
// at the first, naming each (a server given five keys is one thing to
// check, not five).
func (r *reviewer) reportEnvGifts(f *source, what, name string, s mcpServer, gifts []envGift) {
	if len(gifts) == 0 {
		return
	}
	cmd := s.URL
	if s.Command != "" {
		cmd = strings.TrimSpace(s.Command + " " + strings.Join(s.Args, " "))
	}
	g := gifts[0]
	if len(gifts) == 1 {
		r.report(f, g.off, "review/mcp-env", fmt.Sprintf("the %s %q (%s) is given ${%s}, the user's credential for %s, in %s; its command line does not name that service, and what it does with the credential is in its code.", what, clip(name, 60), clip(cmd, 100), g.vr, g.owner, g.where), mcpCredentialHint)
		return
	}
	parts := make([]string, 0, len(gifts))
	for i, g := range gifts {
		if i == 8 {
			parts = append(parts, fmt.Sprintf("and %d more", len(gifts)-i))
			break
		}
		parts = append(parts, fmt.Sprintf("${%s} (%s, in %s)", g.vr, g.owner, g.where))
	}
	r.report(f, g.off, "review/mcp-env", fmt.Sprintf("the %s %q (%s) is given %d of the user's credentials: %s; its command line names none of those services, and what it does with them is in its code.", what, clip(name, 60), clip(cmd, 100), len(gifts), strings.Join(parts, ", ")), mcpCredentialHint)
}

// mcpValue judges one env or headers member of a server; it returns the
// credentials a local server is given (reportEnvGifts).
func (r *reviewer) mcpValue(f *source, what, name string, s mcpServer, field string, m osloop.Member, remote bool) []envGift {
	v := m.Value.Str
	if strings.Contains(v, "${") {
		where := fmt.Sprintf("%s %q", field, m.Key)
		gifts := r.mcpVarSent(f, name, s, where, v, m.Value.Start, field == "headers" && remote)
		// ${VAR:-default}: the default is written into the file.
		for _, ref := range varRefs(v) {
			if _, def, ok := strings.Cut(ref, ":-"); ok {
				r.mcpLiteral(f, what, name, field, m.Key, def, m.Value.Start)
			}
		}
		return gifts
	}
	r.mcpLiteral(f, what, name, field, m.Key, v, m.Value.Start)
	return nil
}

// mcpLiteral reports a random-looking value written into an env or
// headers member under a secret's name (a well-known format anywhere
// in the file is review/secret already).
func (r *reviewer) mcpLiteral(f *source, what, name, field, key, v string, off int) {
	v = strings.TrimSpace(v)
	for _, scheme := range []string{"Bearer ", "bearer ", "token ", "Token ", "Basic "} {
		v = strings.TrimPrefix(v, scheme)
	}
	lowerKey := strings.ToLower(key)
	secretKey := secretName.MatchString(key) || field == "headers" && containsAny(lowerKey, []string{"authorization", "api-key", "apikey", "x-auth"})
	for _, p := range secretFormats {
		if containsAny(v, p.hints) && p.re.MatchString(v) {
			return
		}
	}
	if !secretKey || !looksSecret(v) {
		return
	}
	r.mcpSecretAt[f.path+"\x00"+strconv.Itoa(off+1)] = true
	r.report(f, off+1, "review/secret-like", fmt.Sprintf("the %s %q is given a random-looking %d-character %s value written into the file (%s): %s", what, clip(name, 60), len(v), field, clip(key, 60), mask(v)),
		"If this is a real credential, revoke it and pass it as ${VAR} from the user's environment instead.")
}

// varRefs are the ${…} references of a value, without the braces.
func varRefs(v string) []string {
	var out []string
	for i := 0; len(out) < 16; {
		j := strings.Index(v[i:], "${")
		if j < 0 {
			break
		}
		i += j + 2
		k := strings.IndexByte(v[i:], '}')
		if k < 0 {
			break
		}
		out = append(out, v[i:i+k])
		i += k + 1
	}
	return out
}

// mcpVarSent reports a named service's credential variable sent to a
// remote server that is not that service's (sent), or returns those
// given to a local server whose command line does not name the service.
func (r *reviewer) mcpVarSent(f *source, name string, s mcpServer, where, v string, off int, sent bool) []envGift {
	var gifts []envGift
	for _, ref := range varRefs(v) {
		vr, _, _ := strings.Cut(ref, ":-")
		m := envSecretRef.FindStringSubmatch("${" + vr)
		if m == nil || m[1] != vr {
			continue
		}
		word, _, _ := strings.Cut(vr, "_")
		owners, ok := secretVarOwners[word]
		if !ok {
			continue
		}
		lower := strings.ToLower(word)
		if sent {
			host := foreignHost(s.URL, lower, owners)
			if host == "" {
				continue
			}
			r.report(f, off, "review/mcp-credential", fmt.Sprintf("the MCP server %q is sent ${%s}, the user's credential for %s, in %s, to %s, which is not that service's: Claude Code sends it on every connection.", clip(name, 60), vr, owners[0], where, host), mcpCredentialHint)
			continue
		}
		if namesService(s, lower, owners) {
			continue
		}
		gifts = append(gifts, envGift{vr: vr, owner: owners[0], where: where, off: off})
	}
	return gifts
}

const mcpCredentialHint = "Check that the server is that service's own (or that you mean it to act for you there); otherwise do not set the variable for it."

// namesService: the server's command line or URL names the service (its
// word, github, or the first label of one of its domains).
func namesService(s mcpServer, word string, owners []string) bool {
	line := strings.ToLower(s.Command + " " + strings.Join(s.Args, " ") + " " + s.URL)
	if len(word) >= 3 && strings.Contains(line, word) {
		return true
	}
	for _, d := range owners {
		label, _, _ := strings.Cut(d, ".")
		if strings.Contains(line, label) {
			return true
		}
	}
	return false
}

// reportUnpinned reports a server whose command runs a package with no
// version; what is "MCP server" or "language server".
func (r *reviewer) reportUnpinned(f *source, off int, what, name string, s mcpServer) {
	if pkg := unpinnedPackage(append([]string{s.Command}, s.Args...)); pkg != "" {
		r.report(f, off, "review/unpinned-package", fmt.Sprintf("the %s %q runs the package %q with no version: each start runs whatever the registry holds then.", what, clip(name, 60), clip(pkg, 80)), unpinnedHint)
	}
}

// reportLSPServers lists the language servers of a plugin's .lsp.json
// (server name → {command, args, extensionToLanguage, …}) or of
// plugin.json's inline "lspServers": Claude Code starts each as a process
// when a file of its languages is opened (plugins reference, "LSP
// servers").
func (r *reviewer) reportLSPServers(f *source) {
	eachServer(f, "lspServers", func(m osloop.Member, s mcpServer) {
		if s.Command == "" {
			return
		}
		cmd := strings.TrimSpace(s.Command + " " + strings.Join(s.Args, " "))
		r.report(f, m.Value.Start, "review/lsp-server", fmt.Sprintf("%s starts the language server %q when a file of its languages is opened, running %q.", r.thePlugin(), clip(m.Key, 60), clip(cmd, 160)), "")
		r.reportUnpinned(f, m.Value.Start, "language server", m.Key, s)
		r.reportMCPCredentials(f, "language server", m.Key, s, m.Value)
	})
}

const unpinnedHint = "Pin a version (npx -y pkg@1.2.3, uvx pkg==1.2.3) so what runs is what was reviewed."

// packageRunners fetch a package and run it: the word after which the
// package is named (pnpm dlx, yarn dlx, bun x).
var packageRunners = map[string]string{"npx": "", "bunx": "", "pnpx": "", "uvx": "", "pnpm": "dlx", "yarn": "dlx", "bun": "x", "pipx": "run"}

// unpinnedPackage returns the package a command line fetches and runs
// through a package runner with no version (or a moving tag such as
// @latest), or "". A local path is no package.
func unpinnedPackage(args []string) string {
	for i := 0; i < len(args); i++ {
		sub, ok := packageRunners[path.Base(args[i])]
		if !ok {
			continue
		}
		j := i + 1
		if sub != "" {
			if j >= len(args) || args[j] != sub {
				continue
			}
			j++
		}
		for ; j < len(args); j++ {
			a := args[j]
			switch {
			case a == "--from" || a == "-p" || a == "--package" || a == "--spec" || a == "--python":
				j++ // its value names the package source or an interpreter
				if a != "--python" && j < len(args) {
					return unpinnedSpec(args[j])
				}
				continue
			case strings.HasPrefix(a, "--package=") || strings.HasPrefix(a, "--from="):
				_, v, _ := strings.Cut(a, "=")
				return unpinnedSpec(v)
			case strings.HasPrefix(a, "-"):
				continue
			}
			return unpinnedSpec(a)
		}
	}
	return ""
}

// unpinnedSpec: a package spec with no fixed version (name, name@latest,
// @scope/name), or "" when pinned or not a registry package at all.
func unpinnedSpec(spec string) string {
	if spec == "" || strings.ContainsAny(spec[:1], "./~$\"'") || strings.Contains(spec, "://") || strings.HasPrefix(spec, "git+") || strings.Contains(spec, "==") {
		return ""
	}
	name, version := spec, ""
	if at := strings.LastIndexByte(spec, '@'); at > 0 {
		name, version = spec[:at], spec[at+1:]
	}
	switch version {
	case "", "latest", "next", "*":
		return name
	}
	return ""
}
