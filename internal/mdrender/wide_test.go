package mdrender

import (
	"strings"
	"testing"

	"github.com/rivo/uniseg"
	gast "github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
	"golang.org/x/text/unicode/norm"
)

const (
	family   = "👨\u200d👩\u200d👧\u200d👦" // one cluster, two cells
	eAcute   = "e\u0301"                // one cluster, one cell
	hangulJa = "한\u11a8"                // a syllable and a trailing jamo
)

// wideRuns are long runs without spaces: Chinese, Japanese, Korean, emoji
// ZWJ sequences and combining marks.
var wideRuns = map[string]string{
	"chinese":   strings.Repeat("这是一个用于处理文档的技能", 12),
	"japanese":  strings.Repeat("スキルはファイルを読み込みます", 12),
	"korean":    strings.Repeat("한국어텍스트는띄어쓰기없이", 12),
	"zwj":       strings.Repeat(family, 80),
	"combining": strings.Repeat(eAcute, 150),
}

// Wide text in a paragraph, a list item, a quote and a table cell (which is
// cut to cellLines lines) stays within the width and is never broken
// inside a grapheme cluster, at 40, 80 and 120 cells.
func TestWideRunsWrapWhole(t *testing.T) {
	for name, run := range wideRuns {
		docs := map[string]string{
			"paragraph": run + "\n",
			"list":      "- " + run + "\n",
			"quote":     "> " + run + "\n",
			"table":     "| name | text |\n|---|---|\n| " + name + " | " + run + " |\n",
		}
		for where, md := range docs {
			for _, width := range []int{40, 80, 120} {
				for _, style := range []string{"notty", "dark"} {
					plain := renderPlain(t, style, width, md)
					for _, line := range strings.Split(plain, "\n") {
						if w := uniseg.StringWidth(line); w > width {
							t.Errorf("%s %s in %s at %d: line %d cells wide: %q", style, name, where, width, w, line)
						}
					}
					if broken := brokenCluster(plain, run); broken != "" {
						t.Errorf("%s %s in %s at %d: cluster broken: %q", style, name, where, width, broken)
					}
				}
			}
		}
	}
}

// brokenCluster returns a grapheme cluster of out that is a piece of one
// of run's clusters, or "".
func brokenCluster(out, run string) string {
	whole := map[string]bool{}
	for g := uniseg.NewGraphemes(run); g.Next(); {
		whole[g.Str()] = true
	}
	for g := uniseg.NewGraphemes(out); g.Next(); {
		c := g.Str()
		if whole[c] || !strings.ContainsRune(c, '\u200d') && !strings.ContainsAny(c, "\u0301\u11a8") {
			continue
		}
		return c
	}
	for _, line := range strings.Split(out, "\n") {
		line = strings.TrimLeft(line, " │|•")
		if strings.HasPrefix(line, "\u0301") || strings.HasPrefix(line, "\u200d") || strings.HasPrefix(line, "\u11a8") {
			return line
		}
	}
	return ""
}

// A wide run with no spaces is broken between its characters, as UAX #14
// allows, not moved whole to a line of its own: a list item's text starts
// on the bullet's line, a paragraph's first line is filled, and no line
// starts with closing punctuation ("。", "、").
func TestWideRunsFlowOnTheLine(t *testing.T) {
	for _, name := range []string{"chinese", "japanese", "korean", "zwj"} {
		run := wideRuns[name]
		for _, width := range []int{40, 80, 120} {
			plain := renderPlain(t, "notty", width, "- "+run+"\n\nRead this: "+run+"。、"+run+"\n")
			if strings.Contains(plain, lineSep) {
				t.Errorf("%s at %d: a line separator printed", name, width)
			}
			for _, line := range strings.Split(plain, "\n") {
				trimmed := strings.TrimSpace(line)
				switch {
				case trimmed == "•":
					t.Errorf("%s at %d: the bullet is alone on its line:\n%s", name, width, plain)
				case strings.HasPrefix(trimmed, "Read this:") && uniseg.StringWidth(strings.TrimRight(line, " ")) < width-2-4:
					t.Errorf("%s at %d: first line left short: %q", name, width, line)
				case strings.HasPrefix(trimmed, "。") || strings.HasPrefix(trimmed, "、"):
					t.Errorf("%s at %d: line starts with closing punctuation: %q", name, width, line)
				}
			}
		}
	}
}

// A table cell cut to fit is cut between grapheme clusters: a family
// emoji counts two cells, not four people's eight, and is never split.
func TestTableCellCutKeepsClusters(t *testing.T) {
	cell := strings.Repeat(family, 3)
	for limit := 1; limit <= 7; limit++ {
		src := []byte(sentinel + cell)
		tx := gast.NewTextSegment(text.NewSegment(len(sentinel), len(src)))
		c := gast.NewParagraph()
		c.AppendChild(c, tx)
		f := fitTables{}
		f.cutCell(c, src, cuts{ellipsis: text.NewSegment(0, len("…"))}, limit)
		got := string(tx.Segment.Value(src))
		if want := strings.Repeat(family, (limit-1)/2); got != want && got != strings.Repeat(family, limit/2) {
			t.Errorf("limit %d: kept %q, want whole families", limit, got)
		}
		if strings.HasSuffix(got, "\u200d") || strings.Count(got, "👨") != strings.Count(got, "👦") {
			t.Errorf("limit %d: a family split: %q", limit, got)
		}
	}
}

// FuzzBreakWide: marking break opportunities only adds separators to the
// composed text, so taking them out gives it back.
func FuzzBreakWide(f *testing.F) {
	for _, run := range wideRuns {
		f.Add(run)
	}
	f.Add("a中b。c、👨\u200d👩 e\u0301 [x](路径)")
	f.Fuzz(func(t *testing.T, s string) {
		if strings.Contains(s, lineSep) {
			return
		}
		got := breakWide(s)
		if back := strings.ReplaceAll(got, lineSep, ""); back != norm.NFC.String(s) {
			t.Fatalf("breakWide(%q) = %q", s, got)
		}
	})
}
