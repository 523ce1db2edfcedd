package formats

import (
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/model"
)

func TestUTF16Column(t *testing.T) {
	text := &columnText{text: []byte("héllo [x](nope.md)\n😀 [y](z.md)\nplain")}
	cases := []struct{ line, col, want int }{
		{1, 1, 1},
		{1, 8, 7},    // "héllo " is 7 bytes, 6 characters: the [ is character 7
		{2, 6, 4},    // the emoji is 4 bytes and 2 UTF-16 units
		{3, 9, 9},    // past the end keeps its distance
		{1, 3, 3},    // inside é: counts it once
		{9, 5, 5},    // no such line
		{1, 100, 99}, // 19 bytes, 18 characters, then 80 past the end
	}
	for _, c := range cases {
		if got := text.column(c.line, c.col); got != c.want {
			t.Errorf("line %d col %d: got %d, want %d", c.line, c.col, got, c.want)
		}
	}
}

// TestLoadReportsCharacterColumns: a finding after non-ASCII text points
// at the character, not the byte, once it leaves Load.
func TestLoadReportsCharacterColumns(t *testing.T) {
	fsys := fstest.MapFS{"s/SKILL.md": file("---\nname: s\ndescription: Déjà vu.\n---\n# S\n\nVoir ça : [x](nope.md)\n")}
	s := Load(Candidate{Format: model.FormatSkillMD, Path: "s"}, model.Location{FS: fsys}, model.Options{})
	for _, d := range s.Diagnostics {
		if d.Rule == "skillmd/link" {
			if d.Line != 7 || d.Column != 11 {
				t.Errorf("link finding at %d:%d, want 7:11", d.Line, d.Column)
			}
			return
		}
	}
	t.Fatalf("no skillmd/link finding: %v", s.Diagnostics)
}
