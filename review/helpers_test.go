package review

import (
	"encoding/base64"
	"path"
	"sort"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/model"
)

// skillOf builds a skill of format f from files (path → content) in a
// folder "s"; for xgs the one file is s/NAME.xgs.js.
func skillOf(f model.Format, files map[string]string) *model.Skill {
	fsys := fstest.MapFS{}
	var names []string
	for name, text := range files {
		fsys[path.Join("s", name)] = &fstest.MapFile{Data: []byte(text)}
		names = append(names, name)
	}
	sort.Strings(names)
	s := &model.Skill{Format: f, Name: "s", Files: names, Location: model.Location{Dir: "s", FS: fsys}}
	switch f {
	case model.FormatXGS:
		s.Location.File = path.Join("s", names[0])
	case model.FormatSkillMD:
		s.Location.File = "s/SKILL.md"
	case model.FormatOSLoop:
		s.Location.File = "s/manifest.json"
	}
	return s
}

func md(files ...string) *model.Skill {
	m := map[string]string{"SKILL.md": "---\nname: s\ndescription: A test skill.\n---\n# S\n"}
	for i := 0; i+1 < len(files); i += 2 {
		m[files[i]] = files[i+1]
	}
	return skillOf(model.FormatSkillMD, m)
}

func body(text string) *model.Skill {
	return md("SKILL.md", "---\nname: s\ndescription: A test skill.\n---\n"+text)
}

func frontmatter(yaml string) *model.Skill {
	return md("SKILL.md", "---\nname: s\ndescription: A test skill.\n"+yaml+"---\n# S\n")
}

// xgsSkill wraps code in a header with the given extra directives.
func xgsSkill(directives, code string) *model.Skill {
	src := "// ==XGooseSkill==\n// @name s\n// @namespace s\n// @match *://www.shop.example/*\n" + directives + "// ==/XGooseSkill==\n" + code
	return skillOf(model.FormatXGS, map[string]string{"s.xgs.js": src})
}

func osloopSkill(manifest, module string) *model.Skill {
	return skillOf(model.FormatOSLoop, map[string]string{"manifest.json": manifest, "module.ts": module})
}

func rulesIn(ds []model.Diagnostic) map[string]int {
	out := map[string]int{}
	for _, d := range ds {
		out[d.Rule]++
	}
	return out
}

func b64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

// described is a SKILL.md skill whose reader found description desc.
func described(desc string) *model.Skill {
	s := body("# S\n")
	s.Description = desc
	return s
}

// whenToUse is a SKILL.md skill with Claude Code's when_to_use field.
func whenToUse(text string) *model.Skill {
	s := body("# S\n")
	s.Description = "A test skill."
	s.Fields = []model.Field{{Name: "when_to_use", Value: text}}
	return s
}
