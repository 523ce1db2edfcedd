package formats

import (
	"io/fs"
	"path"
	"path/filepath"
	"strings"

	"github.com/skillstudio/skillstudio/model"
)

// nameScope is the set of skills an agent lists together, inside which a
// skill name must be unique. Two skills only clash when one agent would
// list both under the same name:
//   - a Claude Code plugin (a folder with .claude-plugin/plugin.json)
//     namespaces its skills as /plugin:skill, so a plugin is its own scope;
//   - an agent's skills folder (.claude/skills, .agents/skills,
//     .codex/skills, .github/skills, .cursor/skills, .gemini/skills, …) is
//     its own scope, so one skill copied into several agents' folders is
//     not a duplicate;
//   - otherwise the folder that holds the skill folders is the scope, so a
//     preview channel (skills/.experimental beside skills/.curated) or a
//     translated set (skills/i18n/…) does not clash with the main set.
//
// OS Loop packages follow the same rule as SKILL.md folders (an index.json
// lists the packages of one folder). .xgs.js skills share one scope per
// source root: @name is globally unique and the injector loads them all
// together; a skill folder directly under the root joins that scope.
func nameScope(s *model.Skill, plugins pluginCache) string {
	if s.Built {
		return builtScope(s)
	}
	if s.Format == model.FormatXGS {
		return s.Location.Source + "\x00"
	}
	parent := path.Dir(s.Location.Dir)
	if path.Base(parent) == "skills" && s.Location.FS != nil {
		// A plugin's skills sit in <plugin>/skills/<name>.
		if plugin := path.Dir(parent); plugins.is(s, plugin) {
			return s.Location.Source + "\x00plugin:" + plugin
		}
	}
	if parent == "." {
		return s.Location.Source + "\x00"
	}
	return s.Location.Source + "\x00" + parent
}

// builtScope is the scope of a build's output: its output folder. The
// bundles of one build still clash with each other, but not with the
// sources they were built from (`build -o out` then `lint .` named every
// skill twice; dist, the default, is never searched).
func builtScope(s *model.Skill) string {
	return s.Location.Source + "\x00built:" + s.Location.Dir
}

// pluginCache remembers, per source and folder, whether the folder is a
// Claude Code plugin: its skills all ask about the same one.
type pluginCache map[[2]string]bool

func (c pluginCache) is(s *model.Skill, dir string) bool {
	k := [2]string{s.Location.Source, dir}
	is, ok := c[k]
	if !ok {
		is = isFile(s.Location.FS, path.Join(dir, ".claude-plugin", "plugin.json"))
		c[k] = is
	}
	return is
}

func isFile(fsys fs.FS, p string) bool {
	info, err := fs.Stat(fsys, p)
	return err == nil && !info.IsDir()
}

// declaresName says whether the skill's name comes from its own file:
// a SKILL.md without a name: key (an overlay fragment a build merges into
// another skill) takes its folder's name and clashes with nothing.
func declaresName(s *model.Skill) bool {
	_, _, declared := s.DeclaredAt("name", "")
	return s.Format != model.FormatSkillMD || declared
}

// relativeTo writes other's file as a path from s's folder, the way a
// person reading s would walk to it.
func relativeTo(s, other *model.Skill) string {
	from := s.Location.Dir
	if s.Format == model.FormatXGS || from == "" {
		from = path.Dir(s.Location.File)
	}
	if rel, err := filepath.Rel(filepath.FromSlash(from), filepath.FromSlash(other.Location.File)); err == nil && !strings.HasPrefix(rel, string(filepath.Separator)) {
		return filepath.ToSlash(rel)
	}
	return other.Location.Path(other.Location.File)
}
