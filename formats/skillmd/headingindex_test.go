package skillmd

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/model"
)

// findHeadingScan is the rule HeadingIndex keeps, as a scan per target
// (what lint and the quiz engine did before the index).
func findHeadingScan(hs []Heading, target string) (int, bool) {
	level, want := parseHeadingTarget(target)
	if want == "" {
		return -1, false
	}
	for i, h := range hs {
		if h.Text == want && (level == 0 || h.Level == level) {
			return i, true
		}
	}
	for i, h := range hs {
		if strings.EqualFold(h.Text, want) {
			return i, true
		}
	}
	if anchor, ok := strings.CutPrefix(strings.TrimSpace(target), "#"); ok && level == 0 {
		for i, h := range hs {
			if h.Slug == strings.ToLower(anchor) {
				return i, true
			}
		}
	}
	return -1, false
}

// FuzzHeadingIndex: the index finds the heading the scan finds, for any
// body and target (case folding of every script, invalid UTF-8, levels,
// anchors, repeated headings).
func FuzzHeadingIndex(f *testing.F) {
	f.Add("# Title\n## Setup\n### Setup\n## setup\n", "### SETUP")
	f.Add("## C#\n## c#\n", "#c")
	f.Add("# K\n# \u212a\n", "k")
	f.Add("# Straße\n# STRASSE\n", "strasse")
	f.Add("# \xff\n# \ufffd\n", "\xfe")
	f.Add("# ǅ\n# ǆ\n", "## Ǆ")
	f.Add("# a\n# a\n", "#a-1")
	f.Fuzz(func(t *testing.T, body, target string) {
		hs := Headings(body)
		x := NewHeadingIndex(hs)
		for _, tg := range []string{target, "# " + target, "## " + target, "#" + target, strings.ToUpper(target)} {
			gi, gok := x.Find(tg)
			wi, wok := findHeadingScan(hs, tg)
			if gi != wi || gok != wok {
				t.Fatalf("Find(%q) = %d, %v; the scan says %d, %v (headings %+v)", tg, gi, gok, wi, wok, hs)
			}
		}
	})
}

// Lint checks every quiz goto against the body's headings through one
// index: 30,000 gotos over 30,000 headings (3 MB) took 11 s, and 8 MB
// over a minute, growing with the square of the size. This finishes at
// once now; the fuzz target above keeps the answers the same.
func TestManyGotosOverManyHeadingsLintLinearly(t *testing.T) {
	const n = 60_000
	var b strings.Builder
	b.WriteString("---\nname: many\ndescription: A quiz whose gotos name many headings.\nquiz:\n  - title: Gate\n    questions:\n")
	for i := range n {
		fmt.Fprintf(&b, "      - {question: q, options: [{label: a, correct: true}, b], on-incorrect: {goto: \"## M%d\"}}\n", i)
	}
	b.WriteString("---\n# Many\n")
	for i := range n {
		fmt.Fprintf(&b, "## h%d\n", i)
	}
	fsys := fstest.MapFS{"many/SKILL.md": {Data: []byte(b.String())}}
	s := Load(fsys, "many", model.Options{Profile: model.ProfileAll})
	gotos := 0
	for _, d := range s.Diagnostics {
		if d.Rule == "quiz/goto-heading" {
			gotos++
		}
	}
	if gotos == 0 {
		t.Fatal("no quiz/goto-heading finding for gotos that name no heading")
	}
}
