package skillmd

import (
	"io/fs"
	"path"

	"gopkg.in/yaml.v3"

	"github.com/skillstudio/skillstudio/internal/sniff"
	"github.com/skillstudio/skillstudio/model"
)

// Preview reads only what a viewer renders of the skill in folder dir: its
// name, description and body. It runs no checks and lists no files, so
// `show` costs the read and the render; Load is the checked read.
func Preview(fsys fs.FS, dir string) (*model.Skill, error) {
	dir = path.Clean(dir)
	s := &model.Skill{Format: model.FormatSkillMD, Name: folderName(dir)}
	file := path.Join(dir, "SKILL.md")
	data, _, err := readCapped(fsys, file, MaxFileBytes)
	if err != nil {
		file = path.Join(dir, "skill.md")
		if data, _, err = readCapped(fsys, file, MaxFileBytes); err != nil {
			return nil, err
		}
	}
	if w, ok := sniff.WideText(data); ok {
		if text, err := w.Decode(data); err == nil {
			data = text // UTF-16 from Windows: lint says so, show shows the text
		}
	}
	if i := sniff.NUL(data); i >= 0 {
		data = data[:i] // a binary file: show the text before the NUL
	}
	data, _ = sanitizeUTF8(data)
	fm := ParseFrontmatter(data)
	s.Location.Dir, s.Location.File = dir, file
	s.Body, s.BodyFile, s.BodyLine = string(data[fm.BodyStart:]), file, fm.BodyLine
	if name := scalarField(fm.Node, "name"); name != "" {
		s.Name = name
	}
	s.Description = scalarField(fm.Node, "description")
	return s, nil
}

// scalarField is the string value of key in a frontmatter mapping.
func scalarField(m *yaml.Node, key string) string {
	if m == nil || m.Kind != yaml.MappingNode {
		return ""
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if k, v := m.Content[i], m.Content[i+1]; k.Value == key && v.Kind == yaml.ScalarNode {
			return v.Value
		}
	}
	return ""
}
