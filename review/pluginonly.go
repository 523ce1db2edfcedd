package review

import (
	"io/fs"
	"path"
	"path/filepath"
	"strings"

	"github.com/skillstudio/skillstudio/model"
)

// A Claude Code plugin need not hold a skill: one of only commands,
// agents, hooks or MCP servers installs and runs as much as one with
// skills, and a marketplace lists such plugins by folder. The skill
// search finds none of them, so the review looks for plugins itself and
// reviews each one no skill stands for as its own entry: a *model.Skill
// whose File is the plugin's manifest (IsPlugin), read with the plugin's
// files only.

const (
	// maxPluginWalk bounds the folders looked at for plugins in one
	// source; maxPluginRoots the plugins found.
	maxPluginWalk  = 20000
	maxPluginRoots = 200
)

// IsPlugin says whether s stands for a Claude Code plugin reviewed on its
// own (PluginsWithoutSkills), not a skill.
func IsPlugin(s *model.Skill) bool {
	return s != nil && s.Format == model.FormatSkillMD && path.Base(path.Dir(s.Location.File)) == ".claude-plugin"
}

// PluginsWithoutSkills finds the Claude Code plugins under dir of base's
// FS — folders holding .claude-plugin/plugin.json, and the local folders a
// .claude-plugin/marketplace.json lists as plugin sources — that none of
// skills ships in, and returns one entry for each, to review with them.
// exclude (may be nil) leaves folders out as the skill search does.
func PluginsWithoutSkills(base model.Location, dir string, skills []*model.Skill, exclude model.PathFilter) []*model.Skill {
	fsys := base.FS
	if fsys == nil {
		return nil
	}
	covered := map[string]bool{}
	for _, s := range skills {
		if s.Format == model.FormatSkillMD {
			if root := pluginRoot(s); root != "" {
				covered[s.Location.Path(root)] = true
			}
		}
	}
	var out []*model.Skill
	found := map[string]bool{}
	add := func(root, file string) {
		root = path.Clean(root)
		key := base.Path(root)
		if found[key] || covered[key] || len(out) >= maxPluginRoots {
			return
		}
		if info, err := fs.Stat(fsys, root); err != nil || !info.IsDir() {
			return
		}
		found[key] = true
		if !hasPluginParts(fsys, root, file) {
			return // a plugin of skills listed elsewhere, or of nothing: nothing to run
		}
		loc := base
		loc.Dir, loc.File = root, file
		out = append(out, &model.Skill{Name: pluginName(fsys, root, file), Format: model.FormatSkillMD, Location: loc})
	}
	excluded := func(p string, isDir bool) bool {
		if exclude == nil || !base.Local || base.Root == "" {
			return false
		}
		return exclude.Excluded(filepath.Join(base.Root, filepath.FromSlash(p)), isDir)
	}
	walked := 0
	if dir == "" {
		dir = "."
	}
	_ = fs.WalkDir(fsys, dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return nil
		}
		walked++
		if walked > maxPluginWalk || len(out) >= maxPluginRoots {
			return fs.SkipAll
		}
		if p != dir && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules" || excluded(p, true)) {
			return fs.SkipDir
		}
		manifest := path.Join(p, ".claude-plugin", "plugin.json")
		if info, err := fs.Stat(fsys, manifest); err == nil && !info.IsDir() {
			add(p, manifest)
		}
		market := path.Join(p, ".claude-plugin", "marketplace.json")
		budget := maxFileBytes
		if text, ok := readText(fsys, market, &budget); ok {
			for _, src := range marketplaceSources(text) {
				root := path.Join(p, src)
				if strings.HasPrefix(root, "..") {
					continue
				}
				if info, err := fs.Stat(fsys, path.Join(root, ".claude-plugin", "plugin.json")); err == nil && !info.IsDir() {
					add(root, path.Join(root, ".claude-plugin", "plugin.json"))
				} else {
					add(root, market) // strict: false, its manifest is the entry
				}
			}
		}
		return nil
	})
	return out
}

// hasPluginParts: the plugin has something the review reads beyond
// skills — hooks, MCP servers, commands or agents, in their default
// places or named by its manifest.
func hasPluginParts(fsys fs.FS, root, file string) bool {
	for _, p := range []string{"hooks/hooks.json", ".mcp.json"} {
		if _, err := fs.Stat(fsys, path.Join(root, p)); err == nil {
			return true
		}
	}
	for _, p := range []string{"commands", "agents"} {
		// Markdown, or a folder of it (a namespace); agents/openai.yaml
		// is another tool's.
		es, _ := fs.ReadDir(fsys, path.Join(root, p))
		for i, e := range es {
			if i == maxPluginDocs {
				break
			}
			if e.IsDir() || strings.EqualFold(path.Ext(e.Name()), ".md") {
				return true
			}
		}
	}
	if path.Base(file) != "plugin.json" {
		return false
	}
	budget := maxFileBytes
	text, ok := readText(fsys, file, &budget)
	if !ok {
		return false
	}
	obj := jsonObject(text)
	for _, key := range []string{"hooks", "mcpServers", "commands", "agents"} {
		if obj.Get(key) != nil {
			return true
		}
	}
	return false
}

// marketplaceSources are the local folders a marketplace.json lists
// ("source": "./plugins/x"), with its metadata.pluginRoot before a bare
// name; a GitHub or URL source is not on this disk.
func marketplaceSources(text string) []string {
	obj := jsonObject(text)
	plugins := obj.Get("plugins")
	if plugins == nil {
		return nil
	}
	prefix := ""
	if md := obj.Get("metadata"); md != nil {
		if pr := md.Get("pluginRoot"); pr != nil {
			prefix = pr.Str
		}
	}
	var out []string
	for i, it := range plugins.Items {
		if i == maxPluginRoots {
			break
		}
		src := it.Get("source")
		if src == nil || src.Str == "" || strings.Contains(src.Str, "://") || path.IsAbs(src.Str) {
			continue
		}
		p := src.Str
		if !strings.HasPrefix(p, "./") && !strings.HasPrefix(p, "../") && prefix != "" {
			p = path.Join(prefix, p)
		}
		out = append(out, path.Clean(p))
	}
	return out
}

// pluginName is the manifest's name, or the folder's.
func pluginName(fsys fs.FS, root, file string) string {
	if path.Base(file) == "plugin.json" {
		budget := maxFileBytes
		if text, ok := readText(fsys, file, &budget); ok {
			if n := jsonObject(text).Get("name"); n != nil && n.Str != "" {
				return n.Str
			}
		}
	}
	if root == "." {
		return "plugin"
	}
	return path.Base(root)
}

// reviewPluginOnly reviews a plugin that no skill stands for: its
// hooks, MCP servers, commands, agents and the files they run.
func reviewPluginOnly(fsys fs.FS, s *model.Skill) []model.Diagnostic {
	root := s.Location.Dir
	r := newReviewer(&model.Skill{Format: model.FormatSkillMD}, fsys)
	r.pluginOnly = true
	manifest := path.Join(root, ".claude-plugin", "plugin.json")
	r.readPluginHooks(root, manifest)
	r.scan()
	return r.out
}
