package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"path"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/dustin/go-humanize"
	"github.com/spf13/cobra"

	"github.com/skillstudio/skillstudio/config"
	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/internal/display"
	"github.com/skillstudio/skillstudio/internal/jsonout"
	"github.com/skillstudio/skillstudio/listing"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/registry"
)

// listingSources is the help text naming each agent's rules and where
// they were read; every value comes from the profile itself.
func listingSources() string {
	var b strings.Builder
	for _, p := range listing.Profiles {
		fmt.Fprintf(&b, "\n%s (%s):\n", p.Name, p.ID)
		for _, s := range p.Sources {
			fmt.Fprintf(&b, "  %s\n", s.Where)
		}
	}
	return b.String()
}

func (a *app) newListingCmd() *cobra.Command {
	var (
		asJSON, raw bool
		configFile  string
		excludes    []string
		lf          listingFlags
	)
	cmd := &cobra.Command{
		Use:   "listing [SOURCE...]",
		Short: "Show the skill listing an agent would build from the library, and what the budget drops",
		Long: `listing simulates the one listing of every skill's name and description that
an agent puts into the model's context, using that agent's documented rules:
its order, per-skill description cap, total budget (and how it scales with
the context window) and what it does with skills past the budget. Every
SKILL.md skill under the SOURCEs (default ".") is one library, as an agent
session that loads them all. Each skill is marked full, truncated (at which
character), name-only or omitted; the last line sums it up.

  Claude Code  name order; 1,536-char cap; 1% of the window in chars (8,000 at
               200k); past it, descriptions dropped (name only)
  Codex        name order; 1,024-char cap; 2% of the window (bytes/4); past it,
               descriptions cut to equal length, then skills omitted
  Copilot      discovery order; no cap; 15,000 chars fixed; past it, names
               only (5,000 chars), then "... and N more"
  Gemini CLI   discovery order; no cap, no budget

This is an estimate from public docs and source, not a call to any agent.
lint reports the same losses (library/listing-budget, skillmd/description-cap)
for each folder of sibling skills.

` + excludeHelp + `

Sources (looked up 2026-11-23; README lists what each one says):` + listingSources() + `
Exit status: 0, or 2 on bad usage or an unreadable SOURCE.`,
		Example: `  skillstudio listing ~/.claude/skills
  skillstudio listing --agent codex --context 1m .
  skillstudio listing --raw .          # the text the agent would see
  skillstudio listing --json . | jq '.skills[] | select(.state != "full")'`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.runListing(cmd, args, configFile, excludes, &lf, asJSON, raw)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&asJSON, "json", false, `print {"agent", "budget", "used", "unit", "skills": [{"name", "chars", "state", ...}]}`)
	f.BoolVar(&raw, "raw", false, "print the listing text the agent would see instead of the table")
	f.StringVar(&configFile, "config", "", "read this config file instead of the project's .skillstudio.yaml")
	addExcludeFlag(cmd, &excludes)
	lf.add(cmd, false)
	return a.addRemoteFlags(cmd)
}

// loadSkills loads every skill of specs (default ".") with the config
// found from the first, for listing and route; the library checks are
// skipped (ListingAgents none): only names and descriptions are read.
func (a *app) loadSkills(ctx context.Context, stderr io.Writer, specs []string, configFile string, excludes []string) ([]*model.Skill, *config.Config, error) {
	if len(specs) == 0 {
		specs = []string{"."}
	}
	cfg, err := config.Load(configFile, specs[0], formats.Rules())
	if err != nil {
		return nil, nil, usageError{err}
	}
	linkedOutNote(stderr, cfg)
	opts := model.Options{Profile: model.ProfileAll, FindingsOnly: true, ListingAgents: []string{listing.NoAgents}}
	if opts.Exclude, err = excludeFilter(cfg, excludes); err != nil {
		return nil, nil, err
	}
	opts.Folders = cfg.Folders(true) // the listing reads names and descriptions, not fields by profile
	lib, err := registry.LoadSources(ctx, specs, opts, cfg.Formats(), a.remote)
	if err != nil {
		return nil, nil, usageError{err}
	}
	return lib.Skills, cfg, nil
}

func (a *app) runListing(cmd *cobra.Command, args []string, configFile string, excludes []string, lf *listingFlags, asJSON, raw bool) error {
	if asJSON && raw {
		return usagef("--json and --raw are two outputs: pick one")
	}
	if len(lf.agents) > 1 {
		return usagef("--agent takes one agent for listing (got %s)", strings.Join(lf.agents, ", "))
	}
	all, cfg, err := a.loadSkills(cmd.Context(), cmd.ErrOrStderr(), args, configFile, excludes)
	if err != nil {
		return err
	}
	skills := listing.Listed(all)
	ids, window, err := lf.resolve(cmd, cfg)
	if err != nil {
		return err
	}
	agents, _ := listing.AgentsFor(ids)
	p := listing.ClaudeCode
	if len(agents) > 0 {
		p = agents[0]
	}
	// A repository often ships its skills into several agents' folders;
	// the agent lists only its own (listing.ReadBy), so the rest is named
	// on stderr rather than counted against its budget.
	skills, other := listing.ReadBy(p, skills)
	if len(other) > 0 {
		fmt.Fprintf(cmd.ErrOrStderr(), "left out %s under %s: %s reads project skills from %s only (--agent picks another agent)\n",
			skillCount(len(other)), otherFolders(other), p.Name, skillsFolders(p))
	}
	// A router skill's sub-skills (reference/<name>/SKILL.md) are reached
	// through it; an agent that reads one level never lists them.
	skills, nested := listing.SplitNested(p, skills)
	if len(nested) > 0 {
		fmt.Fprintf(cmd.ErrOrStderr(), "left out %s inside other skills' folders (%s): %s lists only <skills folder>/<name>/SKILL.md; the outer skill leads to them (--agent codex lists them)\n",
			skillCount(len(nested)), nestedDirs(nested), p.Name)
	}
	l := listing.Build(skills, p, window)
	cwd, _ := os.Getwd()
	for i := range l.Skills {
		if s := l.Skills[i].Skill(); s != nil {
			l.Skills[i].Path = display.Path(cwd, s.Location.Path(s.Location.File))
		}
	}
	out := cmd.OutOrStdout()
	switch {
	case asJSON:
		return jsonout.Encode(out, l)
	case raw:
		return listing.Render(out, l)
	}
	if len(skills) == 0 {
		fmt.Fprintf(cmd.ErrOrStderr(), "no SKILL.md skills found in %s\n", strings.Join(argsOrDot(args), ", "))
	}
	return printListing(out, l, window)
}

// skillCount is "1 skill" or "N skills".
func skillCount(n int) string {
	if n == 1 {
		return "1 skill"
	}
	return fmt.Sprintf("%d skills", n)
}

// otherFolders names the agent folders of skills, each once, sorted.
func otherFolders(skills []*model.Skill) string {
	var fs []string
	for _, s := range skills {
		if f := path.Base(listing.AgentFolder(s.Location.Dir)); !slices.Contains(fs, f) {
			fs = append(fs, f)
		}
	}
	slices.Sort(fs)
	return strings.Join(fs, ", ")
}

// nestedDirs names up to three skills' folders, then how many more.
func nestedDirs(skills []*model.Skill) string {
	var dirs []string
	for i, s := range skills {
		if i == 3 {
			dirs = append(dirs, fmt.Sprintf("%d more", len(skills)-3))
			break
		}
		dirs = append(dirs, s.Location.Dir)
	}
	return strings.Join(dirs, ", ")
}

// skillsFolders is "<f>/skills" for each of the agent's project folders.
func skillsFolders(p listing.Profile) string {
	fs := make([]string, len(p.ProjectFolders))
	for i, f := range p.ProjectFolders {
		fs[i] = f + "/skills"
	}
	return strings.Join(fs, ", ")
}

func argsOrDot(args []string) []string {
	if len(args) == 0 {
		return []string{"."}
	}
	return args
}

// printListing is the headline, a budget bar, one row per skill and the
// summary line. Names and paths are sanitised by listing.Build and
// tabSafe.
func printListing(w io.Writer, l listing.Listing, window int) error {
	fmt.Fprintln(w, l.Headline(window))
	if l.Budget > 0 {
		fmt.Fprintln(w, budgetBar(max(l.Used, l.Needed), l.Budget, 40))
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "STATE\tCHARS\tSKILL\tPATH")
	for _, e := range l.Skills {
		chars := "-"
		if e.State != listing.StateOmitted {
			chars = humanize.Comma(int64(e.Chars))
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", e.Label(), chars, tabSafe(e.Name), tabSafe(e.Path))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintln(w, l.Summary())
	return err
}

// budgetBar draws what the listing needs against the budget in width
// cells, marking the overflow: [#####.....] 62% or [##########] over by
// 1,234.
func budgetBar(used, budget, width int) string {
	fill := min(width, used*width/max(budget, 1))
	bar := "[" + strings.Repeat("#", fill) + strings.Repeat(".", width-fill) + "]"
	if used > budget {
		return bar + " over by " + humanize.Comma(int64(used-budget))
	}
	return fmt.Sprintf("%s %d%%", bar, used*100/max(budget, 1))
}
