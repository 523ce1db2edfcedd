package review

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/skillstudio/skillstudio/internal/lazyre"
)

// A skill shipped in a Claude Code plugin (<plugin>/skills/<name> beside
// <plugin>/.claude-plugin/plugin.json) installs with the plugin, and
// Claude Code runs the plugin's hooks (<plugin>/hooks/hooks.json) on every
// matching event once it is enabled: a SessionStart hook that installs a
// cron job runs whether or not the skill is ever used. The review reads
// that file and the plugin files its commands run (${CLAUDE_PLUGIN_ROOT}/…)
// as part of each of the plugin's skills.
var (
	pluginRootRef = lazyre.New(`\$\{?CLAUDE_PLUGIN_ROOT\}?/([A-Za-z0-9._/-]+)`)
	hookHandler   = lazyre.New(`"(command|prompt)"\s*:\s*"((?:[^"\\\n]|\\.)*)"`)
	hookEvent     = lazyre.New(`"(SessionStart|SessionEnd|PreToolUse|PostToolUse|UserPromptSubmit|Stop|SubagentStop|SubagentStart|Notification|PreCompact|PermissionRequest)"`)
)

// maxPluginHookFiles bounds the plugin files read for one skill.
const maxPluginHookFiles = 20

// readPluginHooks adds the plugin's hooks files, marked to be scanned as
// commands, and the plugin files those commands name. Claude Code loads
// hooks/hooks.json by itself and, besides, the files plugin.json's "hooks"
// names (a path or a list of paths) or the hooks it holds inline.
func (r *reviewer) readPluginHooks() {
	parent := path.Dir(r.skill.Location.Dir)
	if path.Base(parent) != "skills" || r.skill.Location.Dir == "" {
		return
	}
	root := path.Dir(parent)
	manifest := path.Join(root, ".claude-plugin", "plugin.json")
	if info, err := fs.Stat(r.fsys, manifest); err != nil || info.IsDir() {
		return
	}
	n := len(r.files)
	r.add(path.Join(root, "hooks", "hooks.json"), "../../hooks/hooks.json")
	read := map[string]bool{"hooks/hooks.json": true}
	for _, p := range manifestHooks(r.fsys, manifest) {
		if p == "" { // inline: the manifest is the hooks file
			r.add(manifest, "../../.claude-plugin/plugin.json")
			continue
		}
		if p = path.Clean(strings.TrimPrefix(p, "./")); !read[p] && !strings.HasPrefix(p, "..") && !path.IsAbs(p) && len(read) < maxPluginHookFiles {
			read[p] = true
			r.add(path.Join(root, p), "../../"+p)
		}
	}
	seen := map[string]bool{}
	for _, hooks := range r.files[n:] {
		hooks.hookConfig = true
	}
	for _, hooks := range r.files[n:] {
		for _, m := range pluginRootRef.FindAllStringSubmatch(hooks.text, -1) {
			p := path.Clean(m[1])
			if seen[p] || read[p] || strings.HasPrefix(p, "..") || strings.HasPrefix(p, "skills/") || len(seen) >= maxPluginHookFiles {
				continue // outside the plugin, a hooks file, or a skill's own file (read already)
			}
			seen[p] = true
			r.add(path.Join(root, p), "../../"+p)
		}
	}
}

// manifestHooks are the hooks files plugin.json's "hooks" names, relative
// to the plugin, with "" for hooks written inline.
func manifestHooks(fsys fs.FS, manifest string) []string {
	data, err := fs.ReadFile(fsys, manifest)
	if err != nil || len(data) > 1<<20 {
		return nil
	}
	var m struct {
		Hooks json.RawMessage `json:"hooks"`
	}
	if json.Unmarshal(data, &m) != nil || len(m.Hooks) == 0 {
		return nil
	}
	var one string
	if json.Unmarshal(m.Hooks, &one) == nil {
		if one == "" {
			return nil
		}
		return []string{one}
	}
	var many []string
	if json.Unmarshal(m.Hooks, &many) == nil {
		return slices.DeleteFunc(many, func(p string) bool { return p == "" })
	}
	if m.Hooks[0] == '{' {
		return []string{""}
	}
	return nil
}

// reportPluginHooks lists each command of the plugin's hooks file, as
// review/hook does for a SKILL.md's own hooks, and each prompt hook: its
// text goes to a model on the event, whose answer can block or steer the
// agent (a Stop prompt hook can keep it working), as unasked as a command.
func (r *reviewer) reportPluginHooks(f *source) {
	for _, m := range hookHandler.Regexp().FindAllStringSubmatchIndex(f.text, -1) {
		text := jsonText(f.text[m[4]:m[5]])
		when := "on its events"
		if evs := hookEvent.FindAllStringSubmatch(f.text[:m[0]], -1); len(evs) > 0 {
			when = "on " + evs[len(evs)-1][1]
		}
		msg := fmt.Sprintf("the plugin this skill ships in runs %q %s, without the agent choosing to, whether or not the skill is used.", clip(text, 160), when)
		if f.text[m[2]:m[3]] == "prompt" {
			msg = fmt.Sprintf("the plugin this skill ships in sends a model the prompt %q %s, whose answer can block or steer the agent, without the agent choosing to, whether or not the skill is used.", clip(text, 160), when)
		}
		r.report(f, m[4], "review/hook", msg, "")
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
