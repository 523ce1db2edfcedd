package cli

import (
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/skillstudio/skillstudio/internal/display"
	"github.com/skillstudio/skillstudio/internal/jsonout"
	"github.com/skillstudio/skillstudio/listing"
	"github.com/skillstudio/skillstudio/sanitize"
)

// routeEstimate labels every route output: it ranks words, not meaning.
const routeEstimate = "lexical estimate (BM25 over names, descriptions and trigger phrases), not a model: an agent's model matches meaning, so read this as which descriptions a request resembles"

// closePercent is how near (in percent of the first score) the second
// score must be for route to warn that the two skills collide.
const closePercent = 15

func (a *app) newRouteCmd() *cobra.Command {
	var (
		asJSON     bool
		limit      int
		configFile string
		excludes   []string
	)
	cmd := &cobra.Command{
		Use:   `route "REQUEST" [SOURCE...]`,
		Short: "Rank the library's skills for a request by lexical relevance (an estimate, not a model)",
		Long: `route ranks every skill under the SOURCEs (default ".") for REQUEST by BM25
over the skill's name, description and trigger phrases ("Use when…",
"Triggers on…", counted twice), the way xgoose's search_skills ranks, and
shows the request words each skill matched. Skills sharing no word with the
request are left out.

It is a lexical estimate, not a model: an agent's model matches meaning, so
a skill can trigger without sharing words, and two skills that rank close
together here are ones the model may also confuse. Use it to check trigger
phrases and find collisions offline.

` + excludeHelp + `

Exit status: 0, or 2 on bad usage or an unreadable SOURCE.`,
		Example: `  skillstudio route "merge these two PDFs" skills/
  skillstudio route --json --limit 3 "review my diff" ~/.claude/skills`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if strings.TrimSpace(args[0]) == "" {
				return usagef("REQUEST is empty: write the request in quotes, as a user would type it")
			}
			if limit < 0 {
				return usagef("--limit must be 0 (all) or more, not %d", limit)
			}
			skills, _, err := a.loadSkills(cmd.Context(), cmd.ErrOrStderr(), args[1:], configFile, excludes)
			if err != nil {
				return err
			}
			ms := listing.Route(args[0], skills)
			if limit > 0 && len(ms) > limit {
				ms = ms[:limit]
			}
			if asJSON {
				return printRouteJSON(cmd.OutOrStdout(), args[0], ms)
			}
			return printRoute(cmd.OutOrStdout(), len(skills), ms)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&asJSON, "json", false, `print {"request", "estimate", "matches": [{"name", "score", "terms", "path"}]}`)
	f.IntVar(&limit, "limit", 10, "show at most N skills (0: all that match)")
	f.StringVar(&configFile, "config", "", "read this config file instead of the project's .skillstudio.yaml")
	addExcludeFlag(cmd, &excludes)
	return a.addRemoteFlags(cmd)
}

// routeRow is one match in route --json.
type routeRow struct {
	Name  string   `json:"name"`
	Score float64  `json:"score"`
	Terms []string `json:"terms"`
	Path  string   `json:"path"`
}

func matchPath(m listing.Match) string {
	cwd, _ := os.Getwd()
	return display.Path(cwd, m.Skill.Location.Path(m.Skill.Location.File))
}

func printRouteJSON(w io.Writer, request string, ms []listing.Match) error {
	rows := make([]routeRow, 0, len(ms))
	for _, m := range ms {
		rows = append(rows, routeRow{Name: m.Name, Score: float64(int(m.Score*1000+0.5)) / 1000, Terms: m.Terms, Path: matchPath(m)})
	}
	return jsonout.Encode(w, struct {
		Request  string     `json:"request"`
		Estimate string     `json:"estimate"`
		Matches  []routeRow `json:"matches"`
	}{request, routeEstimate, rows})
}

func printRoute(w io.Writer, skills int, ms []listing.Match) error {
	fmt.Fprintln(w, "Route: a "+routeEstimate+".")
	if len(ms) == 0 {
		_, err := fmt.Fprintf(w, "No skill of %s shares a word with the request: an agent would have to match it by meaning alone.\n", display.Plural(skills, "skill"))
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "#\tSCORE\tSKILL\tMATCHED\tPATH")
	for i, m := range ms {
		fmt.Fprintf(tw, "%d\t%.2f\t%s\t%s\t%s\n", i+1, m.Score, tabSafe(m.Name), tabSafe(strings.Join(m.Terms, ", ")), tabSafe(matchPath(m)))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(ms) > 1 && ms[1].Score*100 >= float64(100-closePercent)*ms[0].Score {
		fmt.Fprintf(w, "Close call: %s and %s score within %d%% of each other; their descriptions may not tell them apart for this request.\n",
			sanitize.Line(ms[0].Name), sanitize.Line(ms[1].Name), closePercent)
	}
	return nil
}
