package listing

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/skillstudio/skillstudio/model"
)

// State is what the agent sees of one skill.
type State string

const (
	StateFull      State = "full"      // name and whole description
	StateTruncated State = "truncated" // description cut at CutAt characters
	StateNameOnly  State = "name-only" // listed by name, no description
	StateOmitted   State = "omitted"   // not listed at all
)

// Entry is one skill in a listing. Chars is what the entry costs in the
// listing's unit (0 when omitted); CutAt is how many characters of the
// listed text survive when State is truncated; DescChars is the length of
// the whole listed text (description, plus when_to_use where read).
type Entry struct {
	Name      string `json:"name"`
	Chars     int    `json:"chars"`
	State     State  `json:"state"`
	CutAt     int    `json:"cutAt,omitempty"`
	DescChars int    `json:"descChars"`
	Path      string `json:"path,omitempty"`
	// Reason says why a skill lost text: "cap", "budget", "not
	// model-invocable" or "not invocable" (by neither the model nor the user).
	Reason string `json:"reason,omitempty"`

	text  string // the description as listed (after cut), sanitised
	skill *model.Skill
}

// Skill is the skill the entry was built from.
func (e Entry) Skill() *model.Skill { return e.skill }

// Listing is the simulated skill listing of one agent. Budget and Used
// count Unit; Budget 0 means the agent has no budget.
type Listing struct {
	Agent  string `json:"agent"`
	Budget int    `json:"budget"`
	Used   int    `json:"used"`
	// Needed is what every listed skill with its (capped) description
	// would cost: more than Budget when the listing overflows.
	Needed int     `json:"needed"`
	Unit   Unit    `json:"unit"`
	Skills []Entry `json:"skills"`

	profile Profile
}

// Over reports whether any skill lost text to the budget.
func (l Listing) Over() bool {
	for _, e := range l.Skills {
		if e.Reason == "budget" {
			return true
		}
	}
	return false
}

// Build simulates agent's listing of skills for a context window of
// contextTokens (0: unknown, the agent's fallback applies). Skills that
// the agent never shows the model are omitted with their reason.
func Build(skills []*model.Skill, agent Profile, contextTokens int) Listing {
	l := Listing{Agent: agent.ID, Budget: agent.Budget(contextTokens), Unit: agent.Unit, profile: agent}
	var live []*Entry
	for _, s := range ordered(skills, agent.Order) {
		full := listedText(s, agent)
		e := Entry{Name: clean(s.Name), DescChars: utf8.RuneCountInString(full), Path: s.Location.File, skill: s}
		if agent.HidesManual && !modelInvocable(s) {
			e.State, e.Reason = StateOmitted, "not model-invocable"
			if !userInvocable(s) {
				e.Reason = "not invocable"
			}
			l.Skills = append(l.Skills, e)
			continue
		}
		text, kept, cut := capText(full, agent.DescCap, agent.Ellipsis)
		e.text, e.State = text, StateFull
		if cut {
			e.State, e.CutAt, e.Reason = StateTruncated, kept, "cap"
		}
		l.Skills = append(l.Skills, e)
	}
	for i := range l.Skills {
		if e := &l.Skills[i]; e.State != StateOmitted {
			live = append(live, e)
			l.Needed += agent.cost(agent.entry(e.Name, e.text, e.Path)) + 1
		}
	}
	switch agent.Overflow {
	case OverflowGreedyNameOnly:
		l.Used = fitGreedy(agent, live, l.Budget)
	case OverflowRoundRobin:
		l.Used = fitRoundRobin(agent, live, l.Budget)
	case OverflowPrefixNames:
		l.Used = fitPrefix(agent, live, l.Budget)
	default:
		for _, e := range live {
			e.Chars = agent.cost(agent.entry(e.Name, e.text, e.Path)) + 1
			l.Used += e.Chars
		}
	}
	return l
}

// ordered sorts a copy of skills in the agent's order.
func ordered(skills []*model.Skill, o Order) []*model.Skill {
	out := slices.Clone(skills)
	if o == OrderName {
		slices.SortStableFunc(out, func(a, b *model.Skill) int {
			return strings.Compare(a.Name, b.Name)
		})
	}
	return out
}

// dropDescription lists e by name only because of the budget.
func dropDescription(e *Entry) {
	e.State, e.CutAt, e.Reason, e.text = StateNameOnly, 0, "budget", ""
}

// fitGreedy is Claude Code: every name is always listed; in order, a
// skill keeps its description if it still fits, else it goes name-only
// and the scan continues.
func fitGreedy(p Profile, live []*Entry, budget int) int {
	used := 0
	for _, e := range live {
		used += p.cost(p.entry(e.Name, "", e.Path)) + 1
	}
	for _, e := range live {
		bare := p.cost(p.entry(e.Name, "", e.Path)) + 1
		if e.text == "" {
			e.Chars = bare
			continue
		}
		full := p.cost(p.entry(e.Name, e.text, e.Path)) + 1
		if budget > 0 && used+full-bare > budget {
			dropDescription(e)
			e.Chars = bare
			continue
		}
		used += full - bare
		e.Chars = full
	}
	return used
}

// fitRoundRobin is Codex (render.rs): all full if it fits; else every bare
// line plus description characters handed out one at a time; else bare
// lines until the budget, the rest omitted.
func fitRoundRobin(p Profile, live []*Entry, budget int) int {
	fullCost, bareCost := 0, 0
	for _, e := range live {
		fullCost += p.cost(p.entry(e.Name, e.text, e.Path)) + 1
		bareCost += p.cost(p.entry(e.Name, "", e.Path)) + 1
	}
	if budget <= 0 || fullCost <= budget {
		for _, e := range live {
			e.Chars = p.cost(p.entry(e.Name, e.text, e.Path)) + 1
		}
		return fullCost
	}
	if bareCost > budget {
		used := 0
		for _, e := range live {
			bare := p.cost(p.entry(e.Name, "", e.Path)) + 1
			if used+bare > budget {
				e.State, e.CutAt, e.Reason, e.text, e.Chars = StateOmitted, 0, "budget", "", 0
				continue
			}
			dropDescription(e)
			e.Chars = bare
			used += bare
		}
		return used
	}
	runes := make([][]rune, len(live))
	alloc := make([]int, len(live))
	for i, e := range live {
		runes[i] = []rune(e.text)
	}
	remaining := budget - bareCost
	for changed := true; changed; {
		changed = false
		for i := range live {
			if alloc[i] >= len(runes[i]) {
				continue
			}
			delta := p.cost(string(runes[i][alloc[i]]))
			if alloc[i] == 0 {
				delta++ // the space before the description
			}
			if delta <= remaining {
				alloc[i]++
				remaining -= delta
				changed = true
			}
		}
	}
	used := 0
	for i, e := range live {
		kept := alloc[i]
		switch {
		case kept == len(runes[i]):
			// keeps what the cap left
		case kept == 0:
			dropDescription(e)
		default:
			e.State, e.CutAt, e.Reason = StateTruncated, kept, "budget"
			e.text = string(runes[i][:kept])
		}
		e.Chars = p.cost(p.entry(e.Name, e.text, e.Path)) + 1
		used += e.Chars
	}
	return used
}

// fitPrefix is Copilot in VS Code: full entries until the first that does
// not fit, then a comma-separated name list with its own budget, then
// "... and N more".
func fitPrefix(p Profile, live []*Entry, budget int) int {
	used, i := 0, 0
	for ; i < len(live); i++ {
		e := live[i]
		c := p.cost(p.entry(e.Name, e.text, e.Path)) + 1
		if budget > 0 && used+c > budget {
			break
		}
		e.Chars = c
		used += c
	}
	names := 0
	for _, e := range live[i:] {
		add := p.cost(e.Name)
		if names > 0 {
			add += 2
		}
		if p.NameListBudget > 0 && names+add > p.NameListBudget {
			e.State, e.CutAt, e.Reason, e.text, e.Chars = StateOmitted, 0, "budget", "", 0
			continue
		}
		dropDescription(e)
		e.Chars = add
		names += add
	}
	return used + names
}
