package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/skillstudio/skillstudio/internal/mdrender"
)

// TestReaderSearchSpansCodeWrap: a code line wrapped at the reader's
// width (each piece after the first led by ↪) is searched as the one
// line it is: a query across the break is found once, and each piece of
// it is highlighted on its own line, the text left as it was.
func TestReaderSearchSpansCodeWrap(t *testing.T) {
	r, err := mdrender.New("dark", 40)
	if err != nil {
		t.Fatal(err)
	}
	out, err := r.Render("# Setup\n\n```sh\ncurl --fail https://downloads.example.invalid/tool/install.sh --output setup.sh && bash setup.sh --yes\n```\n")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(out, "\n")
	if !strings.Contains(out, mdrender.ContinuationMark) {
		t.Fatalf("the code line was not wrapped at 40 columns:\n%s", ansi.Strip(out))
	}
	s := newDocSearch(NewCommon(Theme{Dark: true}))
	for _, q := range []string{"install.sh --output setup.sh && bash", "tool/install.sh", "setup.sh --yes", "curl --fail https://downloads", "downloads.example.invalid"} {
		s.set(q, lines)
		if len(s.matches) != 1 {
			t.Errorf("%q: %d matches, want 1:\n%s", q, len(s.matches), ansi.Strip(out))
			continue
		}
		lit := 0
		for i, l := range lines {
			got := s.highlight(i, l)
			if ansi.Strip(got) != ansi.Strip(l) {
				t.Errorf("%q: highlighting changed line %d: %q", q, i, ansi.Strip(got))
			}
			if got != l {
				lit++
			}
		}
		var text strings.Builder
		for i := range lines {
			for _, m := range s.marks[i] {
				text.WriteString(s.plain[i][m.from:m.to])
			}
		}
		if want := strings.ReplaceAll(q, " ", ""); strings.ReplaceAll(text.String(), " ", "") != want {
			t.Errorf("%q: the highlighted parts read %q", q, text.String())
		}
		if lit == 0 {
			t.Errorf("%q: nothing highlighted", q)
		}
	}
	s.set("setup.sh --no", lines)
	if len(s.matches) != 0 {
		t.Errorf("a query that is not in the line matched %v", s.matches)
	}
}

// FuzzDocSearchJoined: any lines, with or without continuation marks,
// and any query: no panic, and every mark lies inside its line.
func FuzzDocSearchJoined(f *testing.F) {
	f.Add("a b\n"+mdrender.ContinuationMark+"c d", "b c")
	f.Add(mdrender.ContinuationMark+"\n"+mdrender.ContinuationMark, " ")
	f.Add("x  \n  "+mdrender.ContinuationMark+"\x1b[31my\x1b[m", "x y")
	s := newDocSearch(NewCommon(Theme{Dark: true}))
	f.Fuzz(func(t *testing.T, doc, q string) {
		lines := strings.Split(doc, "\n")
		s.set(q, lines)
		for i, ms := range s.marks {
			for _, m := range ms {
				if m.from < 0 || m.from > m.to || m.to > len(s.plain[i]) {
					t.Fatalf("mark %+v outside line %d %q", m, i, s.plain[i])
				}
			}
		}
		for i, l := range lines {
			_ = s.highlight(i, l)
		}
	})
}
