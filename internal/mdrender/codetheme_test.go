package mdrender

import (
	"strings"
	"testing"
)

const commentedCode = "```python\n# a note\nx = 1\n```\n"

// renderCode renders commentedCode in style.
func renderCode(t *testing.T, style string) string {
	t.Helper()
	r, err := New(style, 60)
	if err != nil {
		t.Fatal(err)
	}
	out, err := r.Render(commentedCode)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestCodeColoursAreStable: dark's comment colour lies halfway between two
// palette entries, and chroma chose between them in map order, so the same
// code block came out in either grey from one render to the next.
func TestCodeColoursAreStable(t *testing.T) {
	first := renderCode(t, "dark")
	if !strings.Contains(first, "\x1b[38;5;241m# a note") {
		t.Fatalf("dark comment not in palette colour 241:\n%q", first)
	}
	for range 30 {
		if out := renderCode(t, "dark"); out != first {
			t.Fatalf("dark rendering changed between runs:\n%q\n%q", first, out)
		}
	}
}

// TestCodeColoursFollowTheStyle: glamour registers the first style's code
// colours under one name for the whole process, so light code blocks
// rendered after a dark one (the studio starts dark, then learns the
// terminal is light) were drawn in dark's colours.
func TestCodeColoursFollowTheStyle(t *testing.T) {
	renderCode(t, "dark")
	light := renderCode(t, "light")
	if !strings.Contains(light, "\x1b[38;5;245m# a note") {
		t.Fatalf("light comment not in light's colour (245) after a dark render:\n%q", light)
	}
}

func TestPaletteColour(t *testing.T) {
	for in, want := range map[string]string{
		"#676767":  "#626262", // a tie between 241 and 242: the lower index
		"#8D8D8D":  "#8a8a8a",
		"#00AAFF":  "#00afff",
		"#ff0000":  "#ff0000", // a palette entry stays itself
		"nonsense": "nonsense",
	} {
		if got := paletteColour(in); got != want {
			t.Errorf("paletteColour(%q) = %q, want %q", in, got, want)
		}
	}
}
