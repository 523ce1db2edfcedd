package formats

import (
	"os"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

// Preview shows what Load would: the same name, description and body.
func TestPreviewMatchesLoad(t *testing.T) {
	fsys := os.DirFS("../examples/library")
	found := Find(fsys, ".")
	if len(found.Candidates) == 0 {
		t.Fatal("no skills in the example library")
	}
	loc := model.Location{FS: fsys}
	for _, c := range found.Candidates {
		p, l := Preview(c, loc), Load(c, loc, model.Options{Profile: model.ProfileAll})
		if p.Name != l.Name || p.Description != l.Description || p.Body != l.Body || p.BodyLine != l.BodyLine {
			t.Errorf("%s: Preview (%q, %q, body %d bytes at line %d) differs from Load (%q, %q, body %d bytes at line %d)",
				c.Path, p.Name, p.Description, len(p.Body), p.BodyLine, l.Name, l.Description, len(l.Body), l.BodyLine)
		}
	}
}

// BenchmarkPreviewSkillMD and BenchmarkLoadSkillMDForShow are what `show`
// reads a SKILL.md skill with now and what it read before.
func BenchmarkPreviewSkillMD(b *testing.B) {
	c, loc := showBenchSkill(b)
	for b.Loop() {
		Preview(c, loc)
	}
}

func BenchmarkLoadSkillMDForShow(b *testing.B) {
	c, loc := showBenchSkill(b)
	for b.Loop() {
		Load(c, loc, model.Options{Profile: model.ProfileAll})
	}
}

func showBenchSkill(b *testing.B) (Candidate, model.Location) {
	fsys := os.DirFS("../examples/library")
	for _, c := range Find(fsys, ".").Candidates {
		if c.Format == model.FormatSkillMD {
			return c, model.Location{FS: fsys}
		}
	}
	b.Skip("no SKILL.md skill in the example library")
	return Candidate{}, model.Location{}
}
