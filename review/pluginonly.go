package review

import (
	"io/fs"
	"path"
	"path/filepath"
	"strings"

	"github.com/skillstudio/skillstudio/formats/osloop"
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
	add := func(root, file string, inline bool) {
		root = path.Clean(root)
		key := base.Path(root)
		if found[key] || covered[key] || len(out) >= maxPluginRoots {
			return
		}
		if info, err := fs.Stat(fsys, root); err != nil || !info.IsDir() {
			return
		}
		found[key] = true
		if !inline && !hasPluginParts(fsys, root, file) {
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
			add(p, manifest, false)
		}
		market := path.Join(p, ".claude-plugin", "marketplace.json")
		budget := maxFileBytes
		if text, ok := readText(fsys, market, &budget); ok {
			for _, e := range marketplaceEntries(text) {
				root := path.Join(p, e.src)
				if strings.HasPrefix(root, "..") {
					continue
				}
				if info, err := fs.Stat(fsys, path.Join(root, ".claude-plugin", "plugin.json")); err == nil && !info.IsDir() {
					add(root, path.Join(root, ".claude-plugin", "plugin.json"), e.inlineParts())
				} else {
					add(root, market, e.inlineParts()) // strict: false, its manifest is the entry
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

// marketEntry is one plugin entry of a marketplace.json whose source is
// a local folder: src is that folder, relative to the marketplace's
// folder (metadata.pluginRoot before a bare name); node is the entry.
type marketEntry struct {
	src  string
	node *osloop.Node
}

// inlineParts: the entry carries parts of the plugin itself. A
// marketplace entry may hold any manifest field (Claude Code's
// marketplace reference, "Plugin entries": commands, agents, hooks,
// mcpServers, lspServers, inline or as paths from the plugin's root);
// with strict (the default) they are added to plugin.json's, with
// strict: false the entry is the whole manifest. Either way they load.
func (e marketEntry) inlineParts() bool {
	for _, key := range inlineKeys {
		if e.node.Get(key) != nil {
			return true
		}
	}
	return false
}

var (
	inlineKeys       = []string{"hooks", "mcpServers", "lspServers", "commands", "agents"}
	quotedInlineKeys = []string{`"hooks"`, `"mcpServers"`, `"lspServers"`, `"commands"`, `"agents"`}
)

// marketplaceEntries are the entries of a marketplace.json with a local
// source ("source": "./plugins/x"); a GitHub or URL source is not on
// this disk.
func marketplaceEntries(text string) []marketEntry {
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
	var out []marketEntry
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
		out = append(out, marketEntry{path.Clean(p), it})
	}
	return out
}

// maxMarketUp bounds the folders above a plugin looked at for the
// marketplace.json that lists it (plugins/x under the marketplace's
// folder is two).
const maxMarketUp = 4

// maxMarketEntries bounds the entries read for one plugin folder: each
// is read as a copy of its file (positions kept), so 200 entries naming
// one folder must not mean 200 copies.
const maxMarketEntries = 4

// marketFile is a marketplace.json with the entries that list one
// plugin's folder.
type marketFile struct {
	path, text string
	entries    []*osloop.Node
}

// marketplacesOf finds the marketplace.json files at root or up to
// maxMarketUp folders above it whose local entries list root and carry
// parts of the plugin (inlineParts).
func marketplacesOf(fsys fs.FS, root string, budget *int) []marketFile {
	var out []marketFile
	root = path.Clean(root)
	for dir, up := root, 0; up <= maxMarketUp; up++ {
		market := path.Join(dir, ".claude-plugin", "marketplace.json")
		// Most marketplaces only list folders: not parsed unless an
		// entry may carry a part.
		if text, ok := readText(fsys, market, budget); ok && containsAny(text, quotedInlineKeys) {
			mf := marketFile{path: market, text: text}
			for _, e := range marketplaceEntries(text) {
				if path.Join(dir, e.src) == root && e.inlineParts() && len(mf.entries) < maxMarketEntries {
					mf.entries = append(mf.entries, e.node)
				}
			}
			if len(mf.entries) > 0 {
				out = append(out, mf)
			}
		}
		if dir == "." || dir == "/" {
			break
		}
		dir = path.Dir(dir)
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
	r.plugin = true
	manifest := path.Join(root, ".claude-plugin", "plugin.json")
	r.readPluginHooks(root, manifest)
	r.scan()
	return r.out
}
