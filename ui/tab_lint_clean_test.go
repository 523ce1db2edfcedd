package ui

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/charmbracelet/x/ansi"
	"github.com/skillstudio/skillstudio/model"
)

// A clean skill's Lint tab wraps its note to the pane and does not offer
// live lint for a skill that is not on this disk.
func TestCleanLintTabNote(t *testing.T) {
	st := NewCommon(Theme{Dark: true}).Styles
	for _, local := range []bool{true, false} {
		e := streamEntry(1, "clean")
		e.Skill.Location = model.Location{Source: "s", FS: fstest.MapFS{}, Dir: ".", File: "SKILL.md", Local: local}
		out, _ := lintContent(st, e, nil, 0, nil, 0, 40, "")
		text := ansi.Strip(out)
		for _, l := range strings.Split(text, "\n") {
			if w := ansi.StringWidth(l); w > 40 {
				t.Errorf("local=%v: line %q is %d wide, pane is 40", local, l, w)
			}
		}
		if live := strings.Contains(text, "Live lint"); live != local {
			t.Errorf("local=%v: note %q", local, text)
		}
	}
}
