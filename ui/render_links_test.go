package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Relative link and image targets are shown as written, not resolved
// against a base URL (glamour showed ../x as /x).
func TestRenderShowsRelativeTargetsAsWritten(t *testing.T) {
	md := "# T\n\nSee [setup](references/a.md), [up](../x.md), [here](./b.md), [root](/etc/x),\n" +
		"[web](https://example.com/a), [mail](mailto:a@example.com) and [anchor](#t) and ![img](assets/i.png).\n\n" +
		"| a | b |\n|---|---|\n| [x](references/c.md) | y |\n"
	for _, style := range []string{"dark", "notty"} {
		out, err := RenderMarkdown(md, 100, style)
		if err != nil {
			t.Fatal(err)
		}
		plain := ansi.Strip(out)
		for _, want := range []string{" references/a.md", " ../x.md", " ./b.md", " /etc/x", " https://example.com/a", " assets/i.png", " references/c.md"} {
			if !strings.Contains(plain, want) {
				t.Errorf("%s: %q not shown as written:\n%s", style, strings.TrimSpace(want), plain)
			}
		}
		for _, bad := range []string{"/references/", "skrel", " /x.md", "/assets/"} {
			if strings.Contains(plain, bad) {
				t.Errorf("%s: rendering holds %q:\n%s", style, bad, plain)
			}
		}
	}
}
