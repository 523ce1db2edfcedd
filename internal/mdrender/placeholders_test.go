package mdrender

import (
	"slices"
	"strings"
	"testing"

	xansi "github.com/charmbracelet/x/ansi"
)

// TestPlaceholderTagsShowAsWritten: a template's blanks written as
// <name>, <affected files> (inline) or <concise outcome> (alone on its
// line, an HTML block) are shown as written in every style; glamour
// dropped them as raw HTML, so show hid text the agent reads. Real tags
// are still HTML: <b> and <br> print no angle brackets, a comment stays out.
func TestPlaceholderTagsShowAsWritten(t *testing.T) {
	src := "Run it with <name> here.\n\n- Files: <affected files>\n- Who: <user-name>\n- Tag: <b>bold</b> and <br> done\n\n" +
		"## Goal\n<concise outcome>\n\n<your-task-here>\n\nText <!-- a comment --> end and </closing-blank>.\n"
	for _, style := range []string{"notty", "dark"} {
		r, err := New(style, 72)
		if err != nil {
			t.Fatal(err)
		}
		out, err := r.Render(src)
		if err != nil {
			t.Fatal(err)
		}
		out = xansi.Strip(out)
		for _, want := range []string{"Run it with <name> here.", "Files: <affected files>", "Who: <user-name>", "<concise outcome>", "<your-task-here>", "</closing-blank>"} {
			if !strings.Contains(out, want) {
				t.Errorf("%s: %q missing from\n%s", style, want, out)
			}
		}
		for _, gone := range []string{"<b>", "<br>", "a comment"} {
			if strings.Contains(out, gone) {
				t.Errorf("%s: %q shown in\n%s", style, gone, out)
			}
		}
	}
}

func TestHTMLElementsSorted(t *testing.T) {
	if !slices.IsSorted(htmlElements) {
		t.Fatal("htmlElements must be sorted for BinarySearch")
	}
}
