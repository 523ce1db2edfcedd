package review

import (
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/skillstudio/skillstudio/model"
)

// Skill reviews one loaded skill, reading its files through fsys (the
// skill's Location.FS when nil). Nothing is executed. Findings come sorted
// in the usual file, line, column order.
func Skill(s *model.Skill, fsys fs.FS) []model.Diagnostic {
	return skillIn(s, fsys, nil)
}

// skillIn is Skill with the plugin's findings taken from ps (read once
// per run); nil reads them for this skill alone.
func skillIn(s *model.Skill, fsys fs.FS, ps *Plugins) []model.Diagnostic {
	if s == nil {
		return nil
	}
	if fsys == nil {
		fsys = s.Location.FS
	}
	r := newReviewer(s, fsys)
	if IsPlugin(s) {
		if fsys != nil {
			r.out = reviewPluginOnly(fsys, s)
		}
		model.SortDiagnostics(r.out)
		return r.out
	}
	if fsys != nil {
		r.read()
		r.run()
		if s.Format == model.FormatSkillMD {
			if root := pluginRoot(s); root != "" {
				r.out = appendNew(r.out, ps.findings(fsys, root))
			}
		}
	}
	model.SortDiagnostics(r.out)
	return r.out
}

func newReviewer(s *model.Skill, fsys fs.FS) *reviewer {
	return &reviewer{skill: s, fsys: fsys, budget: maxTotalBytes, counts: map[string]int{}, last: map[string]int{}, mcpSecretAt: map[string]bool{}}
}

type reviewer struct {
	skill  *model.Skill
	fsys   fs.FS
	budget int
	files  []*source
	out    []model.Diagnostic
	// counts[file+rule] enforces maxPerRule.
	counts map[string]int
	last   map[string]int // index in out of the last finding per key
	// mcpSecretAt: values reported as an MCP server's (file, offset), so
	// the line scan does not report them again.
	mcpSecretAt map[string]bool
	// senders: each script's sending functions, summarised once per
	// depth of imports followed (sendersAt), for calls in it and in the files importing it.
	senders map[sendersKey]*sendSummary
	// pluginSites: the sites (eTLD+1) a plugin's manifests name — its
	// homepage, repository, author, remote MCP servers — where sending
	// the conversation is what the plugin says it does.
	pluginSites []string
	pluginText  string // the manifests' names and descriptions, lower case
	// pluginOnly: the review of a plugin no skill stands for.
	pluginOnly bool
	// plugin: the review of a plugin's own files (its hooks, servers,
	// commands), whose manifests say where the conversation may go; a
	// skill's review is the skill's frontmatter's.
	plugin bool
	// skillHooks: a SKILL.md's own hooks: block, read as a hooks file.
	skillHooks []*source
	// declared is what the skill says it reaches (filled by the format
	// readers below before the code is scanned).
	declared declared
}

// read loads every text file of the skill within the limits. An .xgs.js
// skill is its one file; the folder formats are every listed file.
func (r *reviewer) read() {
	loc := r.skill.Location
	if r.skill.Format == model.FormatXGS {
		if loc.File != "" {
			r.add(loc.File, path.Base(loc.File))
		}
		return
	}
	files := r.skill.Files
	if len(files) == 0 {
		files = listFiles(r.fsys, loc.Dir)
	}
	for i, rel := range files {
		if i >= maxFiles {
			break
		}
		r.add(loc.Join(rel), rel)
	}
	if r.skill.Format == model.FormatSkillMD {
		if root := pluginRoot(r.skill); root != "" {
			r.readPluginRefs(root)
		}
	}
}

// readPluginRefs adds the files of the plugin at root that the skill's own
// files run through ${CLAUDE_PLUGIN_ROOT}/…: a frontmatter hook's or a
// !`…` line's script lives in the plugin, not in the skill folder, and
// the plugin's review reads only what its hooks, servers, commands and
// agents name.
func (r *reviewer) readPluginRefs(root string) {
	seen := map[string]bool{}
	for _, f := range r.files {
		if strings.HasPrefix(f.rel, "../") {
			continue // a plugin file added here: what it names is the plugin review's
		}
		for _, m := range pluginRootRef.FindAllStringSubmatch(f.text, -1) {
			p := path.Clean(m[1])
			if seen[p] || strings.HasPrefix(p, "..") || strings.HasPrefix(p, "skills/") || len(seen) >= maxPluginHookFiles {
				continue // outside the plugin, or a skill's file
			}
			seen[p] = true
			r.add(path.Join(root, p), "../../"+p)
		}
	}
}

func (r *reviewer) add(fsPath, rel string) {
	if text, ok := readText(r.fsys, fsPath, &r.budget); ok {
		r.files = append(r.files, newSource(fsPath, rel, text))
	}
}

// listFiles walks a skill folder when the reader did not list its files.
func listFiles(fsys fs.FS, dir string) []string {
	var out []string
	if dir == "" {
		dir = "."
	}
	_ = fs.WalkDir(fsys, dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || len(out) >= maxFiles {
			return fs.SkipDir
		}
		if d.IsDir() {
			if p != dir && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules") {
				return fs.SkipDir
			}
			return nil
		}
		rel := strings.TrimPrefix(strings.TrimPrefix(p, dir), "/")
		out = append(out, rel)
		return nil
	})
	return out
}

// file finds a read file by its path relative to the skill folder.
func (r *reviewer) file(rel string) *source {
	for _, f := range r.files {
		if f.rel == rel {
			return f
		}
	}
	return nil
}

func (r *reviewer) run() {
	switch r.skill.Format {
	case model.FormatXGS:
		for _, f := range r.files {
			r.readXGSHeader(f)
		}
	case model.FormatOSLoop:
		r.readManifest()
	case model.FormatSkillMD:
		r.readFrontmatter()
	}
	r.reportListingMarkup()
	r.scan()
}

// scan runs every file scanner over the files read.
func (r *reviewer) scan() {
	for _, f := range r.files {
		kind := kindOf(f.rel)
		if f.hookConfig {
			kind = kindShell
			r.reportPluginHooks(f)
		}
		if f.mcpConfig {
			kind = kindShell
			r.reportMCPServers(f)
		}
		if f.lspConfig {
			kind = kindShell
			r.reportLSPServers(f)
		}
		r.scanHidden(f, kind)
		r.scanSecrets(f, kind)
		r.scanRemoteExec(f)
		r.scanExfil(f, kind)
		r.scanCookies(f, kind)
		r.scanRevShell(f, kind)
		r.scanPersistence(f, kind)
		r.scanPushAway(f, kind)
		r.scanArchives(f)
		r.scanTyposquats(f)
		r.scanManifest(f)
		r.scanInstallScripts(f)
		r.scanShippedPth(f)
		r.scanFoldedEval(f)
		r.scanPunycode(f)
		r.scanTriggers(f, kind)
		switch kind {
		case kindScript:
			r.scanReach(f)
		case kindMarkdown:
			if !inScriptsDir(f.rel) && containsAny(f.text, packageRunWords) {
				r.scanPackageRuns(f, codeOnly(f.text))
			}
			r.scanHTMLComments(f)
			r.scanInstructions(f, f.text, 0)
			r.scanImageExfil(f)
			if r.skill.Format == model.FormatSkillMD {
				r.reportLoadTimeCommands(f)
			}
		case kindText:
			if !inScriptsDir(f.rel) {
				r.scanPackageRuns(f, f.text)
			}
			r.scanInstructions(f, f.text, 0)
		}
		if inScriptsDir(f.rel) {
			r.reportScript(f)
		}
	}
	for _, f := range r.skillHooks {
		r.scanSecretFlow(f, f.text, true)
	}
}

// declarer names who says where the conversation may go: the plugin
// (its manifests) or the skill (its frontmatter).
func (r *reviewer) declarer() string {
	if r.plugin {
		return "the plugin"
	}
	return "the skill"
}

// report adds a finding at byte offset off of f, within the per-file cap.
func (r *reviewer) report(f *source, off int, id, msg, hint string) {
	key := f.path + "\x00" + id
	r.counts[key]++
	switch n := r.counts[key]; {
	case n == maxPerRule+1:
		// Say so once, on the last finding shown.
		d := &r.out[r.last[key]]
		d.Message += fmt.Sprintf(" (more %s findings in this file are not shown)", id)
		return
	case n > maxPerRule:
		return
	}
	line, col := f.pos(off)
	r.last[key] = len(r.out)
	r.out = append(r.out, Rules.New(id, f.path, line, col, msg, hint))
}

// reportAt adds a finding at a known line and column of an FS path.
func (r *reviewer) reportAt(file string, line, col int, id, msg, hint string) {
	r.out = append(r.out, Rules.New(id, file, line, col, msg, hint))
}

// appendNew appends the findings of more that out does not hold yet: a
// plugin script the skill runs and the plugin's hooks run too is read by
// both reviews.
func appendNew(out, more []model.Diagnostic) []model.Diagnostic {
	type key struct {
		file, rule, msg string
		line, col       int
	}
	have := make(map[key]bool, len(out))
	for _, d := range out {
		have[key{d.File, d.Rule, d.Message, d.Line, d.Column}] = true
	}
	for _, d := range more {
		if !have[key{d.File, d.Rule, d.Message, d.Line, d.Column}] {
			out = append(out, d)
		}
	}
	return out
}
