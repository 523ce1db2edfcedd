package formats

import (
	"fmt"
	"path"
	"strings"
)

// Skill templates: repositories that generate skills keep the SKILL.md
// they fill in beside their skills (templates/SKILL.md,
// template/skill/SKILL.md, .templates/, skill-template/SKILL.md, a
// cookiecutter {{cookiecutter.name}}/SKILL.md). No agent loads skills
// from such folders (Claude Code, Codex, GitHub Copilot and Gemini CLI
// read <skills folder>/<name>/SKILL.md, and a plugin's skills/), and
// their placeholders would read as broken skills. The search leaves them
// out and says so once per template, so lint, listing and the studio,
// which all search through here, agree. A folder named like a template
// directly inside a skills folder is what agents load (a skill named
// template), and a root named explicitly is always searched as asked.

// templateFolder reports whether a folder's name marks skill templates:
// template or templates, also with a leading dot or underscore (hygen's
// _templates) or joined to skill (skill-template, template_skill); or a
// generator's placeholder (cookiecutter and copier name folders
// {{cookiecutter.slug}} or {% if %}). Other words joined to template
// (pdf-template, html-templates) name skills about templates: still
// skills.
func templateFolder(name string) bool {
	if strings.Contains(name, "{{") || strings.Contains(name, "{%") {
		return true
	}
	n := strings.ToLower(strings.TrimLeft(name, "._"))
	n = strings.NewReplacer("_", "-", "skills", "skill", "templates", "template").Replace(n)
	return n == "template" || n == "skill-template" || n == "template-skill"
}

// skillsFolder is a folder agents load skills from one level down.
func skillsFolder(name string) bool { return strings.EqualFold(name, "skills") }

// templatePath reports whether the skill folder dir, found by searching
// root, sits in a template folder: a folder between root and dir, or dir
// itself, named as templateFolder says and not directly inside a skills
// folder. Folders at or above root do not count. rootName, when not
// empty, is root's name on disk (root is "." for a local source opened on
// the folder asked for).
func templatePath(root, rootName, dir string) bool {
	rel := dir
	if root != "." && root != "" {
		var ok bool
		if rel, ok = strings.CutPrefix(dir, strings.TrimSuffix(root, "/")+"/"); !ok {
			return false
		}
	}
	if rel == "" || rel == "." {
		return false
	}
	parent := path.Base(root)
	if rootName != "" {
		parent = rootName
	}
	for _, seg := range strings.Split(rel, "/") {
		if templateFolder(seg) && (!skillsFolder(parent) || strings.Contains(seg, "{")) {
			return true
		}
		parent = seg
	}
	return false
}

// templateFinding is the note for a template left out of the search.
func templateFinding(dir string) (rule, msg, hint string) {
	file := path.Join(dir, "SKILL.md")
	return "library/template", fmt.Sprintf("%s is a skill template, not a skill: it sits in a template folder, which no agent loads skills from, so it is not linted or listed", file),
		fmt.Sprintf("To check the template itself, lint it by name (skillstudio lint %s); if it is a real skill, move it into a skills/ folder.", dir)
}
