package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// lint and listing agree on what a skill is in a repository that keeps
// skill templates beside its skills (testdata/realworld/skill-templates):
// the templates are noted once each and left out, and the skill named
// template in skills/ is linted and listed, whether the search starts at
// the repository or at skills/ itself (where the folder's own name says
// template is one level below a skills folder).
func TestTemplatesLeftOutOfLintAndListing(t *testing.T) {
	repo, err := filepath.Abs(filepath.Join("testdata", "realworld", "skill-templates"))
	if err != nil {
		t.Fatal(err)
	}
	inFolder(t, repo, func() {
		for _, root := range []string{".", "skills"} {
			_, lint, _ := runCLI(t, "lint", root)
			if !strings.Contains(lint, "in 2 skills") || !strings.Contains(lint, "skills/template/SKILL.md") {
				t.Errorf("lint %s:\n%s\nwant the two skills of skills/, template included", root, lint)
			}
			for _, line := range strings.Split(lint, "\n") {
				if (strings.HasPrefix(line, "template/") || strings.HasPrefix(line, ".templates/") || strings.HasPrefix(line, "{{")) && !strings.Contains(line, "library/template") {
					t.Errorf("lint %s checked a template as a skill: %s", root, line)
				}
			}
			if root == "." && strings.Count(lint, "library/template") != 3 {
				t.Errorf("lint . noted %d templates, want 3:\n%s", strings.Count(lint, "library/template"), lint)
			}
			_, listing, _ := runCLI(t, "listing", "--agent", "gemini", root)
			if !strings.Contains(listing, "2 skills") || !strings.Contains(listing, " template ") || !strings.Contains(listing, "changelog-draft") {
				t.Errorf("listing %s:\n%s\nwant changelog-draft and template", root, listing)
			}
		}
	})
}

// The review still reads templates as skills: a checkout must not hide a
// skill from review by naming its folder templates/ (SECURITY.md).
func TestReviewKeepsTemplates(t *testing.T) {
	repo, err := filepath.Abs(filepath.Join("testdata", "realworld", "skill-templates"))
	if err != nil {
		t.Fatal(err)
	}
	inFolder(t, repo, func() {
		_, out, _ := runCLI(t, "review", ".")
		for _, want := range []string{"template/SKILL.md", ".templates/skill/SKILL.md", "{{cookiecutter.skill_slug}}/SKILL.md", "5 skills reviewed"} {
			if !strings.Contains(out, want) {
				t.Errorf("review . does not show %q:\n%s", want, out)
			}
		}
	})
}

// pre-commit passes a commit's files with --changed: a commit that edits
// a template gets the template note, not the errors of a skill whose
// name does not match its folder.
func TestChangedTemplateIsNoted(t *testing.T) {
	repo, err := filepath.Abs(filepath.Join("testdata", "realworld", "skill-templates"))
	if err != nil {
		t.Fatal(err)
	}
	inFolder(t, repo, func() {
		code, out, stderr := runCLI(t, "lint", "--changed", "template/SKILL.md", "skills/template/SKILL.md")
		if code != 0 || !strings.Contains(out, "template/SKILL.md: info library/template") || !strings.Contains(out, "0 errors, 0 warnings") {
			t.Errorf("lint --changed on a template and a skill: exit %d\n%s%s", code, out, stderr)
		}
	})
}
