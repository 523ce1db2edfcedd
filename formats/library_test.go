package formats

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/internal/ruletest"
	"github.com/skillstudio/skillstudio/internal/safefs"
	"github.com/skillstudio/skillstudio/model"
)

func xgsSkill(name, ns string, requires ...string) *model.Skill {
	return &model.Skill{Format: model.FormatXGS, Name: name, Namespace: ns, Requires: requires,
		Location: model.Location{File: name + ".xgs.js"}}
}

// builtSkill is what `build -o out` writes for xgsSkill(name, ns).
func builtSkill(name, ns string) *model.Skill {
	s := xgsSkill(name, ns)
	s.Location.File, s.Location.Dir, s.Built = "out/"+name+".xgs.js", "out", true
	return s
}

func mdSkill(name string, loadSkills ...string) *model.Skill {
	s := &model.Skill{Format: model.FormatSkillMD, Name: name, Declared: []model.Declaration{{Key: "name", Value: name, Line: 2, Column: 7}}, Location: model.Location{Dir: name, File: name + "/SKILL.md"}}
	if len(loadSkills) > 0 {
		q := model.Question{Text: "?"}
		for _, target := range loadSkills {
			q.OnIncorrect = append(q.OnIncorrect, model.Action{Kind: model.ActionLoadSkill, Target: target, Line: 9, Column: 7})
		}
		s.Quizzes = []model.QuizBlock{{Questions: []model.Question{q}}}
	}
	return s
}

// pluginFS holds two Claude Code plugins, p and q.
var pluginFS = fstest.MapFS{"plugins/p/.claude-plugin/plugin.json": file(`{"name":"p"}`), "plugins/q/.claude-plugin/plugin.json": file(`{"name":"q"}`)}

// mdAt is a SKILL.md skill in folder dir whose name: sits on line 2.
func mdAt(dir, name string, fsys fstest.MapFS) *model.Skill {
	loc := model.Location{Source: "lib", Dir: dir, File: dir + "/SKILL.md"}
	if fsys != nil {
		loc.FS = fsys
	}
	return &model.Skill{Format: model.FormatSkillMD, Name: name, Declared: []model.Declaration{{Key: "name", Value: name, Line: 2, Column: 7}}, Location: loc}
}

// TestDuplicateNameAtTheNameLine: the finding points at name: and names
// the other skill by a path relative to this one.
func TestDuplicateNameAtTheNameLine(t *testing.T) {
	a, b := mdAt("skills/a", "x", nil), mdAt("skills/b", "x", nil)
	CheckLibrary(&model.Library{Skills: []*model.Skill{a, b}})
	if len(a.Diagnostics) != 1 || a.Diagnostics[0].Line != 2 || !strings.Contains(a.Diagnostics[0].Message, "../b/SKILL.md") {
		t.Errorf("finding %+v", a.Diagnostics)
	}
}

// ruleCase is a library that should (fail) or should not (pass) make a
// rule fire.
type ruleCase struct {
	rule string
	fail bool
	name string
	run  func(t *testing.T) []model.Diagnostic
}

func checked(skills ...*model.Skill) func(t *testing.T) []model.Diagnostic {
	return func(t *testing.T) []model.Diagnostic {
		lib := &model.Library{Skills: skills}
		CheckLibrary(lib)
		var all []model.Diagnostic
		for _, s := range lib.Skills {
			all = append(all, s.Diagnostics...)
		}
		return append(all, lib.Diagnostics...)
	}
}

var libraryCases = []ruleCase{
	{"library/duplicate-name", true, "two skills named alpha", checked(mdSkill("alpha"), xgsSkill("alpha", "a"))},
	{"library/duplicate-name", true, "two folders of one skills folder", checked(mdAt("skills/a", "x", nil), mdAt("skills/b", "x", nil))},
	{"library/duplicate-name", false, "one skill in several agents' folders", checked(mdAt(".claude/skills/x", "x", nil), mdAt(".agents/skills/x", "x", nil), mdAt(".codex/skills/x", "x", nil))},
	{"library/duplicate-name", false, "the same skill in two plugins and standalone", checked(
		mdAt("plugins/p/skills/x", "x", pluginFS), mdAt("plugins/q/skills/x", "x", pluginFS), mdAt("skills/x", "x", pluginFS))},
	{"library/duplicate-name", false, "a preview channel", checked(mdAt("skills/.curated/x", "x", nil), mdAt("skills/.experimental/x", "x", nil))},
	{"library/duplicate-name", false, "an overlay fragment without frontmatter", checked(mdAt("skills/a", "x", nil), func() *model.Skill {
		s := mdAt("skills/b", "x", nil)
		s.Declared = nil
		return s
	}())},
	{"library/duplicate-name", false, "a source and its build output", checked(xgsSkill("a", "a"), builtSkill("a", "a"))},
	{"library/duplicate-namespace", false, "a source and its build output", checked(xgsSkill("a", "ns"), builtSkill("a", "ns"))},
	{"library/duplicate-namespace", true, "two bundles of one build", checked(builtSkill("a", "ns"), builtSkill("b", "ns"))},
	{"library/duplicate-name", false, "distinct names", checked(mdSkill("alpha"), xgsSkill("beta", "b"))},
	{"library/duplicate-namespace", true, "two xgs skills in namespace ns", checked(xgsSkill("a", "ns"), xgsSkill("b", "ns"))},
	{"library/duplicate-namespace", false, "namespaces differ", checked(xgsSkill("a", "one"), xgsSkill("b", "two"))},
	{"library/missing-require", true, "requires a skill not loaded", checked(xgsSkill("a", "a", "ghost"))},
	{"library/missing-require", false, "requires a loaded skill", checked(xgsSkill("a", "a", "b"), xgsSkill("b", "b"))},
	{"library/require-cycle", true, "a → b → a", checked(xgsSkill("a", "a", "b"), xgsSkill("b", "b", "a"))},
	{"library/require-cycle", true, "a requires itself", checked(xgsSkill("a", "a", "a"))},
	{"library/require-cycle", true, "a → b → c → a", checked(xgsSkill("a", "a", "b"), xgsSkill("b", "b", "c"), xgsSkill("c", "c", "a"))},
	{"library/require-cycle", false, "a diamond is no cycle", checked(xgsSkill("a", "a", "b", "c"), xgsSkill("b", "b", "d"), xgsSkill("c", "c", "d"), xgsSkill("d", "d"))},
	{"quiz/load-skill-unresolved", true, "load-skill names an absent skill", checked(mdSkill("guide", "missing-skill"))},
	{"quiz/load-skill-unresolved", false, "load-skill names a loaded skill", checked(mdSkill("guide", "helper"), mdSkill("helper"))},
	{"library/unreadable", true, "root does not exist", func(t *testing.T) []model.Diagnostic {
		return Find(fstest.MapFS{}, "gone").Problems
	}},
	{"library/unreadable", false, "root is readable", func(t *testing.T) []model.Diagnostic {
		return Find(fstest.MapFS{"a/SKILL.md": file(skillMD)}, ".").Problems
	}},
	{"library/symlink-loop", true, "a link back to the root", func(t *testing.T) []model.Diagnostic {
		root := t.TempDir()
		writeFiles(t, root, map[string]string{"a/SKILL.md": skillMD, "b/x.txt": ""})
		symlink(t, root, filepath.Join(root, "b", "up"))
		return Find(os.DirFS(root), ".").Problems
	}},
	{"library/symlink-loop", false, "a link to a folder outside", func(t *testing.T) []model.Diagnostic {
		outside := t.TempDir()
		writeFiles(t, outside, map[string]string{"s/SKILL.md": skillMD})
		root := t.TempDir()
		symlink(t, filepath.Join(outside, "s"), filepath.Join(root, "s"))
		return Find(os.DirFS(root), ".").Problems
	}},
	{"library/symlink-skipped", true, "a dangling link", func(t *testing.T) []model.Diagnostic {
		root := t.TempDir()
		writeFiles(t, root, map[string]string{"a/SKILL.md": skillMD})
		symlink(t, filepath.Join(root, "gone"), filepath.Join(root, "old"))
		return Find(safefs.Dir(root), ".").Problems
	}},
	{"library/symlink-skipped", true, "a link leading outside the source", func(t *testing.T) []model.Diagnostic {
		outside := t.TempDir()
		writeFiles(t, outside, map[string]string{"s/SKILL.md": skillMD})
		root := t.TempDir()
		symlink(t, filepath.Join(outside, "s"), filepath.Join(root, "s"))
		return Find(safefs.Dir(root), ".").Problems
	}},
	{"library/symlink-skipped", false, "a link inside the source", func(t *testing.T) []model.Diagnostic {
		root := t.TempDir()
		writeFiles(t, root, map[string]string{"shared/s/SKILL.md": skillMD, "skills/x.txt": ""})
		symlink(t, filepath.Join("..", "shared", "s"), filepath.Join(root, "skills", "s"))
		return Find(safefs.Dir(root), ".").Problems
	}},
	{"library/skipped-folder", true, "SKILL.md under dist and node_modules", func(t *testing.T) []model.Diagnostic {
		return Find(fstest.MapFS{"a/SKILL.md": file(skillMD), "dist/pdf/SKILL.md": file(skillMD), "web/node_modules/pkg/skills/x/SKILL.md": file(skillMD)}, ".").Problems
	}},
	{"library/skipped-folder", false, "dist and node_modules without skills", func(t *testing.T) []model.Diagnostic {
		return Find(fstest.MapFS{"a/SKILL.md": file(skillMD), "dist/app.js": file(""), "node_modules/pkg/README.md": file("")}, ".").Problems
	}},
	{"library/template", true, "templates/SKILL.md and skill-template/SKILL.md", func(t *testing.T) []model.Diagnostic {
		return Find(fstest.MapFS{"templates/SKILL.md": file(skillMD), "skill-template/SKILL.md": file(skillMD)}, ".").Problems
	}},
	{"library/template", false, "a skill named template in skills/", func(t *testing.T) []model.Diagnostic {
		return Find(fstest.MapFS{"skills/template/SKILL.md": file(skillMD)}, ".").Problems
	}},
	{"library/nested-skill", true, "a sub-skill in a skill's folder, and skills below a root SKILL.md", func(t *testing.T) []model.Diagnostic {
		fsys := fstest.MapFS{"SKILL.md": file(skillMD), "skills/a/SKILL.md": file(skillMD), "skills/a/web/SKILL.md": file(skillMD)}
		var all []model.Diagnostic
		for _, c := range Find(fsys, ".").Candidates {
			all = append(all, Load(c, model.Location{FS: fsys}, model.Options{}).Diagnostics...)
		}
		return all
	}},
	{"library/nested-skill", false, "skills side by side", func(t *testing.T) []model.Diagnostic {
		fsys := fstest.MapFS{"skills/a/SKILL.md": file(skillMD), "skills/a-web/SKILL.md": file(skillMD)}
		var all []model.Diagnostic
		for _, c := range Find(fsys, ".").Candidates {
			all = append(all, Load(c, model.Location{FS: fsys}, model.Options{}).Diagnostics...)
		}
		return all
	}},
	{"library/reader-crash", true, "a reader panics", func(t *testing.T) []model.Diagnostic {
		var all []model.Diagnostic
		for _, f := range model.Formats {
			all = append(all, Load(Candidate{Format: f, Path: "boom"}, model.Location{FS: panicFS{}}, model.Options{}).Diagnostics...)
		}
		return all
	}},
	{"library/reader-crash", false, "readers on an ordinary tree", func(t *testing.T) []model.Diagnostic {
		fsys := fstest.MapFS{"a/SKILL.md": file(skillMD), "b.xgs.js": file(xgsFile), "p/manifest.json": file(manifest), "p/module.ts": file(moduleTS)}
		var all []model.Diagnostic
		for _, c := range Find(fsys, ".").Candidates {
			all = append(all, Load(c, model.Location{FS: fsys}, model.Options{}).Diagnostics...)
		}
		return all
	}},
}

// TestLibraryRules runs libraryCases through the shared harness.
func TestLibraryRules(t *testing.T) {
	var cases []ruletest.Case
	for _, tc := range libraryCases {
		cases = append(cases, ruletest.Case{Rule: tc.rule, Name: tc.name, Fail: tc.fail, Findings: tc.run})
	}
	rules := append(append(append(model.RuleSet{}, libraryRules...), findRules...), crashRule...)
	ruletest.Run(t, rules, cases, ruletest.Options{Unpositioned: []string{"library/symlink-skipped", "library/skipped-folder", "library/template", "library/nested-skill", "library/unreadable", "library/symlink-loop", "library/reader-crash"}})
}

func TestDuplicateNameNamesTheOther(t *testing.T) {
	a, b := mdSkill("alpha"), xgsSkill("alpha", "a")
	CheckLibrary(&model.Library{Skills: []*model.Skill{a, b}})
	if !strings.Contains(a.Diagnostics[0].Message, "alpha.xgs.js") || !strings.Contains(b.Diagnostics[0].Message, "alpha/SKILL.md") {
		t.Errorf("messages do not name the other skill: %q / %q", a.Diagnostics[0].Message, b.Diagnostics[0].Message)
	}
}

// TestNestedSkillsAllFound: a SKILL.md at the root hides nothing below it;
// every nested one is a candidate and names the folder it sits in.
func TestNestedSkillsAllFound(t *testing.T) {
	fsys := fstest.MapFS{"SKILL.md": file(skillMD), "skills/a/SKILL.md": file(skillMD), "skills/a/web/SKILL.md": file(skillMD), "skills/b/SKILL.md": file(skillMD)}
	var got []string
	for _, c := range Find(fsys, ".").Candidates {
		got = append(got, c.Path+"<"+c.Within)
	}
	want := []string{".<", "skills/a<.", "skills/a/web<skills/a", "skills/b<."}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("candidates %v, want %v", got, want)
	}
}

func TestRequireCyclesReportedOnce(t *testing.T) {
	a, b := xgsSkill("a", "a", "b"), xgsSkill("b", "b", "a")
	cycles := RequireCycles([]*model.Skill{a, b})
	if len(cycles) != 1 || len(cycles[0]) != 2 {
		t.Fatalf("cycles = %v", cycles)
	}
	CheckLibrary(&model.Library{Skills: []*model.Skill{a, b}})
	if n := len(a.Diagnostics); n != 1 || !strings.Contains(a.Diagnostics[0].Message, "a → b → a") {
		t.Errorf("a: %+v", a.Diagnostics)
	}
}

// TestRulesAreData checks every rule skillstudio has: unique ids in a known
// family, a doc line, a real severity, and the metadata docs/rules.md shows.
func TestRulesAreData(t *testing.T) {
	ruletest.CheckMetadata(t, Rules())
	seen := map[string]bool{}
	for _, r := range Rules() {
		if seen[r.ID] {
			t.Errorf("duplicate rule id %s", r.ID)
		}
		seen[r.ID] = true
		family, _, ok := strings.Cut(r.ID, "/")
		if !ok || !map[string]bool{"xgs": true, "skillmd": true, "quiz": true, "osloop": true, "library": true, "remote": true, "evals": true, "review": true}[family] {
			t.Errorf("%s: id not in a known family", r.ID)
		}
		if strings.TrimSpace(r.Doc) == "" || strings.Contains(r.Doc, "\n") {
			t.Errorf("%s: doc must be one line", r.ID)
		}
		if r.Severity < model.SeverityInfo || r.Severity > model.SeverityError {
			t.Errorf("%s: default severity %v", r.ID, r.Severity)
		}
	}
}

// TestLibraryFindingsPointAtTheFieldUnderLint: lint drops parsed
// documents as soon as a skill is read (FindingsOnly), and library and
// listing findings still point at the declaration, not at 1:1.
func TestLibraryFindingsPointAtTheFieldUnderLint(t *testing.T) {
	xgsSrc := func(name string) *fstest.MapFile {
		return file("// ==XGooseSkill==\n// @name        " + name + "\n// @description Does one thing well for the agent.\n// ==/XGooseSkill==\nexport default {};\n")
	}
	md := func(name string) *fstest.MapFile {
		return file("---\nname: " + name + "\ndescription: Does one thing well.\n---\n# Body\n")
	}
	fsys := fstest.MapFS{
		"lib/a.xgs.js": xgsSrc("twin"), "lib/b.xgs.js": xgsSrc("twin"),
		"lib/skills/c/SKILL.md": md("c"), "lib/skills/d/SKILL.md": md("c"),
	}
	base := model.Location{Source: "lib", Root: "lib", FS: fsys}
	lib := LoadAll(t.Context(), base, "lib", model.Options{FindingsOnly: true}, nil)
	want := map[string]string{"lib/a.xgs.js": "2:17", "lib/skills/c/SKILL.md": "2:7"}
	for _, s := range lib.Skills {
		at, ok := want[s.Location.File]
		if !ok {
			continue
		}
		found := false
		for _, d := range s.Diagnostics {
			if d.Rule == "library/duplicate-name" {
				found = true
				if got := fmt.Sprintf("%d:%d", d.Line, d.Column); got != at {
					t.Errorf("%s: duplicate-name at %s, want %s", s.Location.File, got, at)
				}
			}
		}
		if !found {
			t.Errorf("%s: no library/duplicate-name in %v", s.Location.File, s.Diagnostics)
		}
	}
}

// TestTemplateSkillNotNested: a SKILL.md in a skill's assets/ or
// templates/ folder is the template of a new skill (placeholders in its
// frontmatter), one of the outer skill's files; a sub-skill elsewhere in
// the folder is still found.
func TestTemplateSkillNotNested(t *testing.T) {
	fsys := fstest.MapFS{"forge/SKILL.md": file(skillMD), "forge/templates/SKILL.md": file("---\nname: {{SKILL_NAME}}\n---\n"),
		"forge/assets/starter/SKILL.md": file(skillMD), "forge/web/SKILL.md": file(skillMD), "forge/web/templates/SKILL.md": file(skillMD)}
	var got []string
	for _, c := range Find(fsys, ".").Candidates {
		got = append(got, c.Path)
	}
	if want := "forge forge/web"; strings.Join(got, " ") != want {
		t.Errorf("candidates %v, want %s", got, want)
	}
}
