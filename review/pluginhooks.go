package review

import (
	"fmt"
	"io/fs"
	"path"
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
	hookCommand   = lazyre.New(`"command"\s*:\s*"((?:[^"\\\n]|\\.)*)"`)
	hookEvent     = lazyre.New(`"(SessionStart|SessionEnd|PreToolUse|PostToolUse|UserPromptSubmit|Stop|SubagentStop|SubagentStart|Notification|PreCompact|PermissionRequest)"`)
)

// maxPluginHookFiles bounds the plugin files read for one skill.
const maxPluginHookFiles = 20

// readPluginHooks adds the plugin's hooks file, marked to be scanned as
// commands, and the plugin files those commands name.
func (r *reviewer) readPluginHooks() {
	parent := path.Dir(r.skill.Location.Dir)
	if path.Base(parent) != "skills" || r.skill.Location.Dir == "" {
		return
	}
	root := path.Dir(parent)
	if info, err := fs.Stat(r.fsys, path.Join(root, ".claude-plugin", "plugin.json")); err != nil || info.IsDir() {
		return
	}
	n := len(r.files)
	r.add(path.Join(root, "hooks", "hooks.json"), "../../hooks/hooks.json")
	if len(r.files) == n {
		return
	}
	hooks := r.files[n]
	hooks.hookConfig = true
	seen := map[string]bool{}
	for _, m := range pluginRootRef.FindAllStringSubmatch(hooks.text, -1) {
		p := path.Clean(m[1])
		if seen[p] || strings.HasPrefix(p, "..") || strings.HasPrefix(p, "skills/") || len(seen) >= maxPluginHookFiles {
			continue // outside the plugin, or a skill's own file (read already)
		}
		seen[p] = true
		r.add(path.Join(root, p), "../../"+p)
	}
}

// reportPluginHooks lists each command of the plugin's hooks file, as
// review/hook does for a SKILL.md's own hooks.
func (r *reviewer) reportPluginHooks(f *source) {
	// The event a command runs on is the last event name before it: one
	// forward pass over both lists (searching the text before each command
	// again took 30 s for a 200 KB file of 5,000 commands).
	evs := hookEvent.Regexp().FindAllStringSubmatchIndex(f.text, -1)
	next := 0
	when := "on its events"
	for _, m := range hookCommand.Regexp().FindAllStringSubmatchIndex(f.text, -1) {
		for next < len(evs) && evs[next][1] <= m[0] {
			when = "on " + f.text[evs[next][2]:evs[next][3]]
			next++
		}
		cmd := strings.ReplaceAll(f.text[m[2]:m[3]], `\"`, `"`)
		r.report(f, m[2], "review/hook", fmt.Sprintf("the plugin this skill ships in runs %q %s, without the agent choosing to, whether or not the skill is used.", clip(cmd, 160), when), "")
	}
}
