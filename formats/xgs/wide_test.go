package xgs

import (
	"strings"
	"testing"
)

// An .xgs.js saved as UTF-16 (PowerShell 5's >) is named as such, not
// called a compiled or compressed file.
func TestUTF16FileIsNamed(t *testing.T) {
	src := []byte{0xFF, 0xFE}
	for _, c := range []byte("// ==XGooseSkill==\n") {
		src = append(src, c, 0)
	}
	a := Analyze("win.xgs.js", src, false)
	if len(a.Diagnostics) != 1 {
		t.Fatalf("want one finding, got %v", a.Diagnostics)
	}
	d := a.Diagnostics[0]
	if d.Rule != "xgs/encoding" || !strings.Contains(d.Message, "UTF-16 LE") || !strings.Contains(d.Hint, "UTF-8") || d.Line != 1 || d.Column != 1 {
		t.Errorf("finding = %s %d:%d %q (hint %q); want xgs/encoding at 1:1 naming UTF-16 LE", d.Rule, d.Line, d.Column, d.Message, d.Hint)
	}
}
