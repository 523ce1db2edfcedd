package formats

import (
	"fmt"
	"io"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/skillstudio/skillstudio/formats/osloop"
	"github.com/skillstudio/skillstudio/model"
)

// Claude Code plugins around skills: which folders a plugin's manifest
// (and the marketplace entry listing it) says hold skills, whether they
// do, and which SKILL.md under a plugin root the plugin never loads.
// Plugins and marketplaces are looked for where the search saw a
// .claude-plugin folder (Found.Listed: plugins of commands, agents or
// hooks only have no SKILL.md), where skills are (each SKILL.md's
// folder and the folders above it, which covers a plugin root that is a
// skill folder, not listed by the search) and at the source's root.

const (
	// maxManifestBytes: a plugin.json or marketplace.json past this is
	// not read (the largest real marketplace is about 100 KB).
	maxManifestBytes = 4 << 20
	// maxSkillsEntries bounds the skills paths checked per manifest and
	// maxListedEntries the folders listed per path looking for a skill.
	maxSkillsEntries = 1000
	maxListedEntries = 5000
)

// componentKeys are the keys a marketplace entry may carry a plugin's
// components in (strict: false entries are the whole manifest).
var componentKeys = []string{"skills", "commands", "agents", "hooks", "mcpServers", "lspServers", "outputStyles"}

// defaultParts are what a plugin root holds without naming it anywhere
// (a SKILL.md at the root counts: real marketplaces list such folders with
// "strict": false, and whether Claude Code loads it is not settled).
var defaultParts = []string{".claude-plugin/plugin.json", "SKILL.md", "skills", "commands", "agents", "hooks/hooks.json", ".mcp.json", ".lsp.json"}

// pluginMetaDir is the folder holding a plugin's or marketplace's manifest.
const pluginMetaDir = ".claude-plugin"

type jsonFile struct {
	file string
	doc  *osloop.Doc
}

// pluginCheck is one source's look at its plugins.
type pluginCheck struct {
	fsys      fs.FS
	listed    map[string]bool // Found.Listed
	skillDirs map[string]bool
	seen      map[string]bool
	plugins   map[string]jsonFile // plugin root → its plugin.json
	markets   []string            // folders holding a marketplace.json, in the order found
	covered   map[string][]string // plugin root → folders its skills paths name (resolved)
	// hooksNamed: plugin root (with a manifest or a marketplace entry) →
	// the files, relative to it, its "hooks" values name.
	hooksNamed map[string]map[string]bool
	loose      []model.Diagnostic
}

// checkPlugins checks the Claude Code plugins and marketplaces of one
// source (all on fsys): those in the folders whose listing by the search
// holds .claude-plugin (Found.Listed), skills or not, and those the
// SKILL.md skills sit in. Findings about a manifest are returned; one
// about a skill goes to add.
func checkPlugins(fsys fs.FS, listed map[string]bool, skills []*model.Skill, add func(*model.Skill, model.Diagnostic)) []model.Diagnostic {
	if fsys == nil {
		return nil
	}
	c := &pluginCheck{fsys: fsys, listed: listed, skillDirs: map[string]bool{}, seen: map[string]bool{}, plugins: map[string]jsonFile{}, covered: map[string][]string{}, hooksNamed: map[string]map[string]bool{}}
	var mds []*model.Skill
	for _, s := range skills {
		if s.Format == model.FormatSkillMD && !s.Built && s.Location.Dir != "" {
			mds = append(mds, s)
			c.skillDirs[path.Clean(s.Location.Dir)] = true
		}
	}
	c.look(".")
	for _, d := range slices.Sorted(maps.Keys(listed)) {
		if d = path.Clean(d); listed[d] && !c.seen[d] {
			c.look(d)
		}
	}
	for _, s := range mds {
		for d := path.Clean(s.Location.Dir); ; d = path.Dir(d) {
			if c.seen[d] {
				break
			}
			c.look(d)
			if d == "." || d == "/" {
				break
			}
		}
	}
	for _, m := range c.markets {
		c.checkMarketplace(m)
	}
	for _, root := range slices.Sorted(maps.Keys(c.plugins)) {
		m := c.plugins[root]
		c.checkSkillsField(root, m, m.doc.Root.Get("skills"))
		c.checkPathKinds(root, m, m.doc.Root)
	}
	c.checkStrayHooks()
	for _, s := range mds {
		c.checkLoaded(s, add)
	}
	return c.loose
}

// look notes whether dir is a plugin root or holds a marketplace.
func (c *pluginCheck) look(dir string) {
	c.seen[dir] = true
	if has, listed := c.listed[dir]; listed && !has {
		return // the search's listing of dir has no .claude-plugin
	}
	if doc := c.readManifest(path.Join(dir, pluginMetaDir, "plugin.json")); doc != nil {
		c.plugins[dir] = jsonFile{path.Join(dir, pluginMetaDir, "plugin.json"), doc}
	}
	if isFile(c.fsys, path.Join(dir, pluginMetaDir, "marketplace.json")) {
		c.markets = append(c.markets, dir)
	}
}

// manifestBytes reads a manifest whole; nil when it is missing, a
// folder, or over maxManifestBytes.
func (c *pluginCheck) manifestBytes(name string) []byte {
	f, err := c.fsys.Open(name)
	if err != nil {
		return nil
	}
	defer f.Close()
	if info, err := f.Stat(); err != nil || info.IsDir() {
		return nil
	}
	b, err := io.ReadAll(io.LimitReader(f, maxManifestBytes+1))
	if err != nil || len(b) > maxManifestBytes {
		return nil
	}
	return b
}

// read parses a manifest; nil when it is missing, too big or not a JSON
// object (its own problems are the review's and the schema's to name).
func (c *pluginCheck) read(name string) *osloop.Doc {
	b := c.manifestBytes(name)
	if b == nil {
		return nil
	}
	doc, synErr := osloop.ParseJSON(b)
	if synErr != nil || doc.Root == nil || doc.Root.Kind != osloop.KindObject {
		return nil
	}
	return doc
}

func (c *pluginCheck) at(rule string, m jsonFile, n *osloop.Node, msg, hint string) {
	line, col := m.doc.Pos(n.Start)
	c.loose = append(c.loose, pluginRules.New(rule, m.file, line, col, msg, hint))
}

// atAll reports the values naming paths that are not here as one finding
// at the first: a manifest listing forty plugins none of which a checkout
// holds is one problem to fix, not forty. One missing path is an
// error (Claude Code fails to install that plugin or load that skill): an
// author's slip, a renamed folder, loses one. Several missing point at
// the checkout instead, a partial copy or plugins in git submodules not
// checked out, so they are said once as info, since the repository itself
// may well be whole. (Of the corpus's ten manifests with missing paths,
// every one is a copy that left plugins out.)
func (c *pluginCheck) atAll(rule string, m jsonFile, missing []*osloop.Node, present int, what, where, hint string) {
	switch len(missing) {
	case 0:
	case 1:
		c.at(rule, m, missing[0], fmt.Sprintf("%s %q: nothing there %s", what, missing[0].Str, where), hint+".")
	default:
		var list []string
		for _, n := range missing[:min(3, len(missing))] {
			list = append(list, strconv.Quote(n.Str))
		}
		c.at(rule, m, missing[0], fmt.Sprintf("%d of the %d %ss have nothing there %s (%s, …): this checkout looks partial, so they were not judged", len(missing), len(missing)+present, what, where, strings.Join(list, ", ")),
			"If this is the whole repository, "+lowerFirst(hint)+"; if the folders live in git submodules, check them out (git submodule update --init).")
		c.loose[len(c.loose)-1].Severity = model.SeverityInfo
	}
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// checkMarketplace checks the entries of dir's marketplace.json: names
// unique, relative sources present and holding a plugin, and the skills
// an entry names for its plugin.
func (c *pluginCheck) checkMarketplace(dir string) {
	file := path.Join(dir, pluginMetaDir, "marketplace.json")
	doc := c.readManifest(file)
	if doc == nil {
		return
	}
	m := jsonFile{file, doc}
	entries := doc.Root.Get("plugins")
	if entries == nil || entries.Kind != osloop.KindArray {
		return
	}
	// metadata.pluginRoot is put before a source written without "./".
	base := dir
	if pr := doc.Root.Get("metadata").Get("pluginRoot"); pr != nil && pr.Kind == osloop.KindString {
		if rel, ok := localPath(pr.Str); ok {
			base = path.Join(dir, rel)
		}
	}
	names := map[string]*osloop.Node{}
	var missing []*osloop.Node // sources not here: one finding for them all
	present := 0
	defer func() {
		c.atAll("library/marketplace-source-missing", m, missing, present, "plugin source", "under the marketplace root",
			"Point source at the plugin's folder, relative to the folder that holds .claude-plugin/ (e.g. \"./plugins/name\"), or add the plugin there")
	}()
	for _, e := range entries.Items {
		if e.Kind != osloop.KindObject {
			continue
		}
		if n := e.Get("name"); n != nil && n.Kind == osloop.KindString && n.Str != "" {
			if first, dup := names[n.Str]; dup {
				line, _ := doc.Pos(first.Start)
				c.at("library/marketplace-duplicate-name", m, n, fmt.Sprintf("plugin name %q is also the name of the entry on line %d", n.Str, line),
					"Give each entry its own name (it is the name users install as name@marketplace), or drop the repeated entry.")
			} else {
				names[n.Str] = n
			}
		}
		src := e.Get("source")
		if src == nil || src.Kind != osloop.KindString {
			continue // github, url, git-subdir, npm: fetched, not here
		}
		rel, ok := localPath(src.Str)
		if !ok {
			continue // an absolute or escaping path is the schema's error
		}
		root := path.Join(dir, rel)
		if !strings.HasPrefix(src.Str, "./") && !strings.HasPrefix(src.Str, "../") && src.Str != "." {
			root = path.Join(base, rel)
		}
		info, err := fs.Stat(c.fsys, root)
		if err != nil {
			missing = append(missing, src)
			continue
		}
		present++
		if !info.IsDir() {
			continue
		}
		if !c.holdsPlugin(root) && !hasAnyKey(e, componentKeys) {
			c.at("library/marketplace-source-empty", m, src, fmt.Sprintf("plugin source %q holds no plugin: no .claude-plugin/plugin.json, skills/, commands/, agents/, hooks or MCP servers", src.Str),
				"Point source at the folder that holds the plugin's .claude-plugin/ (or its skills/), or name the plugin's components in the entry with \"strict\": false.")
		}
		c.checkSkillsField(root, m, e.Get("skills"))
		c.checkPathKinds(root, m, e)
	}
}

// holdsPlugin: root holds something a plugin loads from its default place.
func (c *pluginCheck) holdsPlugin(root string) bool {
	for _, p := range defaultParts {
		if _, err := fs.Stat(c.fsys, path.Join(root, p)); err == nil {
			return true
		}
	}
	return false
}

// checkSkillsField checks a "skills" value (a string or a list of
// strings) of the plugin at root, written in m, and notes the folders it
// names as the plugin's.
func (c *pluginCheck) checkSkillsField(root string, m jsonFile, v *osloop.Node) {
	if v == nil {
		return
	}
	var items []*osloop.Node
	switch v.Kind {
	case osloop.KindString:
		if rel, ok := localPath(v.Str); ok && rel == "." {
			c.covered[root] = append(c.covered[root], root) // one finding is enough: not also "not loaded"
			c.at("library/plugin-skills-escapes", m, v, fmt.Sprintf("skills %q: Claude Code refuses the plugin root as a skills path (\"Path escapes plugin directory\") and loads none of the plugin's skills", v.Str),
				"Move SKILL.md into skills/<name>/ and drop \"skills\" (Claude Code reads skills/ by default), or name folders below the root (\"./skills/\").")
			return
		}
		items = []*osloop.Node{v}
	case osloop.KindArray:
		items = v.Items
	default:
		return
	}
	var missing []*osloop.Node // paths not here: one finding for them all
	present := 0
	defer func() {
		c.atAll("library/plugin-skills-missing", m, missing, present, "skills path", "under the plugin root "+shown(root),
			"Name a folder that exists, relative to the plugin root (the folder holding .claude-plugin/), not to the JSON file; or remove the path")
	}()
	for i, it := range items {
		if i >= maxSkillsEntries {
			break
		}
		if it.Kind != osloop.KindString {
			continue
		}
		rel, ok := localPath(it.Str)
		if !ok {
			c.at("library/plugin-skills-escapes", m, it, fmt.Sprintf("skills path %q leaves the plugin root; Claude Code refuses it (\"Path escapes plugin directory\")", it.Str),
				"Keep the skills inside the plugin and name them relative to its root, starting with \"./\".")
			continue
		}
		dir := path.Join(root, rel)
		info, err := fs.Stat(c.fsys, dir)
		if err != nil {
			missing = append(missing, it)
			continue
		}
		present++
		if !info.IsDir() {
			if path.Base(dir) == "SKILL.md" {
				c.covered[root] = append(c.covered[root], path.Dir(dir))
			}
			continue // checkPathKinds names any other file
		}
		c.covered[root] = append(c.covered[root], dir)
		if !c.holdsSkill(dir) {
			c.at("library/plugin-skills-empty", m, it, fmt.Sprintf("skills path %q holds no SKILL.md, in it or in a folder directly inside it", it.Str),
				"Point the path at a skill folder (with SKILL.md) or at a folder of skill folders (<name>/SKILL.md).")
		}
	}
}

// holdsSkill: dir is a skill folder or holds one directly.
func (c *pluginCheck) holdsSkill(dir string) bool {
	if isFile(c.fsys, path.Join(dir, "SKILL.md")) {
		return true
	}
	entries, err := fs.ReadDir(c.fsys, dir)
	if err != nil {
		return true // unreadable: the search says so
	}
	for i, e := range entries {
		if i >= maxListedEntries {
			return true
		}
		if e.IsDir() && isFile(c.fsys, path.Join(dir, e.Name(), "SKILL.md")) {
			return true
		}
	}
	return false
}

// checkLoaded reports s when the nearest plugin root above it neither
// has it in skills/<name>/ nor names it (or its parent) in skills.
func (c *pluginCheck) checkLoaded(s *model.Skill, add func(*model.Skill, model.Diagnostic)) {
	d := path.Clean(s.Location.Dir)
	root, found := "", false
	for a := d; ; a = path.Dir(a) {
		if a != d && c.skillDirs[a] {
			return // nested in another skill: library/nested-skill's
		}
		if _, ok := c.plugins[a]; ok {
			root, found = a, true
			break
		}
		if a == "." || a == "/" {
			break
		}
	}
	if !found || path.Dir(d) == path.Join(root, "skills") {
		return
	}
	// Only where a plugin's skill would plausibly be meant: the root
	// itself, <root>/<skill> or <root>/<folder>/<skill>. Deeper copies (.agents/skills,
	// docs/<lang>/skills, test fixtures) are for other agents or readers.
	if parent := path.Dir(d); d != root && parent != root && (path.Dir(parent) != root || strings.HasPrefix(path.Base(parent), ".")) {
		return
	}
	if strings.HasPrefix(path.Base(d), ".") {
		return
	}
	for _, e := range c.covered[root] {
		if d == e || path.Dir(d) == e {
			return
		}
	}
	where := shown(root)
	add(s, pluginRules.New("library/plugin-skill-not-loaded", s.Location.File, 1, 1,
		fmt.Sprintf("the Claude Code plugin at %s does not load this skill: it is not in %s and no \"skills\" path of the plugin names its folder", where, shown(path.Join(root, "skills"))+"/<name>/"),
		fmt.Sprintf("Move the skill to %s/%s/, or add its folder to \"skills\" in %s.", shown(path.Join(root, "skills")), path.Base(d), shown(path.Join(root, ".claude-plugin", "plugin.json")))))
}

// localPath is a manifest path relative to its base, cleaned; ok is false
// for one that is absolute or leaves the base. ${CLAUDE_PLUGIN_ROOT} is
// the base: "${CLAUDE_PLUGIN_ROOT}/skills/" is skills/ (Claude Code
// expands it in plugin.json's paths), not the absolute /skills/.
func localPath(p string) (string, bool) {
	if rest, ok := strings.CutPrefix(p, "${CLAUDE_PLUGIN_ROOT}"); ok {
		p = "." + rest
	}
	if strings.Contains(p, "://") || strings.HasPrefix(p, "/") || strings.HasPrefix(p, "\\") || (len(p) > 1 && p[1] == ':') {
		return "", false
	}
	rel := path.Clean("./" + strings.ReplaceAll(p, "\\", "/"))
	if rel == ".." || strings.HasPrefix(rel, "../") {
		return "", false
	}
	return rel, true
}

func hasAnyKey(n *osloop.Node, keys []string) bool {
	for _, k := range keys {
		if n.Get(k) != nil {
			return true
		}
	}
	return false
}

// shown is a folder as a message names it.
func shown(dir string) string {
	if dir == "." {
		return "the source's root"
	}
	return dir
}
