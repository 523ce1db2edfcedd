package ui

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/skillstudio/skillstudio/formats/skillmd"
)

// The heading markers must leave no trace: the reader's rendering is
// byte for byte what RenderMarkdown (and `show`) gives, and every heading
// is placed on the line that shows it.
func TestHeadingMarkersLeaveTheRenderingAsItWas(t *testing.T) {
	docs := map[string]string{
		"trap":     "# Setup trap\n\n## Advanced setup\n\nText ending in setup\n\n## Setup\n",
		"markup":   "## _emph_ x\n\n## *`x`* y\n\n## ~~gone~~ z\n\n## **bold** and [link](x.md)\n\n## `code`\n",
		"autolink": "## https://example.com/a\n\n## www.example.com b\n\n## mail me@example.com\n",
		"nested":   "- item\n\n  ### In a list\n\n> ## Quoted\n\nSetext\n------\n\n# Dup\n\n# Dup\n",
		"wrapping": "## A heading long enough to wrap across two or three lines of a narrow pane for sure\n\ntext\n",
	}
	_ = filepath.WalkDir(filepath.Join("..", "examples", "library"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") {
			if b, err := os.ReadFile(p); err == nil {
				docs[p] = string(b)
			}
		}
		return nil
	})
	// Each document on its own: the renderings are independent, so they
	// share the cores (and under -race, glamour's renderers run at once,
	// as the studio's render commands do).
	for name, md := range docs {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			checkHeadingMarkers(t, name, md)
		})
	}
}

func checkHeadingMarkers(t *testing.T, name, md string) {
	md = readerMarkdown(md)
	hs := skillmd.OutlineOf([]byte(md)).Headings
	for _, style := range []string{"dark", "light", "notty"} {
		for _, width := range []int{40, 100} {
			want, err := RenderMarkdown(md, width, style)
			if err != nil {
				t.Fatal(err)
			}
			got, lines, at, _, err := renderWithHeadings(md, hs, width, style)
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Errorf("%s (%s, %d): the marked rendering differs", name, style, width)
				continue
			}
			for i, h := range hs {
				words := strings.Fields(strings.ToLower(h.Text))
				line := strings.ToLower(ansi.Strip(lines[at[i]]))
				// The first line of a wrapped heading holds its first
				// word; glamour's strikethrough (which skillmd does not
				// read) its last.
				if len(words) > 0 && !strings.Contains(line, words[0]) && !strings.Contains(line, words[len(words)-1]) {
					t.Errorf("%s (%s, %d): heading %q placed on line %d: %q", name, style, width, h.Text, at[i], line)
				}
			}
		}
	}
}
