package formats

import (
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/skillstudio/skillstudio/formats/osloop"
)

// A plugin's component paths each name one kind of thing: skills a folder
// (of skill folders, or one skill), commands, agents and output styles a
// Markdown file or a folder of them, hooks, MCP and LSP servers a JSON
// file. A path of the wrong kind is accepted by the manifest's schema and
// then loads nothing, or, for hooks, fails the whole plugin.

// pathKind is what a component field's paths must name.
type pathKind struct {
	key     string
	folder  bool   // a folder is right
	file    string // a file is right when its name ends so ("" = no file)
	anyFile bool   // any file is right (a JSON config, whatever its name)
	// broken: a path of the wrong kind fails the plugin's load, not just
	// the component (the hook loader reads the path as a file and the
	// plugin shows "failed to load").
	broken bool
	what   string // what the field holds, for the message
}

var pathKinds = []pathKind{
	{key: "skills", folder: true, file: "/SKILL.md", what: "a folder of skill folders (<name>/SKILL.md) or one skill folder"},
	{key: "commands", folder: true, file: ".md", what: "a Markdown command file or a folder of them"},
	{key: "agents", folder: true, file: ".md", what: "a Markdown agent file or a folder of them"},
	{key: "outputStyles", folder: true, file: ".md", what: "a Markdown output style or a folder of them"},
	{key: "hooks", anyFile: true, broken: true, what: "a hooks JSON file (or the hooks object itself)"},
	{key: "mcpServers", anyFile: true, what: "an MCP servers JSON file (or the servers object itself)"},
	{key: "lspServers", anyFile: true, what: "an LSP servers JSON file (or the servers object itself)"},
}

// checkPathKinds checks the component paths of the plugin at root that
// owner (its plugin.json, or its marketplace entry) names, each against
// the kind its field takes. Missing and escaping paths are left to the
// skills rules and the schema.
func (c *pluginCheck) checkPathKinds(root string, m jsonFile, owner *osloop.Node) {
	c.noteHooksNamed(root, owner.Get("hooks"))
	for _, k := range pathKinds {
		v := owner.Get(k.key)
		if v == nil {
			continue
		}
		items := []*osloop.Node{v}
		if v.Kind == osloop.KindArray {
			items = v.Items
		}
		for i, it := range items {
			if i >= maxSkillsEntries {
				break
			}
			if it.Kind != osloop.KindString {
				continue // an inline object, or the schema's to name
			}
			rel, ok := localPath(it.Str)
			if !ok || rel == "." {
				continue
			}
			info, err := fs.Stat(c.fsys, path.Join(root, rel))
			if err != nil {
				continue
			}
			if k.key == "hooks" && isDefaultHooksFile(rel) && !info.IsDir() {
				c.at("library/plugin-hooks-duplicate", m, it, fmt.Sprintf("hooks names %q, the hooks file Claude Code already loads from every plugin, so it reports \"Duplicate hooks file detected\" for this plugin on every start (the hooks still run, once)", it.Str),
					"Drop the hooks key (hooks/hooks.json is loaded without it); list only additional hook files there.")
				continue
			}
			c.checkKind(k, m, it, info.IsDir())
		}
	}
}

// isDefaultHooksFile reports whether the cleaned relative path rel is
// hooks/hooks.json, which Claude Code loads from each plugin unasked.
// Its duplicate check compares resolved files, so the spelling of the
// path in the manifest (./, ${CLAUDE_PLUGIN_ROOT}/, backslashes) does
// not matter; localPath has already taken those off.
func isDefaultHooksFile(rel string) bool {
	return rel == "hooks/hooks.json"
}

func (c *pluginCheck) checkKind(k pathKind, m jsonFile, it *osloop.Node, isDir bool) {
	var got string
	switch {
	case isDir && !k.folder:
		got = "a folder"
	case isDir:
		return
	case k.anyFile:
		return
	case k.file != "" && strings.HasSuffix(strings.ToLower("/"+path.Clean(it.Str)), strings.ToLower(k.file)):
		return
	case k.file == ".md":
		got = "a file that is not Markdown (.md)"
	default:
		got = "a file, not a folder"
	}
	effect := "Claude Code loads nothing from it, while the rest of the plugin works"
	if k.broken {
		effect = "Claude Code reads it as a file, fails, and marks the whole plugin \"failed to load\""
	}
	rule := "library/plugin-path-kind"
	if k.broken {
		rule = "library/plugin-hooks-path-kind"
	}
	c.at(rule, m, it, fmt.Sprintf("%s path %q is %s; %s takes %s, so %s", k.key, it.Str, got, k.key, k.what, effect),
		pathKindHint(k))
}

func pathKindHint(k pathKind) string {
	switch k.key {
	case "skills":
		return "Name the folder that holds the skill (the one with SKILL.md), or the folder of skill folders, not a file inside it."
	case "hooks":
		return "Name the hooks JSON file (\"./hooks/extra.json\"), or drop the key: hooks/hooks.json is loaded without it."
	case "mcpServers", "lspServers":
		return "Name the JSON file that holds the servers (\"./.mcp.json\"), or write the servers object inline."
	}
	return "Name a .md file or a folder of them, relative to the plugin root."
}
