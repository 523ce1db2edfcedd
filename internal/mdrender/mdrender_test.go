package mdrender

import "testing"

func TestStripMarkersCutShort(t *testing.T) {
	if got := stripMarkers("[1]: x skre…"); got != "[1]: x …" {
		t.Errorf("got %q", got)
	}
	if got := stripMarkers("a skrel:b.md c"); got != "a b.md c" {
		t.Errorf("got %q", got)
	}
}
