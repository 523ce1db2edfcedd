package formats

import (
	"slices"
	"testing"
	"testing/fstest"
)

// Repositories keep the SKILL.md their generator fills in beside their
// skills; no agent loads skills from there, so the search leaves each out
// with one library/template note, and keeps every folder agents do load,
// a skill named template included.
func TestFindLeavesTemplatesOut(t *testing.T) {
	tmpl := file("---\nname: {{ NAME }}\ndescription: {{ DESCRIPTION }}\n---\n")
	fsys := fstest.MapFS{
		"templates/SKILL.md":                          tmpl,
		"template/skill/SKILL.md":                     tmpl,
		".templates/basic/SKILL.md":                   tmpl,
		"skill-template/SKILL.md":                     tmpl,
		"_Templates/SKILL.md":                         tmpl,
		"Skill_Templates/x/SKILL.md":                  tmpl,
		"html-templates/SKILL.md":                     file(skillMD),
		"{{cookiecutter.skill_slug}}/SKILL.md":        tmpl,
		"tools/scaffold/templates/skill/SKILL.md":     tmpl,
		"skills/{{cookiecutter.skill_slug}}/SKILL.md": tmpl,
		"skills/template/SKILL.md":                    file(skillMD),
		"skills/pdf-template/SKILL.md":                file(skillMD),
		"pdf-template/SKILL.md":                       file(skillMD),
		".claude/skills/templates/SKILL.md":           file(skillMD),
		"skills/pdf/SKILL.md":                         file(skillMD),
		"skills/pdf/templates/SKILL.md":               tmpl, // the outer skill's own file (nested.go)
		"templated-docs/SKILL.md":                     file(skillMD),
		"temple/SKILL.md":                             file(skillMD),
	}
	f := Find(fsys, ".")
	var got []string
	for _, c := range f.Candidates {
		got = append(got, c.Path)
	}
	want := []string{".claude/skills/templates", "html-templates", "pdf-template", "skills/pdf", "skills/pdf-template", "skills/template", "templated-docs", "temple"}
	if !slices.Equal(got, want) {
		t.Errorf("skills found = %q, want %q", got, want)
	}
	var notes []string
	for _, d := range f.Problems {
		if d.Rule != "library/template" {
			t.Errorf("unexpected finding %s: %s", d.Rule, d.Message)
			continue
		}
		notes = append(notes, d.File)
	}
	slices.Sort(notes)
	wantNotes := []string{".templates/basic/SKILL.md", "Skill_Templates/x/SKILL.md", "_Templates/SKILL.md", "skill-template/SKILL.md", "skills/{{cookiecutter.skill_slug}}/SKILL.md",
		"template/skill/SKILL.md", "templates/SKILL.md", "tools/scaffold/templates/skill/SKILL.md", "{{cookiecutter.skill_slug}}/SKILL.md"}
	if !slices.Equal(notes, wantNotes) {
		t.Errorf("library/template notes on %q, want %q", notes, wantNotes)
	}
}

// A template named as the root, or searched from inside its template
// folder, is checked as a skill: the user asked for it.
func TestFindTemplateNamedIsChecked(t *testing.T) {
	fsys := fstest.MapFS{"templates/SKILL.md": file(skillMD), "template/skill/SKILL.md": file(skillMD)}
	for _, root := range []string{"templates", "templates/SKILL.md", "template"} {
		f := Find(fsys, root)
		if len(f.Candidates) != 1 || len(f.Problems) != 0 {
			t.Errorf("Find(%q) = %d skills, %d findings; want the template as one skill", root, len(f.Candidates), len(f.Problems))
		}
	}
}
