package cli

import (
	"fmt"
	"github.com/skillstudio/skillstudio/internal/jsonout"
	"io"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/report"
)

func (a *app) newRulesCmd() *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "rules",
		Short: "List every lint rule with its default severity and doc",
		Long: `rules lists every check skillstudio can report: its id, default severity,
whether lint --fix can fix it, and what it checks. Use the ids (or a prefix
such as "skillmd/") in a config file's rules: map to change a severity.

Default severities follow one policy (each rule's Why says which case):
` + model.SeverityPolicy,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			switch format {
			case "text":
				return printRulesText(cmd.OutOrStdout(), formats.Rules())
			case "json":
				return printRulesJSON(cmd.OutOrStdout(), formats.Rules())
			case "md", "markdown":
				return report.RulesMarkdown(cmd.OutOrStdout(), formats.Rules())
			}
			return usagef("unknown --format %q (want text, json or md)", format)
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "output format: text, json, or md (the rules reference, docs/rules.md)")
	cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions([]string{"text", "json", "md"}, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

func printRulesText(w io.Writer, rules model.RuleSet) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "RULE\tSEVERITY\tFIX\tDOC")
	for _, r := range rules {
		fix := ""
		if r.Fixable {
			fix = "yes"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", r.ID, r.Severity, fix, r.Doc)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "%d rules\n", len(rules))
	return err
}

// ruleJSON always carries fixable, unlike model.Rule, so the listing has
// one shape per entry.
type ruleJSON struct {
	ID       string            `json:"id"`
	Severity model.Severity    `json:"severity"`
	Fixable  bool              `json:"fixable"`
	Title    string            `json:"title,omitempty"`
	Doc      string            `json:"doc"`
	Why      string            `json:"why,omitempty"`
	Spec     string            `json:"spec,omitempty"`
	Example  model.RuleExample `json:"example"`
	Help     string            `json:"help"`
}

func printRulesJSON(w io.Writer, rules model.RuleSet) error {
	out := make([]ruleJSON, 0, len(rules))
	for _, r := range rules {
		out = append(out, ruleJSON{r.ID, r.Severity, r.Fixable, r.Title, r.Doc, r.Why, r.Spec, r.Example, report.RuleHelpURL(r.ID)})
	}
	return jsonout.Encode(w, out)
}
