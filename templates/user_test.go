package templates

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

func writeFiles(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for p, data := range files {
		full := filepath.Join(root, filepath.FromSlash(p))
		os.MkdirAll(filepath.Dir(full), 0o755)
		if err := os.WriteFile(full, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestUserTemplates(t *testing.T) {
	user := t.TempDir()
	writeFiles(t, user, map[string]string{
		"skillmd/team/template.yaml":       "description: Our team's skill layout.\noptional: [examples]\n",
		"skillmd/team/SKILL.md.tmpl":       "---\nname: {{.Name}}\ndescription: {{yaml .Description}}\n---\n\n# {{line .Title}}\n\nFollow the team handbook.\n{{if .With.examples}}\nSee [examples/one.md](examples/one.md).\n{{end}}",
		"skillmd/team/examples/one.md":     "# One example\n",
		"skillmd/minimal/template.yaml":    "description: A replacement for the built-in minimal.\n",
		"skillmd/minimal/SKILL.md.tmpl":    "---\nname: {{.Name}}\ndescription: {{yaml .Description}}\n---\n\n# Ours\n\nBody.\n",
		"skillmd/broken/SKILL.md.tmpl":     "no template.yaml here",
		"xgs/mine/template.yaml":           "description: Mine.\n",
		"xgs/mine/__name__.xgs.js.tmpl":    "{{.Nope}}",
		"osloop/.hidden/template.yaml":     "description: skipped\n",
		"skillmd/bad-syntax/template.yaml": "description: Bad.\n",
		"skillmd/bad-syntax/SKILL.md.tmpl": "{{if}}",
	})
	ts, errs := List(model.FormatSkillMD, user)
	var names []string
	for _, tm := range ts {
		names = append(names, tm.Name)
	}
	if got := strings.Join(names, ","); got != "minimal,claude,registry,quiz,bad-syntax,team" {
		t.Errorf("templates = %s", got)
	}
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "broken") {
		t.Errorf("errors = %v, want one naming the template without template.yaml", errs)
	}
	if ts[0].Builtin() || ts[0].Description != "A replacement for the built-in minimal." {
		t.Errorf("the user's minimal does not replace the built-in one: %+v", ts[0])
	}

	team, err := Lookup(model.FormatSkillMD, "team", user)
	if err != nil {
		t.Fatal(err)
	}
	root, _ := writeNew(t, team, Values{Name: "handbook", Description: "Team: handbook", With: []string{"examples"}})
	if _, err := os.Stat(filepath.Join(root, "handbook", "examples", "one.md")); err != nil {
		t.Errorf("the optional part was not written: %v", err)
	}
	if _, bad := lintTree(t, root); len(bad) > 0 {
		t.Errorf("%v", bad)
	}

	for _, c := range []struct {
		f    model.Format
		name string
		want string
	}{
		{model.FormatXGS, "mine", "Nope"},
		{model.FormatSkillMD, "bad-syntax", "SKILL.md.tmpl"},
	} {
		tm, err := Lookup(c.f, c.name, user)
		if err != nil {
			t.Fatal(err)
		}
		_, err = Prepare(tm, Values{Name: "x", Description: "D", Matches: []string{"<all_urls>"}}, filepath.Join(t.TempDir(), "x"))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), user) {
			t.Errorf("%s/%s: err = %v, want one naming %s and the template's folder", c.f, c.name, err, c.want)
		}
	}
	if _, err := Lookup(model.FormatOSLoop, "nope", user); err == nil || !strings.Contains(err.Error(), "declarative") {
		t.Errorf("unknown template: %v", err)
	}
}

func TestValuesHelpers(t *testing.T) {
	v := Values{Name: " web-summary ", Description: " D ", Matches: []string{"", " <all_urls> "}}.Normalized(model.FormatXGS)
	if v.Name != "web-summary" || v.Namespace != "webSummary" || v.Version != DefaultVersion || len(v.Matches) != 1 || v.Matches[0] != "<all_urls>" {
		t.Errorf("Normalized = %+v", v)
	}
	if got := (Values{}).Missing(model.FormatOSLoop); strings.Join(got, ",") != "name,description,author" {
		t.Errorf("Missing = %v", got)
	}
	if got := (Values{Name: "x", Description: "y"}).Missing(model.FormatXGS); strings.Join(got, ",") != "match" {
		t.Errorf("Missing = %v", got)
	}
	base := t.TempDir()
	if got := SuggestDir(model.FormatOSLoop, "n", base); got != "n" {
		t.Errorf("SuggestDir outside a repository = %s", got)
	}
	os.Mkdir(filepath.Join(base, "skills"), 0o755)
	if got := SuggestDir(model.FormatOSLoop, "n", base); got != filepath.Join("skills", "n") {
		t.Errorf("SuggestDir in a repository = %s", got)
	}
	if got := SuggestDir(model.FormatXGS, "n", base); got != "." {
		t.Errorf("SuggestDir for xgs = %s", got)
	}
	if _, err := ParseFormat("SKILL.md"); err != nil {
		t.Error(err)
	}
	if _, err := ParseFormat("docx"); err == nil {
		t.Error("docx accepted")
	}
}
