package review

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/dustin/go-humanize"

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
	if IsPlugin(s) {
		return "" // the plugin itself, reviewed on its own
	}
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
	if info, err := fs.Stat(fsys, manifest); (err != nil || info.IsDir()) && len(marketplacesOf(fsys, root, new(int(maxFileBytes)))) == 0 {
		return nil // no plugin: neither a manifest nor a marketplace entry
	}
	r := newReviewer(&model.Skill{Format: model.FormatSkillMD}, fsys)
	r.plugin = true
	r.readPluginHooks(root, manifest)
	r.scan()
	return r.out
}

// readPluginHooks adds the plugin's hooks — hooks/hooks.json, and what
// plugin.json's "hooks" holds inline or names — marked to be scanned as
// commands, its MCP servers (.mcp.json, plugin.json's "mcpServers") and
// language servers (.lsp.json, plugin.json's "lspServers"), and the
// plugin files those commands name.
// Claude Code loads hooks/hooks.json by itself and, besides, the files
// plugin.json's "hooks" names (a path or a list of paths) or the hooks
// it holds inline.
func (r *reviewer) readPluginHooks(root, manifest string) {
	n := len(r.files)
	configs := map[string]bool{} // plugin paths read as hook, MCP or LSP config
	mark := func(f *source, key string) {
		f.hookConfig, f.mcpConfig, f.lspConfig = key == "hooks", key == "mcpServers", key == "lspServers"
	}
	addConfig := func(p, key string) {
		p = path.Clean(p)
		if configs[p] || strings.HasPrefix(p, "..") || path.IsAbs(p) || len(configs) >= maxPluginHookFiles {
			return
		}
		configs[p] = true
		full, rel := path.Join(root, p), "../../"+p
		k := len(r.files)
		if r.add(full, rel); len(r.files) > k {
			mark(r.files[k], key)
			r.reportDuplicateKeys(r.files[k].path, r.files[k].text, "Claude Code", nil)
			r.reportUnreadConfig(r.files[k])
			return
		}
		r.reportUnreadConfig(newSource(full, rel, ""))
	}
	addConfig("hooks/hooks.json", "hooks")
	addConfig(".mcp.json", "mcpServers")
	addConfig(".lsp.json", "lspServers")
	// Only a manifest's hooks and servers are commands: its description
	// may quote an install line it does not run. The manifests are
	// plugin.json and the marketplace entries listing this folder.
	inline := func(file, text string, obj *osloop.Node) {
		for _, key := range []string{"hooks", "mcpServers", "lspServers"} {
			v := obj.Get(key)
			if v == nil {
				continue
			}
			if v.Kind != osloop.KindObject {
				for _, p := range jsonStrings(v) {
					addConfig(strings.TrimPrefix(strings.ReplaceAll(p, "${CLAUDE_PLUGIN_ROOT}", "."), "./"), key)
				}
				continue
			}
			// One source per member, the rest blanked: positions stay
			// those of the manifest, and a server's "command" is no hook's.
			kept := []byte(text)
			blank(kept, 0, len(kept))
			copy(kept[v.Start:v.End], text[v.Start:v.End])
			src := newSource(file, "../../.claude-plugin/"+path.Base(file), string(kept))
			mark(src, key)
			r.files = append(r.files, src)
		}
	}
	var manifests []*osloop.Node
	r.reportMarketplaceDuplicates(root)
	if text, ok := readText(r.fsys, manifest, &r.budget); ok {
		r.reportDuplicateKeys(manifest, text, "Claude Code", nil)
		if obj := jsonObject(text); obj != nil {
			inline(manifest, text, obj)
			manifests = append(manifests, obj)
		}
	}
	for _, mf := range marketplacesOf(r.fsys, root, &r.budget) {
		for _, e := range mf.entries {
			inline(mf.path, mf.text, e)
			manifests = append(manifests, e)
		}
	}
	r.readPluginDocs(root, manifests)
	for _, m := range manifests {
		r.declarePluginHosts(m)
	}
	seen := map[string]bool{}
	for _, f := range r.files[n:] {
		for _, m := range pluginRootRef.FindAllStringSubmatch(f.text, -1) {
			p := path.Clean(m[1])
			if seen[p] || configs[p] || strings.HasPrefix(p, "..") || strings.HasPrefix(p, "skills/") || len(seen) >= maxPluginHookFiles {
				continue // outside the plugin, or a skill's own file (read already)
			}
			seen[p] = true
			k := len(r.files)
			if r.add(path.Join(root, p), "../../"+p); len(r.files) > k {
				r.files[k].hookRun = f.hookConfig
			}
		}
	}
}

// maxPluginDocs bounds the command and agent files read for one plugin.
const maxPluginDocs = 100

// readPluginDocs adds the plugin's slash commands and agents: the
// Markdown of commands/ and agents/ (and of the files or folders
// plugin.json's "commands" and "agents" name), which Claude Code loads
// with the plugin. A command's text is the agent's prompt when it is
// invoked, and its !`command`s run then; an agent's is a subagent's
// system prompt. Both are read as a SKILL.md body is.
func (r *reviewer) readPluginDocs(root string, manifests []*osloop.Node) {
	type dir struct {
		p       string
		command bool
	}
	dirs := []dir{{"commands", true}, {"agents", false}}
	for _, obj := range manifests {
		for _, key := range []string{"commands", "agents"} {
			if v := obj.Get(key); v != nil {
				for _, p := range jsonStrings(v) {
					dirs = append(dirs, dir{strings.TrimPrefix(strings.ReplaceAll(p, "${CLAUDE_PLUGIN_ROOT}", "."), "./"), key == "commands"})
				}
			}
		}
	}
	seen := map[string]bool{}
	for _, d := range dirs {
		p := path.Clean(d.p)
		if strings.HasPrefix(p, "..") || path.IsAbs(p) || p == "." {
			continue
		}
		_ = fs.WalkDir(r.fsys, path.Join(root, p), func(fp string, e fs.DirEntry, err error) error {
			if err != nil || len(seen) >= maxPluginDocs {
				return fs.SkipDir
			}
			if e.IsDir() {
				if strings.HasPrefix(e.Name(), ".") || e.Name() == "node_modules" {
					return fs.SkipDir
				}
				return nil
			}
			if seen[fp] || !strings.EqualFold(path.Ext(fp), ".md") {
				return nil
			}
			seen[fp] = true
			k := len(r.files)
			if r.add(fp, "../../"+strings.TrimPrefix(fp, root+"/")); len(r.files) > k {
				r.files[k].slashCommand = d.command
			}
			return nil
		})
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
			r.report(f, m[4], "review/hook", fmt.Sprintf("%s sends a model the prompt %q %s, whose answer can block or steer the agent, without the agent choosing to%s.", r.thePlugin(), clip(text, 160), when, r.unused()), "")
			continue
		}
		r.report(f, m[4], "review/hook", fmt.Sprintf("%s runs %q %s, without the agent choosing to%s.", r.thePlugin(), clip(text, 160), when, r.unused()), "")
		if pkg := unpinnedPackage(strings.Fields(text)); pkg != "" {
			r.report(f, m[4], "review/unpinned-package", fmt.Sprintf("the plugin's hook runs the package %q with no version: each event runs whatever the registry holds then.", clip(pkg, 80)), unpinnedHint)
		}
	}
}

// thePlugin names the plugin in a finding: the one the reviewed skill
// ships in, or the plugin reviewed on its own.
func (r *reviewer) thePlugin() string {
	if r.pluginOnly {
		return "the plugin"
	}
	return "the plugin this skill ships in"
}

func (r *reviewer) unused() string {
	if r.pluginOnly {
		return ", whether or not its commands are used"
	}
	return ", whether or not the skill is used"
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

// reportUnreadConfig reports a plugin config Claude Code loads that the
// review did not read whole (f holds what was read): padded past the
// per-file read, or kept behind a link out of the source, its commands
// would otherwise pass unseen under "nothing to flag". A file that is not
// there is not reported.
func (r *reviewer) reportUnreadConfig(f *source) {
	if f.text != "" && len(f.text) < maxFileBytes && r.budget > 0 {
		return // the read stopped before its limit: at the end of the file
	}
	why := ""
	info, err := fs.Stat(r.fsys, f.path)
	switch {
	case err == nil && info.IsDir():
		return
	case err == nil && info.Size() > int64(len(f.text)) && f.text != "":
		why = fmt.Sprintf("only its first %s of %s were read", humanize.IBytes(uint64(len(f.text))), humanize.IBytes(uint64(info.Size())))
	case err == nil && f.text == "" && info.Size() > 0:
		why = "it was not read (binary, or the skill's read budget was spent)"
	case err != nil && listed(r.fsys, f.path):
		why = "it is a link leading outside the reviewed source, or not a regular file, and was not read"
	default:
		return
	}
	r.report(f, 0, "review/unread-plugin-config", fmt.Sprintf("%s is loaded by Claude Code with the plugin, but %s: the commands it holds were not reviewed", path.Base(f.path), why),
		"Review the file itself; a hook config has no reason to be this large or to live outside its plugin.")
}

// listed reports whether name is an entry of its folder, whatever it is.
func listed(fsys fs.FS, name string) bool {
	entries, err := fs.ReadDir(fsys, path.Dir(name))
	if err != nil {
		return false
	}
	for _, e := range entries {
		if e.Name() == path.Base(name) {
			return true
		}
	}
	return false
}
