package ui

import (
	"fmt"
	"io/fs"
	"path"
	"strings"

	"charm.land/lipgloss/v2"

	"github.com/skillstudio/skillstudio/listing"
	"github.com/skillstudio/skillstudio/model"
)

// The Agent tab's library section: where the selected skill lands in the
// skill listing an agent builds from its library (listing.Build), with the
// budget bar and every sibling's state, for one agent at a time (the
// CycleAgent key steps through listing.Profiles). It is the same
// simulation lint's library/listing-budget findings come from.

// listingSource is the studio's library as the Agent tab needs it; the
// Model implements it (Common.Library holds the Model).
type listingSource interface {
	// LibrarySkills are the skills of every loaded source, as shown.
	LibrarySkills() []*model.Skill
	// ListingSettings are the configured agents and context window.
	ListingSettings() (agents []string, contextTokens int)
}

// LibrarySkills implements listingSource.
func (m *Model) LibrarySkills() []*model.Skill {
	out := make([]*model.Skill, 0, len(m.lib.entries))
	for _, e := range m.lib.entries {
		if !e.stub && e.Skill != nil {
			out = append(out, e.Skill)
		}
	}
	return out
}

// ListingSettings implements listingSource.
func (m *Model) ListingSettings() ([]string, int) {
	return m.opts.ListingAgents, m.opts.ContextTokens
}

// agentListing is the selected skill's place in one agent's listing.
type agentListing struct {
	listing listing.Listing
	window  int
	// mine is the selected skill's index in listing.Skills (-1: it is not
	// a skill agents list).
	mine int
	// notRead is the agent folder (".codex") holding the skill when this
	// agent does not load skills from it (listing.Profile.ReadsDir): lint
	// checks no listing of it for this agent, so none is drawn.
	notRead string
}

// agentStart is the index in listing.Profiles the tab starts on: the
// first configured agent, else Claude Code.
func agentStart(src listingSource) int {
	if src != nil {
		if ids, _ := src.ListingSettings(); len(ids) > 0 {
			for i, p := range listing.Profiles {
				if p.ID == ids[0] {
					return i
				}
			}
		}
	}
	return 0
}

// buildAgentListing simulates agent's listing of the library s belongs
// to (the siblings lint compares it with, listing.Libraries).
func buildAgentListing(src listingSource, s *model.Skill, agent int) *agentListing {
	p := listing.Profiles[agent%len(listing.Profiles)]
	if !p.ReadsSkill(s) {
		return &agentListing{listing: listing.Build(nil, p, 0), mine: -1, notRead: listing.AgentFolder(s.Location.Dir)}
	}
	window := listing.DefaultContext
	lib := []*model.Skill{s}
	if src != nil {
		if _, w := src.ListingSettings(); w > 0 {
			window = w
		}
		for _, group := range listing.Libraries(src.LibrarySkills()) {
			for _, g := range group {
				if g == s {
					lib = group
				}
			}
		}
	}
	a := &agentListing{listing: listing.Build(listing.Listed(lib), p, window), window: window, mine: -1}
	for i, e := range a.listing.Skills {
		if e.Skill() == s {
			a.mine = i
		}
	}
	return a
}

// maxListingRows bounds the rows drawn; a library of thousands is summed
// up, not listed.
const maxListingRows = 200

// agentListingContent draws the section.
func agentListingContent(st *Styles, a *agentListing, width int, cycleKey string) string {
	var b strings.Builder
	l := a.listing
	title := fmt.Sprintf("Library listing · %s", l.Profile().Name)
	b.WriteString(" " + st.Heading.Render(title) + "  " + st.Dim.Render(cycleKey+": next agent") + "\n")
	if a.notRead != "" {
		b.WriteString(indent(st.Dim.Render(wrap(notReadMeaning(l.Profile(), a.notRead), max(width-2, 10))), " "))
		return b.String()
	}
	if a.mine < 0 {
		b.WriteString(indent(st.Dim.Render(wrap("Agents list SKILL.md skills; this format is loaded by its own runtime, not from the listing.", max(width-2, 10))), " "))
		return b.String()
	}
	b.WriteString(indent(st.Row.Render(wrap(l.Headline(a.window), max(width-2, 10))), " ") + "\n")
	if l.Budget > 0 {
		b.WriteString(" " + budgetBarStyled(st, max(l.Used, l.Needed), l.Budget, min(max(width-24, 10), 50)) + "\n")
	}
	me := l.Skills[a.mine]
	style := st.OK
	switch me.State {
	case listing.StateTruncated:
		style = st.Warning
	case listing.StateNameOnly, listing.StateOmitted:
		style = st.Error
	}
	b.WriteString(" This skill: " + style.Render(me.Label()) + "\n")
	b.WriteString(indent(st.Dim.Render(wrap(stateMeaning(me), max(width-2, 10))), " ") + "\n\n")
	start := 0
	if len(l.Skills) > maxListingRows {
		start = min(max(a.mine-maxListingRows/2, 0), len(l.Skills)-maxListingRows)
	}
	end := min(start+maxListingRows, len(l.Skills))
	if start > 0 {
		b.WriteString(st.Dim.Render(fmt.Sprintf("   … %d before", start)) + "\n")
	}
	for i := start; i < end; i++ {
		e := l.Skills[i]
		mark, name := "  ", e.Name
		if i == a.mine {
			mark, name = st.Star.Render("▶ "), st.Bold.Render(name)
		}
		chars := "-"
		if e.State != listing.StateOmitted {
			chars = groupThousands(e.Chars)
		}
		b.WriteString(fmt.Sprintf(" %s%s %6s  %s\n", mark, stateStyle(st, e.State).Render(fmt.Sprintf("%-22s", e.Label())), chars, name))
	}
	if end < len(l.Skills) {
		b.WriteString(st.Dim.Render(fmt.Sprintf("   … %d more", len(l.Skills)-end)) + "\n")
	}
	b.WriteString(indent(st.Dim.Render(wrap(l.Summary()+". An estimate from each agent's public docs and source (skillstudio listing --help).", max(width-2, 10))), " "))
	return b.String()
}

// notReadMeaning says that the agent never sees a skill kept in another
// agent's folder, and which folders it reads instead.
func notReadMeaning(p listing.Profile, folder string) string {
	reads := make([]string, len(p.ProjectFolders))
	for i, f := range p.ProjectFolders {
		reads[i] = f + "/skills"
	}
	return fmt.Sprintf("%s does not load skills from %s/skills, so this copy is not in its listing (it reads %s, and skills folders outside any agent's folder).",
		p.Name, folder, strings.Join(reads, ", "))
}

// stateMeaning says in words what the agent sees of the skill.
func stateMeaning(e listing.Entry) string {
	switch e.State {
	case listing.StateFull:
		return "the agent sees its whole description"
	case listing.StateTruncated:
		return fmt.Sprintf("the agent sees %s of %s characters", groupThousands(e.CutAt), groupThousands(e.DescChars))
	case listing.StateNameOnly:
		return "the agent sees its name only: the budget ran out"
	}
	if e.Reason == "budget" {
		return "the agent does not list it at all: the budget ran out"
	}
	return "the agent does not list it: disable-model-invocation is set"
}

func stateStyle(st *Styles, s listing.State) lipgloss.Style {
	switch s {
	case listing.StateFull:
		return st.OK
	case listing.StateTruncated:
		return st.Warning
	}
	return st.Error
}

// budgetBarStyled draws need against budget in width cells; the part past
// the budget is drawn in the error colour.
// Past the budget the whole bar stands for need, so that it keeps its
// width however far over the listing runs.
func budgetBarStyled(st *Styles, need, budget, width int) string {
	budget = max(budget, 1)
	if need > budget {
		within := min(max(budget*width/need, 1), width-1)
		return st.OK.Render(strings.Repeat("█", within)) + st.Error.Render(strings.Repeat("█", width-within)) +
			" " + st.Error.Render(fmt.Sprintf("%d%% of the budget", need*100/budget))
	}
	fill := need * width / budget
	return st.OK.Render(strings.Repeat("█", fill)) + st.Dim.Render(strings.Repeat("░", width-fill)) +
		" " + st.Dim.Render(fmt.Sprintf("%d%%", need*100/budget))
}

// evalsSummary sums up a SKILL.md skill's eval files (evals/*.json):
// "evals: 3 cases, 20 trigger queries (10 should trigger)", or "" when its
// evals/ folder holds no file. Files that cannot be read are counted as
// such (the Lint tab has the findings); files that are not skill-creator's
// eval JSON (waza's eval.yaml, a JSON Schema, a results file) are named as
// not read, so nobody takes them for checked. It reads files, so it runs
// in a command.
func evalsSummary(s *model.Skill) string {
	if s.Format != model.FormatSkillMD || s.Location.FS == nil {
		return ""
	}
	dir := s.Location.Join("evals")
	entries, err := fs.ReadDir(s.Location.FS, dir)
	if err != nil {
		return ""
	}
	files, cases, queries, pos, bad := 0, 0, 0, 0, 0
	var other []string
	for _, e := range entries {
		if e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		if path.Ext(e.Name()) != ".json" {
			other = append(other, e.Name())
			continue
		}
		file := path.Join(dir, e.Name())
		src, err := fs.ReadFile(s.Location.FS, file)
		if err != nil {
			files++
			bad++
			continue
		}
		if !listing.IsEvalFile(file, src) {
			other = append(other, e.Name())
			continue
		}
		files++
		f, err := listing.ReadEvals(src)
		if err != nil {
			bad++
			continue
		}
		cases += len(f.Evals)
		queries += len(f.Queries)
		for _, q := range f.Queries {
			if q.HasTrigger && q.ShouldTrigger {
				pos++
			}
		}
	}
	if files == 0 && len(other) == 0 {
		return ""
	}
	var parts []string
	if files > 0 {
		parts = append(parts, fmt.Sprintf("%s, %s (%d should trigger)", plural(cases, "case", "cases"), plural(queries, "trigger query", "trigger queries"), pos))
	}
	if bad > 0 {
		parts = append(parts, fmt.Sprintf("%s unreadable (see Lint)", plural(bad, "file", "files")))
	}
	if len(other) > 0 {
		names := other[0]
		if len(other) > 1 {
			names = fmt.Sprintf("%s and %d more", other[0], len(other)-1)
		}
		parts = append(parts, names+" not read (only skill-creator's eval JSON is checked)")
	}
	return "evals: " + strings.Join(parts, "; ")
}
