package skillmd

import (
	"fmt"
	"runtime"
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
	pureCPUUnderRace(t) // one Load of 6 MB
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

// A quiz is read within a budget of blocks, questions, options and keys,
// an alias counting each time it is used: 3,000 blocks aliasing one block
// whose questions alias one question 3,000 times is 18 KB of YAML naming
// 9 million questions, and lint passed 4 GB and a minute on it. Now the
// reading stops at the budget with a finding saying why.
func TestQuizAliasBombIsBounded(t *testing.T) {
	const n = 3_000
	aliases := func(name string) string { return strings.TrimSuffix(strings.Repeat("*"+name+",", n), ",") }
	src := "---\nname: qbomb\ndescription: A quiz repeating blocks and questions through aliases.\n" +
		"x-q: &q {question: q, options: [{label: a, correct: true}, b], on-incorrect: {goto: \"## G\"}}\n" +
		"x-b: &b {title: T, questions: [" + aliases("q") + "]}\n" +
		"quiz: [" + aliases("b") + "]\n---\n# A\n\n## G\n"
	fsys := fstest.MapFS{"qbomb/SKILL.md": {Data: []byte(src)}}
	var s *model.Skill
	alloc := allocatedBytes(func() { s = Load(fsys, "qbomb", model.Options{Profile: model.ProfileAll}) })
	questions := 0
	for _, b := range s.Quizzes {
		questions += len(b.Questions)
	}
	if questions == 0 || questions > maxQuizValues {
		t.Errorf("%d questions read, want some and at most %d", questions, maxQuizValues)
	}
	said := false
	for _, d := range s.Diagnostics {
		said = said || d.Rule == "quiz/shape" && strings.Contains(d.Message, "alias counts each time")
	}
	if !said {
		t.Error("no finding says the quiz was cut")
	}
	if alloc > 512<<20 {
		t.Errorf("loading an 18 KB skill allocated %d MB", alloc>>20)
	}
}

func allocatedBytes(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
