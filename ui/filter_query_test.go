package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func TestParseFilter(t *testing.T) {
	fq := parseFilter(`has:quiz format:skill "web hook" =api onboarding`)
	if len(fq.facts) != 2 || fq.fuzzy != "onboarding" || strings.Join(fq.strict, "|") != "web hook|api" || fq.problem != "" {
		t.Errorf("%+v", fq)
	}
	if fq := parseFilter("has:nonsense"); !strings.Contains(fq.problem, "has: takes quiz") {
		t.Errorf("problem %q", fq.problem)
	}
	if fq := parseFilter("http://x"); fq.fuzzy != "http://x" || len(fq.facts) != 0 {
		t.Errorf("a colon in text is text: %+v", fq)
	}
}

// Facts filter the library through the real filter keys: `has:quiz`
// finds the example skills with quizzes, which the fuzzy word "quiz"
// does not; format: and has:errors combine with text.
func TestFilterByFacts(t *testing.T) {
	m := studio(t, Options{Examples: true}, 120, 40)
	shown := func(q string) []string {
		t.Helper()
		press(t, m, "esc")
		press(t, m, "/")
		typeText(t, m, q)
		press(t, m, "enter")
		var names []string
		for _, l := range m.lib.lines {
			if l.e != nil {
				names = append(names, l.e.Skill.Name)
			}
		}
		return names
	}
	quiz := shown("has:quiz")
	if len(quiz) == 0 {
		t.Fatal("has:quiz shows nothing")
	}
	for _, l := range m.lib.lines {
		if l.e != nil && len(l.e.Skill.Quizzes) == 0 {
			t.Errorf("has:quiz shows %s, which has no quiz", l.e.Skill.Name)
		}
	}
	for _, n := range shown("format:osloop") {
		if e := m.EntryNamed(n, nil); e.Candidate.Format != "osloop" {
			t.Errorf("format:osloop shows %s (%s)", n, e.Candidate.Format)
		}
	}
	both := shown("has:quiz format:skillmd " + quiz[0][:4])
	if len(both) == 0 || len(both) > len(quiz) {
		t.Errorf("facts with text: %v (quiz skills %v)", both, quiz)
	}
	// has:risk: what the review flagged (◆ ◇), for a reviewer who wants
	// those first; the examples hold both kinds.
	risky := shown("has:risk")
	if len(risky) == 0 || len(risky) == len(m.lib.entries) {
		t.Errorf("has:risk shows %d of %d skills", len(risky), len(m.lib.entries))
	}
	for _, n := range risky {
		r := m.EntryNamed(n, nil).riskCurrent()
		if r == nil || r.Verdict.Errors+r.Verdict.Warnings == 0 {
			t.Errorf("has:risk shows %s, which the review did not flag", n)
		}
	}
	shown("has:bogus")
	if v := ansi.Strip(content(m)); !strings.Contains(v, "has:bogus is not a filter") {
		t.Errorf("an unknown fact is not explained:\n%s", v)
	}
}

// A filter that matches nothing says so in full, wrapped in the pane (not
// cut at its edge), shows the query as typed, and points a plain word that
// names a fact ("quiz") at the fact (has:quiz).
func TestEmptyFilterMessageWrapsAndSuggestsTheFact(t *testing.T) {
	m := studio(t, Options{Examples: true}, 120, 40)
	press(t, m, "/")
	typeText(t, m, `"quiz"`)
	checkFrame(t, m)
	v := ansi.Strip(content(m))
	if strings.Contains(v, `\"`) || !strings.Contains(v, `No skill matches "quiz".`) {
		t.Errorf("the query is not shown as typed:\n%s", v)
	}
	if !strings.Contains(v, "has:quiz?") || !strings.Contains(v, "esc clears") {
		t.Errorf("no has:quiz hint, or the message is cut:\n%s", v)
	}
	press(t, m, "esc", "/")
	typeText(t, m, "has:bogus")
	v = ansi.Strip(content(m))
	if !strings.Contains(v, "warnings,") || !strings.Contains(v, "findings") {
		t.Errorf("the unknown fact's values are cut off:\n%s", v)
	}
}
