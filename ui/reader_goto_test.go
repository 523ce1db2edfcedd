package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// setupTrapSkill is a skill whose "## Advanced setup" comes before its
// "## Setup", with a paragraph ending in "setup" between: matching a
// heading's text against rendered lines lands on the wrong one.
const setupTrapSkill = `---
name: setup-trap
description: Two headings that end in the same word, to test where a goto lands.
quiz:
  - title: "Setup"
    questions:
      - question: "Where is the setup?"
        options:
          - label: "In the Setup section"
            correct: true
          - label: "Nowhere"
        on-correct:
          goto: "## Setup"
---

# Setup trap

See [the setup](#setup) before anything else.

## Advanced setup

` + "Tune it.\n\n" + `Line one.

Line two.

Line three.

This paragraph ends with the word setup

Line four.

Line five.

## Setup

Install it.

Line six.

Line seven.

Line eight.

Line nine.

Line ten.
`

func setupTrapStudio(t *testing.T) *Model {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "lib", "setup-trap")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "SKILL.md"), []byte(setupTrapSkill), 0o644); err != nil {
		t.Fatal(err)
	}
	// A short window, so the body scrolls.
	return studio(t, Options{Sources: []string{filepath.Dir(dir)}}, 120, 16)
}

// topLine is the first line the Read tab shows, plain and trimmed.
func topLine(t *testing.T, m *Model) string {
	t.Helper()
	rt, _ := m.skill.readTab()
	if rt.doc == nil {
		t.Fatal("the Read tab shows nothing")
	}
	y := rt.vp.YOffset()
	if y >= len(rt.doc.lines) {
		t.Fatalf("scrolled to line %d of %d", y, len(rt.doc.lines))
	}
	return strings.TrimSpace(ansi.Strip(rt.doc.lines[y]))
}

func TestQuizGotoLandsOnTheNamedHeadingNotOneEndingLikeIt(t *testing.T) {
	m := setupTrapStudio(t)
	startQuiz(t, m, "setup-trap")
	press(t, m, "1")     // correct: on-correct goto "## Setup"
	press(t, m, "enter") // perform it
	if got := activeTitle(m); got != "Read" {
		t.Fatalf("goto shows the %s tab, want Read", got)
	}
	if got := topLine(t, m); got != "## Setup" {
		t.Errorf("goto \"## Setup\" scrolled to %q", got)
	}
}

func TestAnchorLinkLandsOnItsHeading(t *testing.T) {
	m := setupTrapStudio(t)
	selectSkill(t, m, "setup-trap")
	press(t, m, "enter")
	rt, _ := m.skill.readTab()
	if rt.doc == nil || len(rt.doc.links) != 1 || rt.doc.links[0].anchor != "setup" {
		t.Fatalf("links found: %+v", rt.doc)
	}
	press(t, m, "}")
	if v := ansi.Strip(content(m)); !strings.Contains(v, "the setup → #setup") {
		t.Errorf("the footer does not show the selected anchor link:\n%s", v)
	}
	press(t, m, "enter")
	if got := topLine(t, m); got != "## Setup" {
		t.Errorf("following #setup scrolled to %q", got)
	}
}

func TestGotoHeadingMsgBySlugAndByName(t *testing.T) {
	m := setupTrapStudio(t)
	selectSkill(t, m, "setup-trap")
	for _, msg := range []GotoHeadingMsg{{Slug: "setup"}, {Heading: "## Setup"}, {Heading: "Setup"}, {Slug: "advanced-setup"}} {
		drain(t, m, func() tea.Msg { return msg })
		want := "## Setup"
		if msg.Slug == "advanced-setup" {
			want = "## Advanced setup"
		}
		if got := topLine(t, m); got != want {
			t.Errorf("%+v scrolled to %q, want %q", msg, got, want)
		}
	}
}
