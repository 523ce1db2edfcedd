package skillmd

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/model"
)

// utf16LE is s in UTF-16 little endian with a byte-order mark, as
// PowerShell 5's > and Notepad's "Unicode" save a file.
func utf16LE(s string) []byte {
	b := []byte{0xFF, 0xFE}
	for _, r := range s { // ASCII only in these tests
		b = append(b, byte(r), 0)
	}
	return b
}

// A SKILL.md saved as UTF-16 is named as such, with how to re-save it, not
// called a binary file; show decodes it so the author can read what is there.
func TestUTF16SkillIsNamedAndShown(t *testing.T) {
	const text = "---\nname: win-skill\ndescription: Written on Windows.\n---\n\n# Win\n\nBody.\n"
	fsys := fstest.MapFS{"win-skill/SKILL.md": {Data: utf16LE(text)}}
	s := Load(fsys, "win-skill", model.Options{Profile: model.ProfileAll})
	if len(s.Diagnostics) != 1 {
		t.Fatalf("want one finding, got %v", s.Diagnostics)
	}
	d := s.Diagnostics[0]
	if d.Rule != "skillmd/binary" || d.Severity != model.SeverityError || d.Line != 1 || d.Column != 1 ||
		!strings.Contains(d.Message, "UTF-16 LE") || !strings.Contains(d.Hint, "UTF-8") {
		t.Errorf("finding = %s %v %d:%d %q (hint %q); want an error at 1:1 naming UTF-16 LE with a UTF-8 hint",
			d.Rule, d.Severity, d.Line, d.Column, d.Message, d.Hint)
	}
	p, err := Preview(fsys, "win-skill")
	if err != nil {
		t.Fatal(err)
	}
	if p.Name != "win-skill" || !strings.Contains(p.Body, "# Win") {
		t.Errorf("Preview = name %q, body %q; want the decoded skill", p.Name, p.Body)
	}
}

// Line ends and closers from other tools are named with where they are:
// a file with lone CR line ends used to be told it "does not start with a
// --- line", and a frontmatter closed by YAML's ... that it is "never
// closed" at line 1.
func TestForeignLineEndsAndClosers(t *testing.T) {
	cases := []struct {
		name, src string
		line, col int
		want      string
	}{
		{"lone CR", "---\rname: a\rdescription: b\r---\r\r# A\r", 1, 4, "lone carriage return"},
		{"document end", "---\nname: a\ndescription: b\n...\n\n# A\n", 4, 1, "document-end marker"},
	}
	for _, c := range cases {
		fm := ParseFrontmatter([]byte(c.src))
		if len(fm.Problems) != 1 {
			t.Errorf("%s: problems = %v, want one", c.name, fm.Problems)
			continue
		}
		if p := fm.Problems[0]; p.Line != c.line || p.Col != c.col || !strings.Contains(p.Message, c.want) || p.Hint == "" {
			t.Errorf("%s: problem = %d:%d %q; want %d:%d saying %q with a hint", c.name, p.Line, p.Col, p.Message, c.line, c.col, c.want)
		}
	}
}
