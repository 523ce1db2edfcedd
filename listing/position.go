package listing

import (
	"io"
	"io/fs"

	"gopkg.in/yaml.v3"

	"github.com/skillstudio/skillstudio/formats/skillmd"
	"github.com/skillstudio/skillstudio/model"
)

// descPos is where a skill's description is written: the value of the
// SKILL.md frontmatter description, else the skill's main file at line 1.
// Lint drops parsed documents as soon as a skill is read
// (model.Options.FindingsOnly), so without one the frontmatter is read
// again; that happens only for skills that get a finding.
func descPos(s *model.Skill) (file string, line, col int) {
	file = s.Location.File
	if d, ok := s.Doc.(*skillmd.Document); ok && d != nil {
		if n := d.Field("description"); n != nil && d.Frontmatter.Line > 0 {
			return d.File, d.Frontmatter.Line + n.Line - 1, n.Column
		}
		return file, 1, 1
	}
	if s.Format == model.FormatSkillMD && s.Location.FS != nil && file != "" {
		if fm, ok := reread(s.Location.FS, file); ok {
			if n := mapValue(fm.Node, "description"); n != nil && fm.Line > 0 {
				return file, fm.Line + n.Line - 1, n.Column
			}
		}
	}
	return file, 1, 1
}

// maxReread bounds the re-read: frontmatter sits at the top of the file.
const maxReread = 256 << 10

func reread(fsys fs.FS, file string) (skillmd.Frontmatter, bool) {
	f, err := fsys.Open(file)
	if err != nil {
		return skillmd.Frontmatter{}, false
	}
	defer f.Close()
	src, err := io.ReadAll(io.LimitReader(f, maxReread))
	if err != nil {
		return skillmd.Frontmatter{}, false
	}
	return skillmd.ParseFrontmatter(src), true
}

// mapValue is the value node of key in a YAML mapping, or nil.
func mapValue(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}
