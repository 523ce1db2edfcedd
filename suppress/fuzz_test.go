package suppress

import (
	"strings"
	"testing"
)

// FuzzParse: any file text parses without panicking, and every directive
// points at a real line, at the marker.
func FuzzParse(f *testing.F) {
	f.Add("---\n# skillstudio-disable-next-line a/b\nname: x\n---\n<!-- skillstudio-disable -->\n", true)
	f.Add("// skillstudio-disable-next-line a/b, c/d -- why\nx()\n", false)
	f.Fuzz(func(t *testing.T, text string, md bool) {
		name := "a.xgs.js"
		if md {
			name = "SKILL.md"
		}
		lines := strings.Split(text, "\n")
		for _, d := range Parse(name, []byte(text)) {
			if d.Line < 1 || d.Line > len(lines) {
				t.Fatalf("directive on line %d of %d", d.Line, len(lines))
			}
			if !strings.HasPrefix(lines[d.Line-1][d.Column-1:], Marker) {
				t.Fatalf("column %d is not the marker in %q", d.Column, lines[d.Line-1])
			}
		}
	})
}
