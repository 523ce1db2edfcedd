package mdrender

import (
	"strings"
	"testing"

	xansi "github.com/charmbracelet/x/ansi"
)

// TestListItemsReflow: glamour renders a list item's text without the
// paragraph step that turns a soft line break into a space, so an item
// written over two source lines broke where the source did, and an item's
// two paragraphs ran together.
func TestListItemsReflow(t *testing.T) {
	for _, style := range []string{"notty", "dark"} {
		r, err := New(style, 70)
		if err != nil {
			t.Fatal(err)
		}
		src := "- A soft break\n  continues on the next line.\n- Lazy\ncontinuation too.\n" +
			"1. Item *with\n   emphasis* across lines.\n2. First paragraph.\n\n   Second paragraph\n   of the item.\n"
		out, err := r.Render(src)
		if err != nil {
			t.Fatal(err)
		}
		out = xansi.Strip(out)
		for _, want := range []string{"A soft break continues on the next line.", "Lazy continuation too.", "First paragraph.", "Second paragraph of the item."} {
			if !strings.Contains(out, want) {
				t.Errorf("%s: %q missing:\n%s", style, want, out)
			}
		}
		if strings.Contains(out, "paragraph.Second") || strings.Contains(out, "paragraph. Second") {
			t.Errorf("%s: an item's paragraphs run together:\n%s", style, out)
		}
		if style == "dark" && !strings.Contains(out, "Item with emphasis across lines.") {
			t.Errorf("%s: emphasis across lines not reflowed:\n%s", style, out)
		}
	}
}
