package listing

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

func states(l Listing) map[State]int {
	m := map[State]int{}
	for _, e := range l.Skills {
		m[e.State]++
	}
	return m
}

// A library larger than Claude Code's 8,000-character budget keeps every
// name but the skills late in name order lose their descriptions.
func TestBuildClaudeOverBudget(t *testing.T) {
	lib := generated(40, 400) // ~16,500 chars of listing
	l := Build(lib, ClaudeCode, 200_000)
	if l.Budget != 8000 {
		t.Fatalf("budget = %d, want 8000 (1%% of 200k tokens × 4 chars)", l.Budget)
	}
	if l.Used > l.Budget {
		t.Errorf("used %d > budget %d", l.Used, l.Budget)
	}
	st := states(l)
	if st[StateOmitted] != 0 || st[StateNameOnly] == 0 || st[StateFull] == 0 {
		t.Fatalf("states = %v, want full and name-only, none omitted", st)
	}
	if l.Skills[0].State != StateFull || l.Skills[len(l.Skills)-1].State != StateNameOnly {
		t.Errorf("first %s, last %s: greedy in name order keeps the first", l.Skills[0].State, l.Skills[len(l.Skills)-1].State)
	}
	// A 1M window fits everything.
	if st := states(Build(lib, ClaudeCode, 1_000_000)); st[StateFull] != 40 {
		t.Errorf("1M window: %v", st)
	}
}

func TestBuildClaudeCap(t *testing.T) {
	l := Build(generated(1, 2000), ClaudeCode, 1_000_000)
	e := l.Skills[0]
	if e.State != StateTruncated || e.CutAt != 1535 || e.Reason != "cap" {
		t.Fatalf("entry = %+v, want truncated at 1535 by the cap", e)
	}
}

func TestBuildCodexRoundRobin(t *testing.T) {
	lib := generated(15, 600) // ~9,800 chars against 8,000
	l := Build(lib, Codex, 0) // 8,000-character fallback
	st := states(l)
	if st[StateTruncated] != 15 {
		t.Fatalf("states = %v, want every description cut equally", st)
	}
	cut := l.Skills[0].CutAt
	for _, e := range l.Skills {
		if e.CutAt < cut-1 || e.CutAt > cut+1 {
			t.Errorf("%s cut at %d, others at %d", e.Name, e.CutAt, cut)
		}
	}
	if l.Used > l.Budget {
		t.Errorf("used %d > budget %d", l.Used, l.Budget)
	}
	// So many skills that bare lines overflow: the tail is omitted.
	l = Build(generated(400, 50), Codex, 0)
	if st := states(l); st[StateOmitted] == 0 || st[StateFull] != 0 {
		t.Errorf("400 skills: %v", st)
	}
}

func TestBuildCopilotPrefix(t *testing.T) {
	l := Build(generated(60, 400), Copilot, 0)
	st := states(l)
	if st[StateFull] == 0 || st[StateNameOnly] == 0 {
		t.Fatalf("states = %v", st)
	}
	var out bytes.Buffer
	if err := Render(&out, l); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "Additional skills available (invoke by name): s") {
		t.Errorf("no name list:\n%s", out.String())
	}
}

func TestBuildGeminiUnbounded(t *testing.T) {
	l := Build(generated(200, 900), Gemini, 0)
	if st := states(l); st[StateFull] != 200 || l.Budget != 0 {
		t.Errorf("states %v budget %d", st, l.Budget)
	}
}

func TestListingJSON(t *testing.T) {
	b, err := json.Marshal(Build(generated(2, 50), ClaudeCode, 0))
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	json.Unmarshal(b, &got)
	for _, k := range []string{"agent", "budget", "used", "skills"} {
		if _, ok := got[k]; !ok {
			t.Errorf("JSON lacks %q: %s", k, b)
		}
	}
	e := got["skills"].([]any)[0].(map[string]any)
	for _, k := range []string{"name", "chars", "state"} {
		if _, ok := e[k]; !ok {
			t.Errorf("skill JSON lacks %q: %s", k, b)
		}
	}
}

// Skill text cannot smuggle control characters into what is rendered.
func TestRenderSanitises(t *testing.T) {
	s := skill("evil\x1b]0;title\x07", "line one\nline two\x1b[31m red \u202e bidi\x00")
	for _, p := range Profiles {
		var out bytes.Buffer
		Render(&out, Build(append(generated(1, 20), s), p, 0))
		for _, r := range out.String() {
			if r < 0x20 && r != '\n' || r == 0x7f || r == '\u202e' {
				t.Errorf("%s: control %U in %q", p.ID, r, out.String())
			}
		}
	}
}

func TestDisableModelInvocationOmitted(t *testing.T) {
	s := skill("manual", "Only by hand.")
	s.Fields = append(s.Fields, model.Field{Name: "disable-model-invocation", Value: "true"})
	l := Build([]*model.Skill{s}, ClaudeCode, 0)
	if l.Skills[0].State != StateOmitted {
		t.Errorf("%+v", l.Skills[0])
	}
}

// TestNotInvocableIsNotManualOnly: a skill that is neither
// model-invocable nor user-invocable (an internal bundle of files other
// skills read) is omitted too, but "manual only" was wrong: the slash menu
// does not show it either.
func TestNotInvocableIsNotManualOnly(t *testing.T) {
	manual := skill("manual", "Only by hand.")
	manual.Fields = append(manual.Fields, model.Field{Name: "disable-model-invocation", Value: "true"})
	bundle := skill("bundle", "Files the other skills read.")
	bundle.Fields = append(bundle.Fields, model.Field{Name: "disable-model-invocation", Value: "true"}, model.Field{Name: "user-invocable", Value: "false"})
	l := Build([]*model.Skill{bundle, manual}, ClaudeCode, 0)
	labels := map[string]string{}
	for _, e := range l.Skills {
		labels[e.Name] = e.Label()
	}
	if labels["manual"] != "omitted (manual only)" || labels["bundle"] != "omitted (nobody invokes it)" {
		t.Errorf("labels %v", labels)
	}
}

// Copilot lists names past its 15,000 budget in a name list with its own
// 5,000: the headline never reads as more used than the budget allows.
func TestHeadlineCopilotNameList(t *testing.T) {
	l := Build(generated(40, 600), Copilot, 0)
	h := l.Headline(0)
	if !strings.Contains(h, "of 15,000 chars used") || !strings.Contains(h, "of 5,000 for the name list") {
		t.Fatalf("headline %q", h)
	}
	var blocks, names int
	for _, e := range l.Skills {
		if e.State == StateNameOnly {
			names += e.Chars
		} else {
			blocks += e.Chars
		}
	}
	if blocks > 15000 || names > 5000 || blocks+names != l.Used {
		t.Errorf("blocks %d, names %d, used %d", blocks, names, l.Used)
	}
}

// TestReadsSkillThroughLinkedFolder: a skill in .ai/skills that
// .claude/skills links to is read by Claude Code, not by Codex; a plain
// (non-agent) alias does not make every agent read it.
func TestReadsSkillThroughLinkedFolder(t *testing.T) {
	s := skill("a", "A skill.")
	s.Location.Dir = ".ai/skills/a"
	if ClaudeCode.ReadsSkill(s) {
		t.Fatal("no alias: Claude Code does not read .ai/skills")
	}
	s.Location.Aliases = []string{"skills/a", ".claude/skills/a"}
	if !ClaudeCode.ReadsSkill(s) {
		t.Error("Claude Code reads it through .claude/skills")
	}
	if Codex.ReadsSkill(s) {
		t.Error("Codex reads neither .ai nor .claude")
	}
}
