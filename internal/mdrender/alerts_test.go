package mdrender

import (
	"strings"
	"testing"

	xansi "github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
)

// alertsDoc holds the five kinds in mixed case, text on the marker line,
// an alert nested in a list, one that is only a marker, and a [!FOO] and a
// marker in a code span, which GitHub leaves as written.
const alertsDoc = `> [!NOTE]
> Read this before you start.

> [!tip] Text on the marker line.
> And a second line.

> [!Important]
> Keep *emphasis* and ` + "`code`" + ` in the body.

1. A step

   > [!WARNING]
   > Nested in a list item.

> [!CAUTION]

> [!FOO]
> Not an alert kind.

> ` + "`[!NOTE]`" + ` in a code span.
`

func TestAlertsGolden(t *testing.T) {
	for _, style := range []string{"notty", "dark"} {
		t.Run(style, func(t *testing.T) {
			r, err := New(style, 60)
			if err != nil {
				t.Fatal(err)
			}
			out, err := r.Render(alertsDoc)
			if err != nil {
				t.Fatal(err)
			}
			golden.RequireEqual(t, []byte(out))
		})
	}
}

// The marker goes, a title line takes its place inside the quote, and
// anything that is not one of GitHub's five stays as written.
func TestAlertsTitledNotLiteral(t *testing.T) {
	for _, style := range []string{"notty", "dark", "light"} {
		r, err := New(style, 60)
		if err != nil {
			t.Fatal(err)
		}
		out, err := r.Render(alertsDoc)
		if err != nil {
			t.Fatal(err)
		}
		plain := xansi.Strip(out)
		for _, marker := range []string{"[!NOTE]\n", "[!tip]", "[!Important]", "[!WARNING]", "[!CAUTION]"} {
			if strings.Contains(plain, marker) {
				t.Errorf("%s: marker %q printed:\n%s", style, marker, plain)
			}
		}
		for _, title := range []string{"Note", "Tip", "Important", "Warning", "Caution"} {
			if !hasQuotedLine(plain, title) {
				t.Errorf("%s: no quoted title line %q:\n%s", style, title, plain)
			}
		}
		words := strings.Join(strings.Fields(plain), " ")
		for _, kept := range []string{"[!FOO] Not an alert kind.", "[!NOTE] in a code span.", "Text on the marker line. And a second line."} {
			if !strings.Contains(words, kept) {
				t.Errorf("%s: %q lost:\n%s", style, kept, plain)
			}
		}
		if style == "notty" && (out != plain || strings.Contains(out, "**")) {
			t.Errorf("notty: title styled: %q", out)
		}
		if style == "dark" && !strings.Contains(out, "\x1b[38;5;33mNote") {
			t.Errorf("dark: the Note title is not coloured: %q", out)
		}
	}
}

// hasQuotedLine reports a line that is a quote bar then title alone.
func hasQuotedLine(s, title string) bool {
	for _, line := range strings.Split(s, "\n") {
		f := strings.Fields(line)
		if len(f) == 2 && (f[0] == "|" || f[0] == "│") && f[1] == title {
			return true
		}
	}
	return false
}
