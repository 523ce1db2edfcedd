package listing

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dustin/go-humanize"

	"github.com/skillstudio/skillstudio/model"
)

// Check reports the library-level findings for one library, the skills
// one agent session would load together (one repository: do not pass
// unrelated repositories at once, see GroupBy): for each agent, budget
// overflow and per-skill caps; once, near-duplicate descriptions.
// contextTokens is the model's window (0: unknown, agents' fallbacks).
// An agent is checked only on the skills it reads (ReadBy): .codex/skills
// is not in Claude Code's listing.
func Check(skills []*model.Skill, agents []Profile, contextTokens int) []model.Diagnostic {
	var ds []model.Diagnostic
	for _, p := range agents {
		if read, _ := ReadBy(p, skills); len(read) > 0 {
			ds = append(ds, CheckListing(Build(read, p, contextTokens), contextTokens)...)
		}
	}
	ds = append(ds, CheckOverlap(skills, OverlapThreshold)...)
	model.SortDiagnostics(ds)
	return ds
}

// CheckListing turns one built listing into findings: one per skill that
// loses text, to the budget (library/listing-budget) or to the per-skill
// cap (skillmd/description-cap).
func CheckListing(l Listing, contextTokens int) []model.Diagnostic {
	p := l.profile
	var ds []model.Diagnostic
	var lost []string
	for _, e := range l.Skills {
		if e.Reason == "budget" {
			lost = append(lost, e.Name)
		}
	}
	window := "context window unknown, fallback"
	if contextTokens > 0 {
		window = humanize.Comma(int64(contextTokens)) + "-token window"
	}
	for _, e := range l.Skills {
		if e.Reason != "cap" && e.Reason != "budget" {
			continue // listed whole: nothing to say
		}
		file, line, col := descPos(e.skill)
		full := listedText(e.skill, p)
		switch {
		case e.Reason == "cap":
			ds = append(ds, Rules.New("skillmd/description-cap", file, line, col,
				fmt.Sprintf("%s cuts this description at %s characters (it has %s); never seen: %s",
					p.Name, humanize.Comma(int64(e.CutAt)), humanize.Comma(int64(e.DescChars)), lostWords(full, e.CutAt)),
				"Put the key use case and trigger phrases in the first "+humanize.Comma(int64(p.DescCap))+" characters, or move detail into the body."))
		case e.Reason == "budget":
			what := "its description is dropped: it is listed by name only"
			switch e.State {
			case StateTruncated:
				what = fmt.Sprintf("its description is cut at %s of %s characters; never seen: %s",
					humanize.Comma(int64(e.CutAt)), humanize.Comma(int64(e.DescChars)), lostWords(full, e.CutAt))
			case StateOmitted:
				what = "it is left out of the listing entirely"
			}
			ds = append(ds, Rules.New("library/listing-budget", file, line, col,
				fmt.Sprintf("%s's skill listing needs more than its budget of %s %s (%s) for these %d skills, %d of which lose text (%s); for this skill %s",
					p.Name, humanize.Comma(int64(l.Budget)), l.Unit, window, len(l.Skills), len(lost), names(lost), what),
				"Shorten the library's descriptions (put the use case first), disable rarely used skills, or raise the agent's budget (Claude Code: skillListingBudgetFraction or SLASH_COMMAND_TOOL_CHAR_BUDGET)."))
		}
	}
	return ds
}

// names lists up to five names, then how many more.
func names(ns []string) string {
	if len(ns) <= 5 {
		return strings.Join(ns, ", ")
	}
	return strings.Join(ns[:5], ", ") + fmt.Sprintf(", +%d more", len(ns)-5)
}

// lostWords quotes the content words of text past character cut that do
// not already appear before it: what the agent never reads.
func lostWords(text string, cut int) string {
	kept := map[string]bool{}
	for _, t := range terms(prefix(text, cut)) {
		kept[t] = true
	}
	rest := text[len(prefix(text, cut)):]
	words := strings.Fields(rest)
	if len(words) > 0 && cut > 0 && !strings.HasPrefix(rest, " ") && !strings.HasSuffix(prefix(text, cut), " ") {
		words = words[1:] // the word the cut went through was partly seen
	}
	var out []string
	for _, w := range words {
		ts := terms(w)
		if len(ts) == 1 && !kept[ts[0]] && !slices.Contains(out, w) {
			out = append(out, strings.Trim(w, ".,;:()\"'"))
		}
		if len(out) == 8 {
			out = append(out, "…")
			break
		}
	}
	if len(out) == 0 {
		return "no new words"
	}
	return "“" + strings.Join(out, " ") + "”"
}
