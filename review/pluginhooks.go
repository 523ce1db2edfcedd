package review

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/skillstudio/skillstudio/formats/osloop"
	"github.com/skillstudio/skillstudio/internal/lazyre"
	"github.com/skillstudio/skillstudio/model"
)

// A skill shipped in a Claude Code plugin (<plugin>/skills/<name> beside
// <plugin>/.claude-plugin/plugin.json) installs with the plugin, and
// Claude Code runs the plugin's hooks (<plugin>/hooks/hooks.json) on every
// matching event once it is enabled: a SessionStart hook that installs a
// cron job runs whether or not the skill is ever used. The review reads
// that file (or the hooks plugin.json holds or names), its MCP servers,
// and the plugin files their commands run (${CLAUDE_PLUGIN_ROOT}/…) as
// part of each of the plugin's skills.
var (
	pluginRootRef = lazyre.New(`\$\{?CLAUDE_PLUGIN_ROOT\}?/([A-Za-z0-9._/-]+)`)
	hookHandler   = lazyre.New(`"(command|prompt)"\s*:\s*"((?:[^"\\\n]|\\.)*)"`)
	hookEvent     = lazyre.New(`"(SessionStart|SessionEnd|PreToolUse|PostToolUse|UserPromptSubmit|Stop|SubagentStop|SubagentStart|Notification|PreCompact|PermissionRequest)"`)
)

// maxPluginHookFiles bounds the plugin files read for one plugin.
const maxPluginHookFiles = 20

// pluginRoot is the root of the Claude Code plugin s ships in
// (<root>/skills/<name> beside <root>/.claude-plugin/plugin.json), or ""
// when it ships in none. The manifest is looked at in reviewPlugin.
func pluginRoot(s *model.Skill) string {
	parent := path.Dir(s.Location.Dir)
	if path.Base(parent) != "skills" || s.Location.Dir == "" {
		return ""
	}
	return path.Dir(parent)
}

// reviewPlugin reviews the plugin at root on its own: its files' findings
// depend on nothing of the skill (a SKILL.md declares no hosts), so every
// skill of the plugin can share them. It has its own byte budget, so what
// is read of the plugin does not depend on which skill asked first.
func reviewPlugin(fsys fs.FS, root string) []model.Diagnostic {
	manifest := path.Join(root, ".claude-plugin", "plugin.json")
	if info, err := fs.Stat(fsys, manifest); err != nil || info.IsDir() {
		return nil
	}
	r := newReviewer(&model.Skill{Format: model.FormatSkillMD}, fsys)
	r.readPluginHooks(root, manifest)
	r.scan()
	return r.out
}

// readPluginHooks adds the plugin's hooks — hooks/hooks.json, and what
// plugin.json's "hooks" holds inline or names — marked to be scanned as
// commands, its MCP servers (.mcp.json, plugin.json's "mcpServers"), and
// the plugin files those commands name.
// Claude Code loads hooks/hooks.json by itself and, besides, the files
// plugin.json's "hooks" names (a path or a list of paths) or the hooks
// it holds inline.
func (r *reviewer) readPluginHooks(root, manifest string) {
	n := len(r.files)
	configs := map[string]bool{} // plugin paths read as hook or MCP config
	addConfig := func(p string, mcp bool) {
		p = path.Clean(p)
		if configs[p] || strings.HasPrefix(p, "..") || path.IsAbs(p) || len(configs) >= maxPluginHookFiles {
			return
		}
		configs[p] = true
		k := len(r.files)
		if r.add(path.Join(root, p), "../../"+p); len(r.files) > k {
			r.files[k].hookConfig, r.files[k].mcpConfig = !mcp, mcp
		}
	}
	addConfig("hooks/hooks.json", false)
	addConfig(".mcp.json", true)
	if text, ok := readText(r.fsys, manifest, &r.budget); ok {
		// Only the manifest's hooks and servers are commands: its
		// description may quote an install line it does not run.
		obj := jsonObject(text)
		for _, key := range []string{"hooks", "mcpServers"} {
			v := obj.Get(key)
			if v == nil {
				continue
			}
			if v.Kind != osloop.KindObject {
				for _, p := range jsonStrings(v) {
					addConfig(strings.TrimPrefix(strings.ReplaceAll(p, "${CLAUDE_PLUGIN_ROOT}", "."), "./"), key == "mcpServers")
				}
				continue
			}
			// One source per member, the rest blanked: positions stay
			// those of plugin.json, and a server's "command" is no hook's.
			kept := []byte(text)
			blank(kept, 0, len(kept))
			copy(kept[v.Start:v.End], text[v.Start:v.End])
			src := newSource(manifest, "../../.claude-plugin/plugin.json", string(kept))
			src.hookConfig, src.mcpConfig = key == "hooks", key == "mcpServers"
			r.files = append(r.files, src)
		}
	}
	seen := map[string]bool{}
	for _, f := range r.files[n:] {
		for _, m := range pluginRootRef.FindAllStringSubmatch(f.text, -1) {
			p := path.Clean(m[1])
			if seen[p] || configs[p] || strings.HasPrefix(p, "..") || strings.HasPrefix(p, "skills/") || len(seen) >= maxPluginHookFiles {
				continue // outside the plugin, or a skill's own file (read already)
			}
			seen[p] = true
			r.add(path.Join(root, p), "../../"+p)
		}
	}
}

// jsonObject reads a plugin's JSON file (plugin.json, .mcp.json) with the
// byte-offset reader of OS Loop's files, so findings keep their places;
// nil when it is not one JSON object (Claude Code's JSON.parse rejects
// such a file and runs nothing of it).
func jsonObject(text string) *osloop.Node {
	doc, err := osloop.ParseJSON([]byte(text))
	if err != nil || doc.Root == nil || doc.Root.Kind != osloop.KindObject {
		return nil
	}
	return doc.Root
}

// jsonStrings reads a JSON string or array of strings ("./x.json",
// ["./a.json", "./b.json"]); anything else gives none.
func jsonStrings(n *osloop.Node) []string {
	switch n.Kind {
	case osloop.KindString:
		return []string{n.Str}
	case osloop.KindArray:
		out := make([]string, 0, len(n.Items))
		for _, it := range n.Items {
			if it.Kind != osloop.KindString {
				return nil
			}
			out = append(out, it.Str)
		}
		return out
	}
	return nil
}

// reportPluginHooks lists each command of the plugin's hooks file, as
// review/hook does for a SKILL.md's own hooks, and each prompt hook: its
// text goes to a model on the event, whose answer can block or steer the
// agent (a Stop prompt hook can keep it working), as unasked as a command.
func (r *reviewer) reportPluginHooks(f *source) {
	// The event a handler runs on is the last event name before it: one
	// forward pass over both lists (searching the text before each command
	// again took 30 s for a 200 KB file of 5,000 commands).
	evs := hookEvent.Regexp().FindAllStringSubmatchIndex(f.text, -1)
	next := 0
	when := "on its events"
	for _, m := range hookHandler.Regexp().FindAllStringSubmatchIndex(f.text, -1) {
		for next < len(evs) && evs[next][1] <= m[0] {
			when = "on " + f.text[evs[next][2]:evs[next][3]]
			next++
		}
		text := jsonText(f.text[m[4]:m[5]])
		if f.text[m[2]:m[3]] == "prompt" {
			r.report(f, m[4], "review/hook", fmt.Sprintf("the plugin this skill ships in sends a model the prompt %q %s, whose answer can block or steer the agent, without the agent choosing to, whether or not the skill is used.", clip(text, 160), when), "")
			continue
		}
		r.report(f, m[4], "review/hook", fmt.Sprintf("the plugin this skill ships in runs %q %s, without the agent choosing to, whether or not the skill is used.", clip(text, 160), when), "")
		if pkg := unpinnedPackage(strings.Fields(text)); pkg != "" {
			r.report(f, m[4], "review/unpinned-package", fmt.Sprintf("the plugin's hook runs the package %q with no version: each event runs whatever the registry holds then.", clip(pkg, 80)), unpinnedHint)
		}
	}
}

// jsonText decodes a JSON string's body; one that does not decode is
// shown as written.
func jsonText(raw string) string {
	var s string
	if json.Unmarshal([]byte(`"`+raw+`"`), &s) != nil {
		return raw
	}
	return s
}
