package skillmd

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/model"
)

// The Info tab's field table stays small however many values aliases
// name: nine anchors, each a list of nine aliases of the one before,
// name 9^9 values and took the studio past 8 GB.
func TestFieldTableIsBoundedUnderAliasBombs(t *testing.T) {
	var b strings.Builder
	b.WriteString("metadata:\n  a: &a [x, x, x, x, x, x, x, x, x]\n")
	for i := 1; i <= 8; i++ {
		prev, cur := string(rune('a'+i-1)), string(rune('a'+i))
		fmt.Fprintf(&b, "  %s: &%s [%s]\n", cur, cur, strings.TrimSuffix(strings.Repeat("*"+prev+", ", 9), ", "))
	}
	fsys := fstest.MapFS{"bomb/SKILL.md": {Data: []byte("---\nname: bomb\ndescription: Use when testing alias bombs in the field table.\n" + b.String() + "---\n\n# Bomb\n")}}
	s := Load(fsys, "bomb", model.Options{})
	var count func([]model.Field) int
	count = func(fs []model.Field) int {
		n := 0
		for _, f := range fs {
			n += 1 + len(f.List) + count(f.Children)
		}
		return n
	}
	if n := count(s.Fields); n == 0 || n > 2*maxFields {
		t.Errorf("%d fields", n)
	}
}
