package review

import (
	"fmt"
	"path"
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
	servers := jsonObject(f.text)
	if v := servers.Get("mcpServers"); v != nil && v.Kind == osloop.KindObject {
		servers = v
	}
	if servers == nil {
		return
	}
	// A name written twice is one server, the last (JSON.parse keeps it).
	last := make(map[string]int, len(servers.Members))
	for i, m := range servers.Members {
		last[m.Key] = i
	}
	for i, m := range servers.Members {
		if i == maxMCPServers {
			break
		}
		s, ok := serverOf(m.Value)
		if !ok || last[m.Key] != i {
			continue
		}
		name, off := m.Key, m.Value.Start
		switch {
		case s.Command != "":
			cmd := strings.TrimSpace(s.Command + " " + strings.Join(s.Args, " "))
			r.report(f, off, "review/mcp-server", fmt.Sprintf("the plugin this skill ships in starts the MCP server %q when it is enabled, running %q; the agent may call its tools.", clip(name, 60), clip(cmd, 160)), "")
			if pkg := unpinnedPackage(append([]string{s.Command}, s.Args...)); pkg != "" {
				r.report(f, off, "review/unpinned-package", fmt.Sprintf("the MCP server %q runs the package %q with no version: each start runs whatever the registry holds then.", clip(name, 60), clip(pkg, 80)), unpinnedHint)
			}
		case s.URL != "":
			r.report(f, off, "review/mcp-server", fmt.Sprintf("the plugin this skill ships in connects to the MCP server %q at %s when it is enabled; the agent may call its tools, sending it what they take.", clip(name, 60), clip(s.URL, 160)), "")
		}
	}
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
