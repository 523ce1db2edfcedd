package mdrender

import (
	"strings"
	"testing"

	xansi "github.com/charmbracelet/x/ansi"
)

// TestHTMLBlocksKeepTheirShape: an HTML header, table and details block
// render as their Markdown meaning (glamour glued the text of every tag
// together: "Brand cardTokenValueUse"); scripts stay out.
func TestHTMLBlocksKeepTheirShape(t *testing.T) {
	r, err := New("notty", 60)
	if err != nil {
		t.Fatal(err)
	}
	src := "<p align=\"center\">\n  <img src=\"assets/logo.svg\" alt=\"logo\">\n</p>\n\n<h1 align=\"center\">Brand card</h1>\n\n" +
		"<table>\n  <tr><th>Token</th><th>Value</th></tr>\n  <tr><td><code>--brand-500</code></td><td>#3355ff | blue</td></tr>\n</table>\n\n" +
		"<details>\n<summary>Colour rules</summary>\n\n- Never mix them.\n\n</details>\n\n<div><script>alert(1)</script>after<br>next</div>\n"
	out, err := r.Render(src)
	if err != nil {
		t.Fatal(err)
	}
	out = xansi.Strip(out)
	lines := strings.Split(out, "\n")
	has := func(parts ...string) bool {
		for _, l := range lines {
			ok := true
			for _, p := range parts {
				ok = ok && strings.Contains(l, p)
			}
			if ok {
				return true
			}
		}
		return false
	}
	for _, want := range [][]string{{"logo", "assets/logo.svg"}, {"# Brand card"}, {"Token", "|", "Value"}, {"--brand-500", "|", "#3355ff | blue"}, {"Colour rules"}, {"Never mix them."}, {"after"}, {"next"}} {
		if !has(want...) {
			t.Errorf("no line holds %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "Brand cardToken") || strings.Contains(out, "alert") || has("Token", "Value", "--brand-500") {
		t.Errorf("HTML text glued together or a script shown:\n%s", out)
	}
}

// FuzzHTMLBlocks: any Markdown with HTML blocks renders without a panic,
// and rewriting it again changes nothing more than the first time did
// for text that held no HTML block.
func FuzzHTMLBlocks(f *testing.F) {
	for _, s := range []string{"<table><tr><td>a|b</td></tr></table>\n", "<p>\n<img src=x>\n</p>\n", "<details>\n<summary>s</summary>\n\n- x\n\n</details>\n",
		"<pre>```\ncode\n```</pre>\n", "<div><a href=\"(x)\">t</a><br><script>x</script></div>\n", "plain *text*\n", "  <table>\n"} {
		f.Add(s)
	}
	r, err := New("notty", 40)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, md string) {
		if len(md) > 4096 {
			return
		}
		if !strings.Contains(md, "<") && htmlBlocksAsMarkdown(md) != md {
			t.Fatalf("text without HTML rewritten: %q", md)
		}
		if _, err := r.Render(md); err != nil {
			t.Fatal(err)
		}
	})
}

// TestHTMLBlockEntitiesSanitised: an entity in an HTML block decodes to
// any character (&#27; is ESC); none reaches the terminal as a control.
func TestHTMLBlockEntitiesSanitised(t *testing.T) {
	r, err := New("dark", 60)
	if err != nil {
		t.Fatal(err)
	}
	out, err := r.Render("<p>a&#27;]52;c;Zm9v&#7;b &#27;[2J c</p>\n\n<table><tr><td>&#27;]0;title&#7;</td></tr></table>\n")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out, "\x1b]") || strings.Contains(out, "\a") || strings.Contains(out, "\x1b[2J") {
		t.Errorf("a control sequence from an entity reached the output: %q", out)
	}
}

func TestMayHoldHTMLBlock(t *testing.T) {
	for md, want := range map[string]bool{"<p>x</p>": true, "a\n   <table>": true, "a\n    <pre>": true /* an item's HTML block is indented */, "use <name> here\nand `<x>`": false, "": false} {
		if got := mayHoldHTMLBlock(md); got != want {
			t.Errorf("%q: %v, want %v", md, got, want)
		}
	}
}

// TestHTMLBlocksShowNoStrayBackslashes: the rewrite's Markdown escapes
// must not show. glamour prints "\&" with its backslash (every other
// escape it takes out), and a <br> first or last in a paragraph, written
// as a hard break, showed as a lone "\".
func TestHTMLBlocksShowNoStrayBackslashes(t *testing.T) {
	r, err := New("notty", 60)
	if err != nil {
		t.Fatal(err)
	}
	src := "<p><b>Fast</b> &amp; simple, AT&T &copy;1</p>\n\n<br/>\n\n<p><br>lead and tail<br></p>\n\n" +
		"<p><img src=\"x.png\" alt=\"Q & [A]\"> <a href=\"https://e.com\">R & D</a></p>\n\n<table><tr><th>A & B</th></tr><tr><td>x &lt;y&gt; & z</td></tr></table>\n"
	out, err := r.Render(src)
	if err != nil {
		t.Fatal(err)
	}
	out = xansi.Strip(out)
	if strings.Contains(out, `\`) {
		t.Errorf("a backslash shows:\n%s", out)
	}
	for _, want := range []string{"Fast", "& simple, AT&T ©1", "lead and tail", "Q & [A]", "R & D", "A & B", "x <y> & z"} {
		if !strings.Contains(out, want) {
			t.Errorf("%q missing:\n%s", want, out)
		}
	}
}
