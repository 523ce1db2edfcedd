package listing

import (
	"fmt"
	"strings"

	"github.com/skillstudio/skillstudio/model"
)

// skill makes a SKILL.md-like skill in folder name.
func skill(name, desc string) *model.Skill {
	return &model.Skill{
		Format: model.FormatSkillMD, Name: name, Description: desc,
		Location: model.Location{Source: "test", Dir: name, File: name + "/SKILL.md"},
	}
}

// generated is a library of n skills whose descriptions are each size
// characters long, named s00, s01, … so name order is creation order.
func generated(n, size int) []*model.Skill {
	var out []*model.Skill
	for i := range n {
		d := fmt.Sprintf("Skill %02d handles topic %02d. Use when ", i, i)
		d += strings.Repeat("x", max(0, size-len(d)))
		out = append(out, skill(fmt.Sprintf("s%02d", i), d))
	}
	return out
}
