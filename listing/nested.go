package listing

import (
	"path"
	"strings"

	"github.com/skillstudio/skillstudio/model"
)

// SplitNested splits skills into those agent lists and the SKILL.md
// skills that sit inside another listed skill's folder (a router skill's
// sub-skills under reference/<name>/SKILL.md). Claude Code, GitHub
// Copilot and Gemini CLI read one level, <skills folder>/<name>/SKILL.md,
// so they list only the outer skill; Codex walks each skills root and
// lists every SKILL.md it finds (ListsNested). The outer skill is found
// among skills themselves, so a sub-skill linted on its own is listed.
func SplitNested(agent Profile, skills []*model.Skill) (listed, nested []*model.Skill) {
	if agent.ListsNested {
		return skills, nil
	}
	outer := map[string]bool{}
	for _, s := range skills {
		if s.Format == model.FormatSkillMD {
			outer[BySource(s)+"\x00"+s.Location.Dir] = true
		}
	}
	for _, s := range skills {
		if insideSkill(s, outer) {
			nested = append(nested, s)
		} else {
			listed = append(listed, s)
		}
	}
	return listed, nested
}

// insideSkill reports whether a folder above s's own is a skill's folder.
func insideSkill(s *model.Skill, outer map[string]bool) bool {
	key := BySource(s) + "\x00"
	for dir := path.Dir(s.Location.Dir); dir != "." && dir != "/" && dir != "" && !strings.HasSuffix(dir, ".."); dir = path.Dir(dir) {
		if outer[key+dir] {
			return true
		}
	}
	return false
}
