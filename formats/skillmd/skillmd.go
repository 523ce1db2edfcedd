// Package skillmd reads and checks skills of the skillmd format.
package skillmd

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
	return &model.Skill{Format: model.FormatSkillMD}
}
