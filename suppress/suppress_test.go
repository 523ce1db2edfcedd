package suppress_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/internal/ruletest"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/suppress"
)

// lint loads files as one library the way lint does and returns every
// finding as rule@line.
func lint(t *testing.T, files map[string]string) []model.Diagnostic {
	t.Helper()
	fsys := fstest.MapFS{}
	for name, text := range files {
		fsys[name] = &fstest.MapFile{Data: []byte(text)}
	}
	lib := formats.LoadAll(context.Background(), model.Location{FS: fsys, Local: true}, ".", model.Options{Profile: model.ProfileAll}, nil)
	var out []model.Diagnostic
	for _, s := range lib.Skills {
		out = append(out, s.Diagnostics...)
	}
	return out
}

func has(ds []model.Diagnostic, rule string, line int) bool {
	return slices.ContainsFunc(ds, func(d model.Diagnostic) bool { return d.Rule == rule && d.Line == line })
}

const broken = "---\nname: Demo_Skill\ndescription: Shows suppression comments in a test.\n---\n\n# Demo\n\nSee [missing](nothing.md).\n"

func TestNextLineMarkdown(t *testing.T) {
	ds := lint(t, map[string]string{"demo/SKILL.md": broken})
	if !has(ds, "skillmd/link", 8) {
		t.Fatalf("fixture lost its link finding:\n%s", ruletest.List(ds))
	}
	text := "---\nname: Demo_Skill\ndescription: Shows suppression comments in a test.\n---\n\n# Demo\n\n<!-- skillstudio-disable-next-line skillmd/link -- the file is generated -->\nSee [missing](nothing.md).\n"
	ds = lint(t, map[string]string{"demo/SKILL.md": text})
	if has(ds, "skillmd/link", 9) || has(ds, suppress.UnusedRule, 8) {
		t.Errorf("the comment should silence the link and count as used:\n%s", ruletest.List(ds))
	}
	if !has(ds, "skillmd/name", 2) {
		t.Errorf("other findings must stay:\n%s", ruletest.List(ds))
	}
}

func TestFrontmatterAndFileScope(t *testing.T) {
	text := "---\n# skillstudio-disable-next-line skillmd/name\nname: Demo_Skill\ndescription: Shows suppression comments in a test.\n---\n\n<!-- skillstudio-disable skillmd/link, skillmd/tokens -->\n# Demo\n\nSee [missing](nothing.md).\n"
	ds := lint(t, map[string]string{"demo/SKILL.md": text})
	for _, d := range ds {
		if d.Rule == "skillmd/name" || d.Rule == "skillmd/link" || d.Rule == suppress.UnusedRule {
			t.Errorf("not suppressed: %s", d)
		}
	}
}

func TestScriptComments(t *testing.T) {
	d := suppress.Parse("a.xgs.js", []byte("// @name a\n  // skillstudio-disable-next-line xgs/x, xgs/y\nfoo()\n// not skillstudio-disable here\n"))
	if len(d) != 1 || d[0].Line != 2 || d[0].Column != 6 || !slices.Equal(d[0].Rules, []string{"xgs/x", "xgs/y"}) || !d[0].Covers("xgs/y", 3) || d[0].Covers("xgs/y", 4) {
		t.Errorf("parsed %+v", d)
	}
	if got := suppress.Parse("SKILL.md", []byte("# Doc\n\n```markdown\n<!-- skillstudio-disable-next-line a/b -->\n```\n")); got != nil {
		t.Errorf("a comment in a code block is an example, got %+v", got)
	}
	if got := suppress.Parse("manifest.json", []byte(`{"x": "// skillstudio-disable"}`)); got != nil {
		t.Errorf("JSON has no comments, got %+v", got)
	}
}

func TestComment(t *testing.T) {
	for _, c := range []struct {
		name, line string
		front      bool
		want       string
	}{
		{"SKILL.md", "See [x](y).", false, "<!-- skillstudio-disable-next-line r/x -->\n"},
		{"SKILL.md", "name: x", true, "# skillstudio-disable-next-line r/x\n"},
		{"a.xgs.js", "\tcall()", false, "\t// skillstudio-disable-next-line r/x\n"},
	} {
		got, ok := suppress.Comment(c.name, "r/x", c.line, c.front)
		if !ok || got != c.want {
			t.Errorf("Comment(%q, %q) = %q, want %q", c.name, c.line, got, c.want)
		}
		// The comment it writes is one Parse reads back.
		if ds := suppress.Parse(c.name, []byte(map[bool]string{true: "---\n", false: "x\n"}[c.front]+got+c.line)); len(ds) != 1 || !ds[0].Covers("r/x", 3) {
			t.Errorf("Comment(%q) is not read back: %+v", c.name, ds)
		}
	}
}

func TestRules(t *testing.T) {
	ruletest.CheckMetadata(t, suppress.Rules)
	cases := []ruletest.Case{
		ruletest.Fails(suppress.UnusedRule, "a rule with nothing to suppress", func(t *testing.T) []model.Diagnostic {
			return lint(t, map[string]string{"demo/SKILL.md": broken + "<!-- skillstudio-disable-next-line skillmd/no-such-rule -->\nMore text.\n"})
		}),
		ruletest.Fails(suppress.UnusedRule, "a file-wide comment for a rule that does not fire", func(t *testing.T) []model.Diagnostic {
			return lint(t, map[string]string{"demo/SKILL.md": broken + "<!-- skillstudio-disable skillmd/no-such-rule -->\n"})
		}),
		ruletest.Passes(suppress.UnusedRule, "every comment used", func(t *testing.T) []model.Diagnostic {
			return lint(t, map[string]string{"demo/SKILL.md": broken + "<!-- skillstudio-disable skillmd/link -->\n"})
		}),
	}
	ruletest.Run(t, suppress.Rules, cases, ruletest.Options{})
}

// In an .xgs.js header, the comment sits among the directives without
// being reported as a stray header line.
func TestXGSHeader(t *testing.T) {
	script := "// ==XGooseSkill==\n// @name Bad_Name\n// @namespace demo\n// @version 0.1.0\n// @description Demo.\n// @match *://example.com/*\n// @primary go\n// ==/XGooseSkill==\nexport default defineSkill({ go: { description: 'x', input: z.object({}), run: async () => 1 } });\n"
	ds := lint(t, map[string]string{"demo.xgs.js": script})
	if !has(ds, "xgs/name", 2) {
		t.Fatalf("fixture lost its name finding:\n%s", ruletest.List(ds))
	}
	suppressed := strings.Replace(script, "// @name", "// skillstudio-disable-next-line xgs/name\n// @name", 1)
	ds = lint(t, map[string]string{"demo.xgs.js": suppressed})
	for _, d := range ds {
		if d.Rule == "xgs/name" || d.Rule == "xgs/header-line" || d.Rule == suppress.UnusedRule {
			t.Errorf("after the comment: %s", d)
		}
	}
}

// The header-order fix would move directives between lines, leaving a
// comment above the wrong one: with a comment in the header it is not
// offered.
func TestXGSHeaderOrderKeepsComments(t *testing.T) {
	script := "// ==XGooseSkill==\n// @namespace demo\n// skillstudio-disable-next-line xgs/name\n// @name Bad_Name\n// @version 0.1.0\n// @description Demo.\n// @match *://example.com/*\n// @primary go\n// ==/XGooseSkill==\nexport default defineSkill({});\n"
	ds := lint(t, map[string]string{"demo.xgs.js": script})
	found := false
	for _, d := range ds {
		if d.Rule == "xgs/header-order" {
			found = true
			if d.Fix != nil {
				t.Errorf("header-order offers a fix that would move the comment: %+v", d.Fix)
			}
		}
		if d.Rule == "xgs/name" {
			t.Errorf("not suppressed: %s", d)
		}
	}
	if !found {
		t.Fatalf("fixture lost its header-order finding:\n%s", ruletest.List(ds))
	}
}
