package formats

import (
	"fmt"
	"maps"
	"path"
	"slices"

	"github.com/skillstudio/skillstudio/formats/osloop"
)

// Claude Code reads a plugin's hooks from hooks/hooks.json and from the
// files its manifest's (or marketplace entry's) "hooks" names, nowhere
// else. A hooks file written beside those places, at the plugin root or
// inside .claude-plugin/ next to the manifest, is a real repository's
// slip (a plugin's hooks.json at its root, named by nothing): the plugin
// loads and its hooks silently never run.

// strayHooksFiles are where plugins put a hooks file Claude Code never
// reads, relative to the plugin root.
var strayHooksFiles = []string{"hooks.json", pluginMetaDir + "/hooks.json"}

// otherPluginManifests are other agents' plugin manifests a plugin root
// may also hold, and package.json (Salesforce cartridges name their own
// hooks.json there); their "hooks" may name a root hooks.json (Codex
// plugins do), which is then not stray.
var otherPluginManifests = []string{".codex-plugin/plugin.json", ".cursor-plugin/plugin.json", "package.json"}

// noteHooksNamed records root as a plugin root and the files its hooks
// value (a path, a list of paths, or an inline object) names.
func (c *pluginCheck) noteHooksNamed(root string, v *osloop.Node) {
	named := c.hooksNamed[root]
	if named == nil {
		named = map[string]bool{}
		c.hooksNamed[root] = named
	}
	for _, rel := range hooksPaths(v) {
		named[rel] = true
	}
}

// hooksPaths are the plugin-relative files a hooks value names.
func hooksPaths(v *osloop.Node) []string {
	if v == nil {
		return nil
	}
	items := []*osloop.Node{v}
	if v.Kind == osloop.KindArray {
		items = v.Items
	}
	var out []string
	for i, it := range items {
		if i >= maxSkillsEntries {
			break
		}
		if it.Kind != osloop.KindString {
			continue
		}
		if rel, ok := localPath(it.Str); ok {
			out = append(out, rel)
		}
	}
	return out
}

// checkStrayHooks reports, for each plugin root, a hooks file where
// Claude Code does not look that nothing names.
func (c *pluginCheck) checkStrayHooks() {
	for _, root := range slices.Sorted(maps.Keys(c.hooksNamed)) {
		for _, rel := range strayHooksFiles {
			file := path.Join(root, rel)
			if c.hooksNamed[root][rel] || !c.isHooksConfig(file) || c.namedElsewhere(root, rel) {
				continue
			}
			where := "at the plugin root"
			if path.Dir(rel) == pluginMetaDir {
				where = "inside " + pluginMetaDir + "/, which Claude Code reads only plugin.json and marketplace.json from"
			}
			c.loose = append(c.loose, pluginRules.New("library/plugin-hooks-not-loaded", file, 1, 1,
				fmt.Sprintf("%s is %s; Claude Code loads a plugin's hooks from hooks/hooks.json and the files \"hooks\" in plugin.json names, and nothing names this one, so its hooks never run", rel, where),
				"Move it to hooks/hooks.json (loaded without being named), or name it in .claude-plugin/plugin.json: \"hooks\": \"./"+rel+"\"."))
		}
	}
}

// namedElsewhere: another agent's plugin manifest at root names rel in
// its hooks, or cannot be read (so it may).
func (c *pluginCheck) namedElsewhere(root, rel string) bool {
	for _, m := range otherPluginManifests {
		file := path.Join(root, m)
		if !isFile(c.fsys, file) {
			continue
		}
		doc := c.read(file)
		if doc == nil || slices.Contains(hooksPaths(doc.Root.Get("hooks")), rel) {
			return true
		}
	}
	return false
}

// isHooksConfig: file is a JSON object whose "hooks" is an object, the
// shape of a Claude Code hooks file; another tool's hooks.json is not
// this rule's business.
func (c *pluginCheck) isHooksConfig(file string) bool {
	if !isFile(c.fsys, file) {
		return false
	}
	doc := c.read(file)
	return doc != nil && doc.Root.Get("hooks") != nil && doc.Root.Get("hooks").Kind == osloop.KindObject
}
