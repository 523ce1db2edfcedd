package cli

import (
	"context"
	"fmt"
	"github.com/skillstudio/skillstudio/internal/jsonout"
	"io"
	"os"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/skillstudio/skillstudio/config"
	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/internal/display"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/registry"
	"github.com/skillstudio/skillstudio/sanitize"
)

func (a *app) newListCmd() *cobra.Command {
	var asJSON bool
	var profile, configFile string
	var excludes []string
	cmd := &cobra.Command{
		Use:   "list [SOURCE...]",
		Short: "List the skills of one or more sources with their problem counts",
		Long: `list prints one row per skill found under each SOURCE (a folder, a skill file,
or a remote source): name, format, version, errors, warnings, infos and where
it lives. With no SOURCE it lists the current folder, or the embedded example
library when the folder holds no skills (as the studio does).

` + excludeHelp + `

Exit status: 0, or 2 when a SOURCE cannot be opened.`,
		Example: `  skillstudio list
  skillstudio list --json examples/library | jq '.[].name'`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.runList(cmd.Context(), cmd.OutOrStdout(), cmd.ErrOrStderr(), args, asJSON, profile, cmd.Flags().Changed("profile"), configFile, excludes)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&asJSON, "json", false, "print a JSON array instead of a table")
	f.StringVar(&profile, "profile", string(model.ProfileAll), "which frontmatter fields count as known: "+profileNames())
	f.StringVar(&configFile, "config", "", "read this config file instead of the project's .skillstudio.yaml")
	addExcludeFlag(cmd, &excludes)
	return a.addRemoteFlags(cmd)
}

// listRow is one skill in `list --json`.
type listRow struct {
	Name        string `json:"name"`
	Format      string `json:"format"`
	Version     string `json:"version,omitempty"`
	Description string `json:"description,omitempty"`
	Source      string `json:"source"`
	Path        string `json:"path"`
	Errors      int    `json:"errors"`
	Warnings    int    `json:"warnings"`
	Infos       int    `json:"infos"`
}

func (a *app) runList(ctx context.Context, stdout, stderr io.Writer, specs []string, asJSON bool, profileFlag string, profileSet bool, configFile string, excludes []string) error {
	fallback := len(specs) == 0
	if fallback {
		specs = []string{"."}
	}
	cfg, err := config.Load(configFile, specs[0], formats.Rules())
	if err != nil {
		return usageError{err}
	}
	linkedOutNote(stderr, cfg)
	opts := model.Options{Profile: model.ProfileAll}
	if cfg.Profile != "" {
		opts.Profile = cfg.Profile
	}
	if profileSet {
		p, ok := parseProfile(profileFlag)
		if !ok {
			return usagef("unknown --profile %q (want %s)", profileFlag, profileNames())
		}
		opts.Profile = p
	}
	if opts.Exclude, err = excludeFilter(cfg, excludes); err != nil {
		return err
	}
	opts.Folders = cfg.Folders(profileSet)
	lib, err := registry.LoadSources(ctx, specs, opts, cfg.Formats(), a.remote)
	if err != nil {
		return usageError{err}
	}
	// A listed skill a source withheld (digest mismatch, fetch failure) is
	// named on stderr rather than dropped in silence.
	for _, d := range registry.WithheldFindings(lib) {
		fmt.Fprintf(stderr, "withheld: %s: %s\n", sanitize.Line(d.Rule), sanitize.Line(d.Message))
	}
	// The example library stands in for an empty folder in the table only
	// (as the studio does); --json answers for the folder itself, as lint
	// does, so a script never mistakes the examples for its own skills.
	if fallback && len(lib.Skills) == 0 && !asJSON {
		fmt.Fprintln(stderr, "No skills in this folder: listing the example library built into skillstudio.")
		lib = registry.Embedded().Load(ctx, opts, cfg.Formats())
	}
	cwd, _ := os.Getwd()
	rows := make([]listRow, 0, len(lib.Skills))
	for _, s := range lib.Skills {
		e, w, i := s.Counts()
		rows = append(rows, listRow{
			Name: s.Name, Format: string(s.Format), Version: s.Version, Description: s.Description,
			Source: s.Location.Source, Path: display.Path(cwd, s.Location.Path(s.Location.File)),
			Errors: e, Warnings: w, Infos: i,
		})
	}
	// Case-insensitive, as the studio sorts, with the exact name breaking ties.
	slices.SortStableFunc(rows, func(a, b listRow) int {
		if c := strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)); c != 0 {
			return c
		}
		return strings.Compare(a.Name, b.Name)
	})
	if asJSON {
		return jsonout.Encode(stdout, rows)
	}
	return printListTable(stdout, rows)
}

// printListTable prints aligned columns; every string from a skill is
// sanitised (a name must not be able to move the cursor).
func printListTable(w io.Writer, rows []listRow) error {
	if len(rows) == 0 {
		_, err := fmt.Fprintln(w, "No skills found.")
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tFORMAT\tVERSION\tERRORS\tWARNINGS\tINFOS\tPATH")
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t%d\t%s\n",
			tabSafe(r.Name), model.Format(r.Format).Label(), tabSafe(r.Version), r.Errors, r.Warnings, r.Infos, tabSafe(r.Path))
	}
	return tw.Flush()
}

// tabSafe is sanitize.Line without tabs (they would break the columns).
func tabSafe(s string) string {
	s = sanitize.Line(s)
	if s == "" {
		return "-"
	}
	return s
}
