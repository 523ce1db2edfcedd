package ui

import (
	"strings"
	"testing"
	"testing/fstest"
	"unicode/utf16"

	"github.com/skillstudio/skillstudio/formats/skillmd"
	"github.com/skillstudio/skillstudio/model"
)

// TestBodyDocShowsWideSkill: a SKILL.md saved as UTF-16 fails its checked
// read, but the Read tab shows its text (as show does) under the finding
// that says why agents skip it, not "no body text".
func TestBodyDocShowsWideSkill(t *testing.T) {
	text := "---\nname: wide\ndescription: Saved by PowerShell.\n---\n# Wide skill\n\nStep one: breathe.\n"
	b := []byte{0xFF, 0xFE}
	for _, u := range utf16.Encode([]rune(text)) {
		b = append(b, byte(u), byte(u>>8))
	}
	fsys := fstest.MapFS{"wide/SKILL.md": {Data: b}}
	s := skillmd.Load(fsys, "wide", model.Options{})
	s.Location.FS = fsys // as the pipeline sets it
	md := bodyDoc(&Entry{ID: 1, Skill: s}).markdown
	for _, want := range []string{"Step one: breathe.", "UTF-16 LE", "Save it as UTF-8"} {
		if !strings.Contains(strings.ReplaceAll(md, `\`, ""), want) { // mdLiteral escapes punctuation
			t.Errorf("Read tab body lacks %q:\n%s", want, md)
		}
	}
	if strings.Contains(md, "no body text") {
		t.Errorf("Read tab says the UTF-16 skill has no body:\n%s", md)
	}
}
