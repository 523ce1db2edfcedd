package mdrender

import (
	"strings"
	"testing"

	xansi "github.com/charmbracelet/x/ansi"
)

func TestStripMarkersCutShort(t *testing.T) {
	if got := stripMarkers("[1]: x skre…"); got != "[1]: x …" {
		t.Errorf("got %q", got)
	}
	if got := stripMarkers("a skrel:b.md c"); got != "a b.md c" {
		t.Errorf("got %q", got)
	}
}

// A link written as its own target prints once; any other link keeps its
// text and its target.
func TestSelfLinksPrintOnce(t *testing.T) {
	r, err := New("notty", 200)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		md, target string
		want       int
	}{
		{"see [https://x.io/a](https://x.io/a) now", "https://x.io/a", 1},
		{"mail [a@b.co](mailto:a@b.co) now", "a@b.co", 1},
		{"read [reference.md](reference.md) now", "reference.md", 1},
		{"read [../up.md](../up.md) now", "../up.md", 1},
		{"see [the docs](https://x.io/a) now", "https://x.io/a", 1},
		{"see [https://x.io/a](https://x.io/b) now", "https://x.io/", 2},
		{`see [https://x.io/a](https://x.io/a "Title") now`, "https://x.io/a", 2},
		{"see [*https://x.io/a*](https://x.io/a) now", "https://x.io/a", 2},
	} {
		out, err := r.Render(c.md)
		if err != nil {
			t.Fatal(err)
		}
		out = xansi.Strip(out) // the OSC 8 hyperlinks carry the target too
		if got := strings.Count(out, c.target); got != c.want {
			t.Errorf("%s: %q printed %d times, want %d:\n%s", c.md, c.target, got, c.want, out)
		}
		if strings.Contains(out, "/reference.md") || strings.Contains(out, relMarker) {
			t.Errorf("%s: relative target resolved or marked:\n%s", c.md, out)
		}
	}
}
