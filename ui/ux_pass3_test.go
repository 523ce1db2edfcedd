package ui

import (
	"errors"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Regressions found walking the studio as its four users (wave 17).

// brokenCodeSkill is an .xgs.js skill with a valid header, notes above
// its code, and code that does not parse (an edit gone wrong).
const brokenCodeSkill = `// ==XGooseSkill==
// @name tide-tables
// @namespace tideTables
// @version 0.1.0
// @description Tide times for a harbour. Use when planning a launch.
// @match *://*.tides.example/*
// ==/XGooseSkill==
import { defineSkill, fn } from "@xgoose/skill";
import { z } from "zod";

// Harbour notes: the page lists high and low water for seven days.

export default defineSkill({{
  today: fn({ summary: "Today's tides." }),
});
`

// TestReadSaysWhyXgsNotesAreGone: when an edit breaks an .xgs.js skill's
// code, its Read tab lost the notes above the code and said nothing; it
// now says the code does not parse, where, and where to go next.
func TestReadSaysWhyXgsNotesAreGone(t *testing.T) {
	lib := t.TempDir()
	writeFile(t, lib, "tide-tables.xgs.js", brokenCodeSkill)
	for _, size := range [][2]int{{120, 40}, {80, 24}} {
		m := studio(t, Options{Sources: []string{lib}}, size[0], size[1])
		selectSkill(t, m, "tide-tables")
		if size[0] < 100 {
			press(t, m, "enter") // narrow: the skill pane replaces the list
		}
		openTab(t, m, "Read")
		checkFrame(t, m)
		out := strings.Join(strings.Fields(strings.ReplaceAll(ansi.Strip(content(m)), "│", " ")), " ")
		for _, want := range []string{"does not parse", "xgs.js:14:3", "Lint tab"} {
			if !strings.Contains(out, want) {
				t.Errorf("%dx%d: the Read tab does not say %q:\n%s", size[0], size[1], want, ansi.Strip(content(m)))
			}
		}
	}
}

// TestWizardSaysNameIsTakenAtTheName: a name whose file or folder exists
// got a ✓ at the Name field, and was refused only at the folder, five
// fields later; the Name field now says so as it is typed.
func TestWizardSaysNameIsTakenAtTheName(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	work := t.TempDir()
	writeFile(t, work, "tide-helper.xgs.js", brokenCodeSkill)
	writeFile(t, work, "harbour-guide/notes.txt", "a folder that is in the way\n")
	for _, tc := range []struct {
		name  string
		picks []string // keys in the template picker
		taken string
	}{
		{"tide-helper", []string{"enter"}, "tide-helper.xgs.js exists"},              // xgs · basic
		{"harbour-guide", []string{"down", "down", "enter"}, "harbour-guide exists"}, // SKILL.md · minimal
	} {
		for _, size := range [][2]int{{120, 40}, {80, 24}} {
			m := studio(t, Options{Sources: []string{work}, WorkDir: work}, size[0], size[1])
			press(t, m, append([]string{"n"}, tc.picks...)...)
			paste(t, m, tc.name)
			checkFrame(t, m)
			out := strings.Join(strings.Fields(strings.ReplaceAll(ansi.Strip(content(m)), "│", " ")), " ")
			if !strings.Contains(out, tc.taken) {
				t.Errorf("%s at %dx%d: the Name field does not say %q:\n%s", tc.name, size[0], size[1], tc.taken, ansi.Strip(content(m)))
			}
			press(t, m, "backspace")
			if out := ansi.Strip(content(m)); strings.Contains(out, "exists") {
				t.Errorf("%s at %dx%d: a free name still reads as taken:\n%s", tc.name, size[0], size[1], out)
			}
		}
	}
}

// TestLintTabShowsTheWholeBuildError: a failed build was only in the
// status bar, cut to its room (at 80 columns, before the reason); the
// Lint tab now shows it whole, and drops it once a build succeeds.
func TestLintTabShowsTheWholeBuildError(t *testing.T) {
	failure := errors.New(`tide-tables.xgs.js:12:21: Could not resolve "@xgoose/skil" (mark it as external to exclude it from the bundle, or check the import's spelling)`)
	for _, size := range [][2]int{{120, 40}, {80, 24}} {
		m := studio(t, Options{Sources: []string{fixtureLibrary(t)}, Builder: failingBuilder{failure}}, size[0], size[1])
		selectSkill(t, m, "tide-tables")
		if size[0] < 100 {
			press(t, m, "enter")
		}
		openTab(t, m, "Lint")
		id := m.lib.Selected().ID
		_, cmd := m.Update(buildDoneMsg{entryID: id, result: BuildResult{Err: failure}})
		drain(t, m, cmd)
		checkFrame(t, m)
		out := strings.Join(strings.Fields(strings.ReplaceAll(ansi.Strip(content(m)), "│", " ")), " ")
		for _, want := range []string{"BUILD FAILED", "exclude it from the bundle, or check the import's spelling)"} {
			if !strings.Contains(out, want) {
				t.Errorf("%dx%d: the Lint tab does not show %q:\n%s", size[0], size[1], want, ansi.Strip(content(m)))
			}
		}
		_, cmd = m.Update(buildDoneMsg{entryID: id, result: BuildResult{Bytes: 1000}})
		drain(t, m, cmd)
		if out := ansi.Strip(content(m)); strings.Contains(out, "BUILD FAILED") {
			t.Errorf("%dx%d: the build succeeded and the Lint tab still says it failed:\n%s", size[0], size[1], out)
		}
	}
}

// TestNamesakeRowsSayWhereTheyLive: skills of one name (a corpus's
// copies, a project's .claude and .agents folders) were rows alike to the
// last cell; each now says where it lives, as far as that differs.
func TestNamesakeRowsSayWhereTheyLive(t *testing.T) {
	lib := t.TempDir()
	skill := "---\nname: notes-helper\ndescription: Keeps meeting notes tidy. Use when notes need a summary.\n---\n\n# Notes helper\n\nSummarise the notes.\n"
	for _, dir := range []string{"team-a/.claude/skills", "team-a/.agents/skills", "team-b/skills"} {
		writeFile(t, lib, dir+"/notes-helper/SKILL.md", skill)
	}
	writeFile(t, lib, "team-b/skills/other-helper/SKILL.md", strings.ReplaceAll(skill, "notes-helper", "other-helper"))
	for _, size := range [][2]int{{120, 40}, {80, 24}} {
		m := studio(t, Options{Sources: []string{lib}}, size[0], size[1])
		checkFrame(t, m)
		out := ansi.Strip(content(m))
		rows := map[string]bool{}
		for _, l := range strings.Split(out, "\n") {
			if left := strings.SplitN(l, "││", 2)[0]; strings.Contains(left, "notes-helper SKILL.md") {
				rows[strings.TrimLeft(left, "│▌ ")] = true
			}
		}
		if len(rows) != 3 {
			t.Errorf("%dx%d: the three notes-helper rows are not told apart:\n%s", size[0], size[1], out)
		}
		for _, want := range []string{".claude/skills ·", ".agents/skills ·", "team-b/skills ·"} {
			if !strings.Contains(out, want) {
				t.Errorf("%dx%d: no row says %q:\n%s", size[0], size[1], want, out)
			}
		}
		for _, l := range strings.Split(out, "\n") {
			if strings.Contains(l, "other-helper") && strings.Contains(l, "skills ·") {
				t.Errorf("%dx%d: a skill with a name of its own got a place: %q", size[0], size[1], l)
			}
		}
	}
}

// TestWizardSaysHowToCancel: the new-skill form named enter, shift+tab
// and its toggles, never how to leave it (the studio's help bar is not
// drawn under a screen); the add-source screen said "esc cancel".
func TestWizardSaysHowToCancel(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	for _, size := range [][2]int{{120, 40}, {80, 24}} {
		m := studio(t, Options{Sources: []string{fixtureLibrary(t)}}, size[0], size[1])
		press(t, m, "n")
		for _, stage := range []string{"template picker", "values form"} {
			checkFrame(t, m)
			if out := ansi.Strip(content(m)); !strings.Contains(out, "esc cancel") {
				t.Errorf("%dx%d, %s: nothing says how to leave:\n%s", size[0], size[1], stage, out)
			}
			press(t, m, "enter")
		}
		press(t, m, "esc")
		if m.screen != nil {
			t.Fatalf("%dx%d: esc did not close the form", size[0], size[1])
		}
	}
}
