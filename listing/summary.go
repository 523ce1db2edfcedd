package listing

import (
	"fmt"
	"strings"

	"github.com/dustin/go-humanize"
)

// Label is the entry's state as a person reads it: "full", "truncated at
// 1,535", "name-only", "omitted", with why it lost text when not to the
// budget (the per-skill cap, or not model-invocable).
func (e Entry) Label() string {
	switch e.State {
	case StateTruncated:
		s := "truncated at " + humanize.Comma(int64(e.CutAt))
		if e.Reason == "cap" {
			s += " (cap)"
		}
		return s
	case StateOmitted:
		switch e.Reason {
		case "not model-invocable":
			return "omitted (manual only)"
		case "not invocable":
			return "omitted (nobody invokes it)"
		}
	}
	return string(e.State)
}

// Profile is the agent profile the listing was built with.
func (l Listing) Profile() Profile {
	if l.profile.ID == "" {
		p, _ := ProfileByID(l.Agent)
		return p
	}
	return l.profile
}

// Counts tallies the entries by state.
func (l Listing) Counts() map[State]int {
	n := map[State]int{}
	for _, e := range l.Skills {
		n[e.State]++
	}
	return n
}

// Headline is one line naming the agent, the skills and the budget
// spent: "Claude Code: 40 skills, 8,012 of 8,000 chars (100%), 200,000-token
// window". contextTokens is the window the budget was computed for.
func (l Listing) Headline(contextTokens int) string {
	p := l.Profile()
	noun := "skills"
	if len(l.Skills) == 1 {
		noun = "skill"
	}
	head := fmt.Sprintf("%s: %d %s, ", p.Name, len(l.Skills), noun)
	switch {
	case l.Budget == 0:
		head += fmt.Sprintf("%s %s, no budget", humanize.Comma(int64(l.Used)), l.Unit)
	case l.Needed > l.Budget && p.NameListBudget > 0:
		// Names past the budget go to a list with a budget of its own.
		names := l.nameListChars()
		head += fmt.Sprintf("%s of %s %s used, %s of %s for the name list, %s needed for every description (%d%% of the budget)",
			humanize.Comma(int64(l.Used-names)), humanize.Comma(int64(l.Budget)), l.Unit, humanize.Comma(int64(names)), humanize.Comma(int64(p.NameListBudget)),
			humanize.Comma(int64(l.Needed)), l.Needed*100/l.Budget)
	case l.Needed > l.Budget:
		head += fmt.Sprintf("%s of %s %s used, %s needed for every description (%d%% of the budget)",
			humanize.Comma(int64(l.Used)), humanize.Comma(int64(l.Budget)), l.Unit, humanize.Comma(int64(l.Needed)), l.Needed*100/l.Budget)
	default:
		head += fmt.Sprintf("%s of %s %s (%d%%)", humanize.Comma(int64(l.Used)), humanize.Comma(int64(l.Budget)), l.Unit, l.Used*100/l.Budget)
	}
	switch {
	case p.FixedBudget > 0:
		head += ", fixed budget"
	case p.BudgetFraction > 0 && contextTokens > 0:
		head += ", " + humanize.Comma(int64(contextTokens)) + "-token window"
	}
	return head
}

// nameListChars is what the name-only entries cost: for an agent with a
// name list (Copilot) they are counted against its own budget.
func (l Listing) nameListChars() int {
	n := 0
	for _, e := range l.Skills {
		if e.State == StateNameOnly {
			n += e.Chars
		}
	}
	return n
}

// Summary is one line counting the states and saying how many skills
// lose text to the budget.
func (l Listing) Summary() string {
	n := l.Counts()
	lost := 0
	for _, e := range l.Skills {
		if e.Reason == "budget" {
			lost++
		}
	}
	parts := []string{
		fmt.Sprintf("%d full", n[StateFull]),
		fmt.Sprintf("%d truncated", n[StateTruncated]),
		fmt.Sprintf("%d name-only", n[StateNameOnly]),
		fmt.Sprintf("%d omitted", n[StateOmitted]),
	}
	tail := "every description fits the budget"
	switch {
	case l.Budget == 0:
		tail = "no budget: every description is listed"
	case lost == 1:
		tail = "1 skill loses text to the budget"
	case lost > 1:
		tail = fmt.Sprintf("%d skills lose text to the budget", lost)
	}
	return strings.Join(parts, ", ") + "; " + tail
}
