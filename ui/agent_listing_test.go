package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/skillstudio/skillstudio/listing"
	"github.com/skillstudio/skillstudio/model"
)

// overBudgetLibrary writes 40 sibling skills whose descriptions overflow
// Claude Code's 8,000-character listing, and gives s00 eval files.
func overBudgetLibrary(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "lib")
	write := func(rel, text string) { writeFile(t, dir, rel, text) }
	for i := range 40 {
		name := fmt.Sprintf("s%02d", i)
		desc := fmt.Sprintf("Skill %02d handles topic %02d. Use when ", i, i) + strings.Repeat("x", 370)
		write(name+"/SKILL.md", fmt.Sprintf("---\nname: %s\ndescription: %s\n---\n\n# %s\n\nSee evals/evals.json.\n", name, desc, name))
	}
	write("s00/evals/evals.json", `{"skill_name": "s00", "evals": [{"id": 1, "prompt": "a", "expectations": ["x"]}, {"id": 2, "prompt": "b", "expectations": ["y"]}]}`)
	write("s00/evals/triggers.json", `[{"query": "topic 00", "should_trigger": true}, {"query": "topic 01", "should_trigger": false}, {"query": "handle topic", "should_trigger": true}]`)
	return dir
}

// The Agent tab shows where the skill lands in the library's listing for
// the chosen agent, with the budget bar; c steps to the next agent.
func TestAgentTabShowsTheLibraryListing(t *testing.T) {
	m := studio(t, Options{Sources: []string{overBudgetLibrary(t)}}, 120, 60)
	all := func() string {
		tab := m.skill.tabs[m.skill.active].(*agentTab)
		return strings.Join(strings.Fields(ansi.Strip(tab.render())), " ") // wrapping aside
	}

	selectSkill(t, m, "s39")
	press(t, m, "enter")
	openTab(t, m, "Agent")
	got := all()
	for _, want := range []string{"Library listing · Claude Code", "c: next agent", "of the budget", "This skill: name-only", "the budget ran out", "▶ name-only", "skills lose text to the budget",
		"Claude Code lists this skill by name only (the listing budget ran out): the description above is not in context."} {
		if !strings.Contains(got, want) {
			t.Errorf("Agent tab lacks %q:\n%s", want, got)
		}
	}
	checkFrame(t, m)

	press(t, m, "c")
	got = all()
	if !strings.Contains(got, "Library listing · Codex") || !strings.Contains(got, "This skill: truncated at") || !strings.Contains(got, "Codex keeps only the first") {
		t.Errorf("after c, want Codex with s39 truncated:\n%s", got)
	}
	press(t, m, "c", "c")
	if got = all(); !strings.Contains(got, "Library listing · Gemini CLI") || !strings.Contains(got, "This skill: full") || strings.Contains(got, "not in context") {
		t.Errorf("after c c c, want Gemini with s39 full and no in-context note:\n%s", got)
	}
	checkFrame(t, m)

	// s00 lists first (name order) and keeps its description; its eval
	// files are summed up.
	press(t, m, "esc")
	selectSkill(t, m, "s00")
	press(t, m, "enter")
	openTab(t, m, "Agent")
	got = all()
	if !strings.Contains(got, "evals: 2 cases, 3 trigger queries (2 should trigger)") {
		t.Errorf("no evals summary:\n%s", got)
	}
}

// A manual-only skill's catalog entry is flagged as not in context for an
// agent that hides it, and not for one that lists it.
func TestEntryInContextManualOnly(t *testing.T) {
	s := &model.Skill{Name: "deploy", Description: "Deploys. Use when shipping.", Format: model.FormatSkillMD,
		Fields: []model.Field{{Name: "disable-model-invocation", Value: "true"}}}
	claude := buildAgentListing(nil, s, 0)
	if got := entryInContext(claude); !strings.Contains(got, "does not list this skill (disable-model-invocation)") {
		t.Errorf("Claude Code: %q", got)
	}
	for i, p := range listing.Profiles {
		if !p.HidesManual {
			if got := entryInContext(buildAgentListing(nil, s, i)); got != "" {
				t.Errorf("%s lists it whole, yet: %q", p.Name, got)
			}
		}
	}
}

// The budget bar keeps its width however far over the budget the listing
// runs (it used to grow by the overflow and be cut off at the panel).
func TestBudgetBarKeepsItsWidth(t *testing.T) {
	st := NewStyles(Theme{Dark: true})
	for _, c := range [][2]int{{0, 8000}, {4000, 8000}, {8000, 8000}, {8001, 8000}, {16560, 8000}, {800000, 8000}, {5, 0}} {
		bar := ansi.Strip(budgetBarStyled(st, c[0], c[1], 40))
		cells, _, _ := strings.Cut(bar, " ")
		if w := ansi.StringWidth(cells); w != 40 {
			t.Errorf("need %d of %d: bar %d cells wide, want 40: %q", c[0], c[1], w, bar)
		}
	}
}

// Files in evals/ that skillstudio does not read as evals (waza's
// eval.yaml, a JSON Schema) are named in the summary as not read, so a
// waza or promptfoo user does not take them for checked.
func TestEvalsSummaryNamesFilesNotRead(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "sql/SKILL.md", "---\nname: sql\ndescription: d\n---\n")
	writeFile(t, dir, "sql/evals/eval.yaml", "tasks: [\"tasks/*.yaml\"]\n")
	writeFile(t, dir, "sql/evals/rubric.schema.json", `{"type": "object"}`)
	s := &model.Skill{Format: model.FormatSkillMD, Name: "sql", Location: model.Location{Local: true, Root: dir, Dir: "sql", File: "sql/SKILL.md", FS: os.DirFS(dir)}}
	got := evalsSummary(s)
	want := "evals: eval.yaml and 1 more not read (only skill-creator's eval JSON is checked)"
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	writeFile(t, dir, "sql/evals/evals.json", `{"evals": [{"id": 1, "prompt": "a", "expectations": ["x"]}]}`)
	if got := evalsSummary(s); !strings.HasPrefix(got, "evals: 1 case, 0 trigger queries") || !strings.Contains(got, "; eval.yaml and 1 more not read") {
		t.Errorf("with evals.json: %q", got)
	}
}

// A skill kept in one agent's folder is in no other agent's listing: the
// tab says so for the agents that do not read the folder (lint checks no
// listing of it for them) and simulates the listing for those that do.
func TestAgentTabSaysWhichAgentsDoNotReadTheFolder(t *testing.T) {
	s := &model.Skill{Name: "tidy", Description: "Tidies. Use when asked to tidy.", Format: model.FormatSkillMD,
		Location: model.Location{Dir: "repo/.codex/skills/tidy"}}
	st := NewStyles(Theme{Dark: true})
	for i, p := range listing.Profiles {
		a := buildAgentListing(nil, s, i)
		got := ansi.Strip(agentListingContent(st, a, 100, "c"))
		reads := p.ReadsDir(s.Location.Dir)
		if reads != (a.notRead == "") {
			t.Errorf("%s: reads .codex = %v, notRead = %q", p.Name, reads, a.notRead)
		}
		if !reads {
			if !strings.Contains(got, p.Name+" does not load skills from repo/.codex/skills") || strings.Contains(got, "This skill:") {
				t.Errorf("%s does not read .codex/skills, yet the tab shows:\n%s", p.Name, got)
			}
			if note := entryInContext(a); !strings.Contains(note, "none of the entry above is in its context") {
				t.Errorf("%s: entry note %q", p.Name, note)
			}
		} else if !strings.Contains(got, "This skill:") {
			t.Errorf("%s reads .codex/skills, yet no listing:\n%s", p.Name, got)
		}
	}
}
