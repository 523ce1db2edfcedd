package formats

import (
	"io/fs"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/internal/ruletest"
	"github.com/skillstudio/skillstudio/model"
)

// pluginFindings runs the plugin checks over fsys, with a SKILL.md skill
// for every SKILL.md in it and the plugin folders the search finds, and
// returns the manifest and skill findings.
func pluginFindings(fsys fstest.MapFS) []model.Diagnostic {
	var skills []*model.Skill
	for name := range fsys {
		if strings.HasSuffix(name, "/SKILL.md") || name == "SKILL.md" {
			dir := strings.TrimSuffix(strings.TrimSuffix(name, "SKILL.md"), "/")
			if dir == "" {
				dir = "."
			}
			s := mdAt(dir, "x", fsys)
			s.Location.File = name
			skills = append(skills, s)
		}
	}
	var perSkill []model.Diagnostic
	loose := checkPlugins(fsys, Find(fsys, ".").Listed, skills, func(_ *model.Skill, d model.Diagnostic) { perSkill = append(perSkill, d) })
	return append(loose, perSkill...)
}

func pluginCase(rule, name string, fail bool, fsys fstest.MapFS) ruletest.Case {
	return ruletest.Case{Rule: rule, Name: name, Fail: fail, Findings: func(*testing.T) []model.Diagnostic { return pluginFindings(fsys) }}
}

const skillText = "---\nname: x\ndescription: y\n---\n"

var pluginCases = []ruletest.Case{
	pluginCase("library/plugin-skills-missing", "a listed skill folder that is not there", true, fstest.MapFS{
		"tool/.claude-plugin/plugin.json": file(`{"name": "tool", "skills": ["./skills/notes", "./skills/todo"]}`),
		"tool/skills/notes/SKILL.md":      file(skillText),
	}),
	pluginCase("library/plugin-skills-missing", "a folder name off by a letter", true, fstest.MapFS{
		"tool/.claude-plugin/plugin.json": file(`{"name": "tool", "skills": "./skill/"}`),
		"tool/skills/notes/SKILL.md":      file(skillText),
	}),
	pluginCase("library/plugin-skills-missing", "every listed folder present", false, fstest.MapFS{
		"tool/.claude-plugin/plugin.json": file(`{"name": "tool", "skills": ["./skills/notes", "${CLAUDE_PLUGIN_ROOT}/extra/"]}`),
		"tool/skills/notes/SKILL.md":      file(skillText),
		"tool/extra/todo/SKILL.md":        file(skillText),
	}),
	pluginCase("library/plugin-skills-missing", "a marketplace entry's skills, from the plugin's source", true, fstest.MapFS{
		".claude-plugin/marketplace.json": file(`{"name": "m", "owner": {"name": "o"}, "plugins": [{"name": "kit", "source": "./kit", "strict": false, "skills": ["./notes", "./gone"]}]}`),
		"kit/notes/SKILL.md":              file(skillText),
	}),
	pluginCase("library/plugin-skills-escapes", "paths under ${CLAUDE_PLUGIN_ROOT}, which is the plugin root", false, fstest.MapFS{
		"tool/.claude-plugin/plugin.json": file(`{"name": "tool", "skills": ["${CLAUDE_PLUGIN_ROOT}/extra/", "${CLAUDE_PLUGIN_ROOT}\\more"]}`),
		"tool/extra/todo/SKILL.md":        file(skillText),
		"tool/more/notes/SKILL.md":        file(skillText),
	}),
	pluginCase("library/plugin-skills-escapes", "the root as a plain string", true, fstest.MapFS{
		".claude-plugin/plugin.json": file(`{"name": "tool", "skills": "./"}`),
		"SKILL.md":                   file(skillText),
	}),
	pluginCase("library/plugin-skills-escapes", "a folder above the plugin", true, fstest.MapFS{
		"tool/.claude-plugin/plugin.json": file(`{"name": "tool", "skills": ["../../shared"]}`),
		"tool/skills/a/SKILL.md":          file(skillText),
	}),
	pluginCase("library/plugin-skills-escapes", "the root in a list and a folder below it", false, fstest.MapFS{
		".claude-plugin/plugin.json": file(`{"name": "tool", "skills": ["./", "./skills/"]}`),
		"SKILL.md":                   file(skillText),
		"skills/notes/SKILL.md":      file(skillText),
	}),
	pluginCase("library/plugin-skills-empty", "a folder with no skill in reach", true, fstest.MapFS{
		"tool/.claude-plugin/plugin.json": file(`{"name": "tool", "skills": "./docs/"}`),
		"tool/docs/README.md":             file("# docs"),
		"tool/docs/deep/down/SKILL.md":    file(skillText),
	}),
	pluginCase("library/plugin-skills-empty", "a skill folder and a folder of skills", false, fstest.MapFS{
		"tool/.claude-plugin/plugin.json": file(`{"name": "tool", "skills": ["./one", "./many/"]}`),
		"tool/one/SKILL.md":               file(skillText),
		"tool/many/a/SKILL.md":            file(skillText),
	}),
	pluginCase("library/plugin-skill-not-loaded", "a skills folder under another name", true, fstest.MapFS{
		"tool/.claude-plugin/plugin.json": file(`{"name": "tool"}`),
		"tool/skill/notes/SKILL.md":       file(skillText),
	}),
	pluginCase("library/plugin-skill-not-loaded", "a skill folder at the plugin root, not listed", true, fstest.MapFS{
		"tool/.claude-plugin/plugin.json": file(`{"name": "tool", "skills": ["./a"]}`),
		"tool/a/SKILL.md":                 file(skillText),
		"tool/b/SKILL.md":                 file(skillText),
	}),
	pluginCase("library/plugin-skill-not-loaded", "a SKILL.md at the plugin root, not listed", true, fstest.MapFS{
		"tool/.claude-plugin/plugin.json": file(`{"name": "tool", "skills": ["./skills/a"]}`),
		"tool/SKILL.md":                   file(skillText),
		"tool/skills/a/SKILL.md":          file(skillText),
	}),
	pluginCase("library/plugin-skill-not-loaded", "in skills/, listed, or a copy for another agent", false, fstest.MapFS{
		"tool/.claude-plugin/plugin.json": file(`{"name": "tool", "skills": ["./", "./guides/"]}`),
		"tool/SKILL.md":                   file(skillText),
		"tool/skills/a/SKILL.md":          file(skillText),
		"tool/guides/b/SKILL.md":          file(skillText),
		"tool/.cursor/skills/a/SKILL.md":  file(skillText),
		"tool/docs/ja/skills/a/SKILL.md":  file(skillText),
	}),
	pluginCase("library/plugin-path-kind", "skills naming a file, hooks a folder, agents a script", true, fstest.MapFS{
		"tool/.claude-plugin/plugin.json": file(`{"name": "tool", "skills": ["./skills/notes.md"], "hooks": "./hooks/", "agents": ["./agents/run.sh"]}`),
		"tool/skills/notes.md":            file("# notes"),
		"tool/hooks/extra.json":           file(`{"hooks": {}}`),
		"tool/agents/run.sh":              file("echo"),
	}),
	pluginCase("library/plugin-hooks-path-kind", "hooks naming a folder, in a plugin of hooks only", true, fstest.MapFS{
		"tool/.claude-plugin/plugin.json": file(`{"name": "tool", "hooks": "./more-hooks"}`),
		"tool/more-hooks/a.json":          file(`{"hooks": {}}`),
	}),
	pluginCase("library/plugin-hooks-path-kind", "hooks naming files, and inline", false, fstest.MapFS{
		"tool/.claude-plugin/plugin.json": file(`{"name": "tool", "hooks": ["./more-hooks/a.json"]}`),
		"tool/more-hooks/a.json":          file(`{"hooks": {}}`),
		"b/.claude-plugin/plugin.json":    file(`{"name": "b", "hooks": {"Stop": []}}`),
	}),
	pluginCase("library/plugin-hooks-duplicate", "hooks naming the default file, spelt two ways", true, fstest.MapFS{
		"tool/.claude-plugin/plugin.json": file(`{"name": "tool", "hooks": "./hooks/hooks.json"}`),
		"tool/hooks/hooks.json":           file(`{"hooks": {}}`),
		"b/.claude-plugin/plugin.json":    file(`{"name": "b", "hooks": ["${CLAUDE_PLUGIN_ROOT}/hooks/hooks.json"]}`),
		"b/hooks/hooks.json":              file(`{"hooks": {}}`),
	}),
	pluginCase("library/plugin-hooks-duplicate", "a marketplace entry naming the default file", true, fstest.MapFS{
		".claude-plugin/marketplace.json": file(`{"name": "m", "owner": {"name": "o"}, "plugins": [{"name": "kit", "source": "./kit", "strict": false, "hooks": "hooks/hooks.json"}]}`),
		"kit/hooks/hooks.json":            file(`{"hooks": {}}`),
	}),
	pluginCase("library/plugin-hooks-duplicate", "hooks naming other files, or none", false, fstest.MapFS{
		"tool/.claude-plugin/plugin.json": file(`{"name": "tool", "hooks": ["./hooks/extra.json", "./conf/hooks.json"]}`),
		"tool/hooks/hooks.json":           file(`{"hooks": {}}`),
		"tool/hooks/extra.json":           file(`{"hooks": {}}`),
		"tool/conf/hooks.json":            file(`{"hooks": {}}`),
		"b/.claude-plugin/plugin.json":    file(`{"name": "b"}`),
		"b/hooks/hooks.json":              file(`{"hooks": {}}`),
	}),
	pluginCase("library/plugin-hooks-not-loaded", "a hooks file at the plugin root that nothing names", true, fstest.MapFS{
		"tool/.claude-plugin/plugin.json": file(`{"name": "tool"}`),
		"tool/hooks.json":                 file(`{"description": "d", "hooks": {"PreToolUse": []}}`),
		"tool/skills/notes/SKILL.md":      file(skillText),
	}),
	pluginCase("library/plugin-hooks-not-loaded", "a hooks file inside .claude-plugin/, beside the default one", true, fstest.MapFS{
		"tool/.claude-plugin/plugin.json": file(`{"name": "tool"}`),
		"tool/.claude-plugin/hooks.json":  file(`{"hooks": {"Stop": []}}`),
		"tool/hooks/hooks.json":           file(`{"hooks": {}}`),
	}),
	pluginCase("library/plugin-hooks-not-loaded", "a marketplace entry's plugin with a root hooks file", true, fstest.MapFS{
		".claude-plugin/marketplace.json": file(`{"name": "m", "owner": {"name": "o"}, "plugins": [{"name": "kit", "source": "./kit", "strict": false, "commands": "./cmds"}]}`),
		"kit/cmds/a.md":                   file("# a"),
		"kit/hooks.json":                  file(`{"hooks": {"Stop": []}}`),
	}),
	pluginCase("library/plugin-hooks-not-loaded", "root hooks files that are named, another tool's, or not hooks", false, fstest.MapFS{
		"a/.claude-plugin/plugin.json":    file(`{"name": "a", "hooks": "./hooks.json"}`),
		"a/hooks.json":                    file(`{"hooks": {}}`),
		".claude-plugin/marketplace.json": file(`{"name": "m", "owner": {"name": "o"}, "plugins": [{"name": "b", "source": "./b", "hooks": ["${CLAUDE_PLUGIN_ROOT}/hooks.json"]}]}`),
		"b/.claude-plugin/plugin.json":    file(`{"name": "b"}`),
		"b/hooks.json":                    file(`{"hooks": {}}`),
		"c/.claude-plugin/plugin.json":    file(`{"name": "c"}`),
		"c/.codex-plugin/plugin.json":     file(`{"name": "c", "hooks": "./hooks.json"}`),
		"c/hooks.json":                    file(`{"hooks": {}}`),
		"d/.claude-plugin/plugin.json":    file(`{"name": "d"}`),
		"d/hooks.json":                    file(`{"hooks": [{"name": "app.payment.x"}]}`),
		"e/hooks.json":                    file(`{"hooks": {}}`),
		"e/skills/notes/SKILL.md":         file(skillText),
	}),
	pluginCase("library/plugin-path-kind", "a marketplace entry's mcpServers naming a folder", true, fstest.MapFS{
		".claude-plugin/marketplace.json": file(`{"name": "m", "owner": {"name": "o"}, "plugins": [{"name": "kit", "source": "./kit", "strict": false, "mcpServers": "./servers"}]}`),
		"kit/servers/a.json":              file(`{}`),
		"kit/commands/a.md":               file("# a"),
	}),
	pluginCase("library/plugin-path-kind", "each path of its kind, and inline objects", false, fstest.MapFS{
		"tool/.claude-plugin/plugin.json": file(`{"name": "tool", "skills": ["./extra/", "./one/SKILL.md"], "commands": ["./cmd/", "./x.md"], "agents": "./agents/", "outputStyles": "./styles/s.md", "hooks": ["./conf/hooks.json"], "mcpServers": {"a": {"command": "x"}}, "lspServers": "./lsp.json"}`),
		"tool/extra/a/SKILL.md":           file(skillText),
		"tool/one/SKILL.md":               file(skillText),
		"tool/cmd/a.md":                   file("# a"),
		"tool/x.md":                       file("# x"),
		"tool/agents/a.md":                file("# a"),
		"tool/styles/s.md":                file("# s"),
		"tool/conf/hooks.json":            file(`{"hooks": {}}`),
		"tool/lsp.json":                   file(`{}`),
	}),
	pluginCase("library/marketplace-source-missing", "a source folder that is not there", true, fstest.MapFS{
		".claude-plugin/marketplace.json":          file(`{"name": "m", "owner": {"name": "o"}, "plugins": [{"name": "notes", "source": "./plugins/note"}]}`),
		"plugins/notes/.claude-plugin/plugin.json": file(`{"name": "notes"}`),
	}),
	pluginCase("library/marketplace-source-missing", "a bare source under metadata.pluginRoot", false, fstest.MapFS{
		".claude-plugin/marketplace.json":          file(`{"name": "m", "owner": {"name": "o"}, "metadata": {"pluginRoot": "./plugins"}, "plugins": [{"name": "notes", "source": "notes"}]}`),
		"plugins/notes/.claude-plugin/plugin.json": file(`{"name": "notes"}`),
	}),
	pluginCase("library/marketplace-source-missing", "local and remote sources", false, fstest.MapFS{
		".claude-plugin/marketplace.json":          file(`{"name": "m", "owner": {"name": "o"}, "plugins": [{"name": "notes", "source": "./plugins/notes"}, {"name": "far", "source": {"source": "github", "repo": "o/far"}}]}`),
		"plugins/notes/.claude-plugin/plugin.json": file(`{"name": "notes"}`),
	}),
	pluginCase("library/marketplace-source-empty", "a source one folder too high", true, fstest.MapFS{
		".claude-plugin/marketplace.json":          file(`{"name": "m", "owner": {"name": "o"}, "plugins": [{"name": "notes", "source": "./plugins"}]}`),
		"plugins/notes/.claude-plugin/plugin.json": file(`{"name": "notes"}`),
	}),
	pluginCase("library/marketplace-source-empty", "a plugin of skills only, and an entry naming its parts", false, fstest.MapFS{
		".claude-plugin/marketplace.json": file(`{"name": "m", "owner": {"name": "o"}, "plugins": [{"name": "a", "source": "./a"}, {"name": "b", "source": "./b", "strict": false, "commands": ["./cmd.md"]}]}`),
		"a/skills/x/SKILL.md":             file(skillText),
		"b/cmd.md":                        file("# cmd"),
	}),
	pluginCase("library/marketplace-duplicate-name", "two entries named alike", true, fstest.MapFS{
		".claude-plugin/marketplace.json": file("{\"name\": \"m\", \"owner\": {\"name\": \"o\"}, \"plugins\": [\n {\"name\": \"notes\", \"source\": \"./a\"},\n {\"name\": \"notes\", \"source\": \"./b\"}]}"),
		"a/skills/x/SKILL.md":             file(skillText),
		"b/skills/y/SKILL.md":             file(skillText),
	}),
	pluginCase("library/marketplace-duplicate-name", "distinct names", false, fstest.MapFS{
		".claude-plugin/marketplace.json": file(`{"name": "m", "owner": {"name": "o"}, "plugins": [{"name": "notes", "source": "./a"}, {"name": "notes-pro", "source": "./b"}]}`),
		"a/skills/x/SKILL.md":             file(skillText),
		"b/skills/y/SKILL.md":             file(skillText),
	}),
}

// TestPluginRules runs pluginCases through the shared harness.
func TestPluginRules(t *testing.T) {
	ruletest.Run(t, pluginRules, append(slices.Clip(pluginCases), manifestCases...), ruletest.Options{})
}

// TestPluginFindingsPointAtTheValue: a manifest finding names the JSON
// string it is about, by line and column.
func TestPluginFindingsPointAtTheValue(t *testing.T) {
	fsys := fstest.MapFS{
		".claude-plugin/marketplace.json": file("{\"name\": \"m\", \"owner\": {\"name\": \"o\"}, \"plugins\": [\n  {\"name\": \"notes\", \"source\": \"./a\"},\n  {\"name\": \"notes\", \"source\": \"./gone\"}\n]}"),
		"a/skills/x/SKILL.md":             file(skillText),
	}
	ds := pluginFindings(fsys)
	want := map[string][2]int{"library/marketplace-duplicate-name": {3, 12}, "library/marketplace-source-missing": {3, 31}}
	if len(ds) != len(want) {
		t.Fatalf("findings:\n%s", ruletest.List(ds))
	}
	for _, d := range ds {
		if p := want[d.Rule]; d.File != ".claude-plugin/marketplace.json" || d.Line != p[0] || d.Column != p[1] {
			t.Errorf("%s at %s:%d:%d, want line %d col %d", d.Rule, d.File, d.Line, d.Column, p[0], p[1])
		}
	}
	if !strings.Contains(ds[0].Message, "line 2") {
		t.Errorf("the duplicate does not name the first entry's line: %s", ds[0].Message)
	}
}

// TestPluginPathKindSeverity: a hooks folder breaks the plugin (error);
// a skills file only loses that path (warning).
func TestPluginPathKindSeverity(t *testing.T) {
	ds := pluginFindings(fstest.MapFS{
		"tool/.claude-plugin/plugin.json": file(`{"name": "tool", "skills": "./notes.md", "hooks": "./hooks"}`),
		"tool/notes.md":                   file("# notes"),
		"tool/hooks/hooks.json":           file(`{"hooks": {}}`),
	})
	got := map[string]model.Severity{}
	for _, d := range ds {
		if strings.HasPrefix(d.Rule, "library/plugin-") && strings.HasSuffix(d.Rule, "path-kind") {
			got[strings.Fields(d.Message)[0]] = d.Severity
		}
	}
	if got["skills"] != model.SeverityWarning || got["hooks"] != model.SeverityError || len(got) != 2 {
		t.Errorf("severities %v, want skills warning and hooks error:\n%s", got, ruletest.List(ds))
	}
}

// TestPluginChecksReadNoBrokenManifest: a manifest that is not JSON, not
// an object, or holds values of the wrong kind is said by the manifest
// rules (plugin_manifest.go) and by them only: the path checks read no
// value they cannot use, with no panic.
func TestPluginChecksReadNoBrokenManifest(t *testing.T) {
	for _, text := range []string{"", "{", "[]", `{"skills": 3}`, `{"skills": [null, 1, {}]}`, `{"plugins": {"a": 1}}`, `{"plugins": [1, {"source": 2}]}`} {
		fsys := fstest.MapFS{".claude-plugin/plugin.json": file(text), ".claude-plugin/marketplace.json": file(text)}
		ds := pluginFindings(fsys)
		if len(ds) == 0 {
			t.Errorf("%q: no finding for a manifest Claude Code refuses", text)
		}
		for _, d := range ds {
			if !strings.HasPrefix(d.Rule, "library/plugin-manifest-") {
				t.Errorf("%q: %s", text, ruletest.List(ds))
				break
			}
		}
	}
}

// openCounter counts the opens of each name on an fs.FS.
type openCounter struct {
	fs.FS
	opens map[string]int
}

func (o openCounter) Open(name string) (fs.File, error) {
	o.opens[name]++
	return o.FS.Open(name)
}

// TestPluginCheckOpensOnlyWhereListed: the plugin check opens a manifest
// only in folders whose listing, made by the search, has .claude-plugin
// (and, at a plugin root, probes .claude-plugin/hooks.json, which Claude
// Code does not read); a folder the search did not list is still probed.
func TestPluginCheckOpensOnlyWhereListed(t *testing.T) {
	files := fstest.MapFS{
		"tool/.claude-plugin/plugin.json": file(`{"name": "tool"}`),
		"tool/skills/a/SKILL.md":          file(skillText),
		"plain/b/SKILL.md":                file(skillText),
		"plain/c/SKILL.md":                file(skillText),
	}
	fsys := openCounter{FS: files, opens: map[string]int{}}
	var skills []*model.Skill
	for _, dir := range []string{"tool/skills/a", "plain/b", "plain/c"} {
		skills = append(skills, mdAt(dir, "x", files))
	}
	probes := func() (n int) {
		for name, c := range fsys.opens {
			if strings.Contains(name, pluginMetaDir+"/") {
				n += c
			}
		}
		return n
	}
	listed := Find(fsys, ".").Listed
	clear(fsys.opens)
	checkPlugins(fsys, listed, skills, func(*model.Skill, model.Diagnostic) {})
	if got := probes(); got != 3 {
		t.Errorf("with the search's listings: %d manifest opens %v, want 3 (tool's plugin.json and marketplace.json, and the stray .claude-plugin/hooks.json probed at a plugin root)", got, fsys.opens)
	}
	clear(fsys.opens)
	checkPlugins(fsys, nil, skills, func(*model.Skill, model.Diagnostic) {})
	if got := probes(); got < 10 {
		t.Errorf("without listings: %d manifest opens, want every folder probed", got)
	}
}
