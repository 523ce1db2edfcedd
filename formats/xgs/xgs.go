// Package xgs reads and checks skills of the xgs format: one NAME.xgs.js
// file with a `// ==XGooseSkill==` header and an ES-module body.
package xgs

import (
	"io/fs"

	"github.com/skillstudio/skillstudio/model"
)

// File is the parsed .xgs.js document kept in model.Skill.Doc.
type File struct {
	// Path is the FS path the file was read from.
	Path string
	// Source is the whole file as read.
	Source []byte
	// Header is the parsed header block; nil when there is none.
	Header *Header
}

// Load reads the skill at path (its main file for xgs, its folder otherwise)
// inside fsys. It never returns nil: a skill that cannot be parsed comes back
// with what could be read and diagnostics saying why.
func Load(fsys fs.FS, path string, opts model.Options) *model.Skill {
	return &model.Skill{Format: model.FormatXGS}
}
