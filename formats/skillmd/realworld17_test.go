package skillmd

import (
	"slices"
	"testing"
)

// TestPluginRootSkillFiles: a skill folder that is also a Claude Code
// plugin's root (.claude-plugin/plugin.json beside SKILL.md, the manifest
// listing "skills": ["./"]) holds hooks, commands and agents that Claude
// Code loads itself, and scripts those run through ${CLAUDE_PLUGIN_ROOT}:
// none needs a mention in SKILL.md. The same files without a plugin
// manifest, and a script nothing runs, are still unreferenced.
func TestPluginRootSkillFiles(t *testing.T) {
	files := map[string]string{
		"SKILL.md":                   md("", "\n# Disk watch\n\nRun `df -h` first.\n"),
		"hooks/hooks.json":           `{"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"${CLAUDE_PLUGIN_ROOT}/scripts/refresh.sh"}]}]}}`,
		"commands/clean.md":          "---\ndescription: List clean-up candidates\n---\nRun ${CLAUDE_PLUGIN_ROOT}/scripts/candidates.sh\n",
		"agents/janitor.md":          "---\nname: janitor\ndescription: Lists large folders\n---\nBe careful.\n",
		"scripts/refresh.sh":         "#!/bin/sh\necho refresh\n",
		"scripts/candidates.sh":      "#!/bin/sh\ndu -sh /var/*\n",
		"scripts/forgotten.sh":       "#!/bin/sh\necho nobody runs me\n",
		".claude-plugin/plugin.json": `{"name":"demo-skill","skills":["./"]}`,
	}
	unreferenced := func(files map[string]string) []string {
		var out []string
		for _, d := range findings(loadCase(files, ""), "skillmd/unreferenced-file") {
			out = append(out, d.File)
		}
		slices.Sort(out)
		return out
	}
	if got, want := unreferenced(files), []string{skillDir + "/scripts/forgotten.sh"}; !slices.Equal(got, want) {
		t.Errorf("plugin root: unreferenced %v, want %v", got, want)
	}
	delete(files, ".claude-plugin/plugin.json")
	if got := unreferenced(files); len(got) != 6 {
		t.Errorf("no plugin manifest: unreferenced %v, want all six files", got)
	}
}
