package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/skillstudio/skillstudio/config"
	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/registry"
	"github.com/skillstudio/skillstudio/report"
)

// lintPrinter is the printer for a --format value.
func lintPrinter(format string) (func(w io.Writer, lib *model.Library, opts report.Options) error, bool) {
	switch format {
	case "text":
		return report.Text, true
	case "json":
		return report.JSON, true
	case "sarif":
		return report.SARIF, true
	}
	return nil, false
}

func (a *app) newLintCmd() *cobra.Command {
	var (
		format, profile, configFile string
		strict, fix                 bool
	)
	cmd := &cobra.Command{
		Use:   "lint [PATH...]",
		Short: "Check skills and report findings as text, JSON or SARIF",
		Long: `lint reads every skill under each PATH (a skill file, a skill folder, or any
folder to search; default ".") and reports what its rules find.

Exit status: 0 when there are no errors (with --strict: no warnings either),
1 when there are, 2 on bad usage, a bad config file or an unreadable path.

Configuration comes from $XDG_CONFIG_HOME/skillstudio/config.yaml and the
nearest .skillstudio.yaml above the first PATH (or --config FILE).`,
		Example: `  skillstudio lint
  skillstudio lint --strict skills/
  skillstudio lint --format sarif . > skillstudio.sarif
  skillstudio lint --fix my-skill/SKILL.md`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			defer softMemoryLimit(lintMemoryLimit)()
			return a.runLint(cmd.Context(), cmd.OutOrStdout(), cmd.ErrOrStderr(), lintRequest{
				paths: args, format: format, strict: strict, fix: fix,
				profile: profile, profileSet: cmd.Flags().Changed("profile"), configFile: configFile,
			})
		},
	}
	f := cmd.Flags()
	f.StringVar(&format, "format", "text", "output format: text, json or sarif")
	f.BoolVar(&strict, "strict", false, "exit 1 on warnings as well as errors")
	f.StringVar(&profile, "profile", string(model.ProfileAll), "which frontmatter fields count as known: "+profileNames())
	f.BoolVar(&fix, "fix", false, "apply the safe, exact fixes to local files, then report what remains")
	f.StringVar(&configFile, "config", "", "read this config file instead of the project's .skillstudio.yaml")
	cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions([]string{"text", "json", "sarif"}, cobra.ShellCompDirectiveNoFileComp))
	cmd.RegisterFlagCompletionFunc("profile", cobra.FixedCompletions(profileList(), cobra.ShellCompDirectiveNoFileComp))
	return a.addRemoteFlags(cmd)
}

type lintRequest struct {
	paths       []string
	format      string
	strict, fix bool
	profile     string
	profileSet  bool
	configFile  string
}

func (a *app) runLint(ctx context.Context, stdout, stderr io.Writer, req lintRequest) error {
	printer, ok := lintPrinter(req.format)
	if !ok {
		return usagef("unknown --format %q (want text, json or sarif)", req.format)
	}
	if len(req.paths) == 0 {
		req.paths = []string{"."}
	}
	cfg, err := config.Load(req.configFile, req.paths[0], formats.Rules())
	if err != nil {
		return usageError{err}
	}
	profile := model.ProfileAll
	if cfg.Profile != "" {
		profile = cfg.Profile
	}
	if req.profileSet {
		p, ok := parseProfile(req.profile)
		if !ok {
			return usagef("unknown --profile %q (want %s)", req.profile, profileNames())
		}
		profile = p
	}
	// Findings are all lint prints: readers may drop their documents.
	opts := model.Options{Profile: profile, FindingsOnly: true}
	load := func() (*model.Library, error) {
		lib, err := registry.LoadSources(ctx, req.paths, opts, cfg.Formats(), a.remote)
		if err != nil {
			return nil, usageError{err}
		}
		return lib, nil
	}
	lib, err := load()
	if err != nil {
		return err
	}
	cwd, _ := os.Getwd()
	if req.fix {
		// Fix reports go where they cannot corrupt a machine-readable
		// stream: stdout for text, stderr for JSON and SARIF.
		fixOut := stdout
		if req.format != "text" {
			fixOut = stderr
		}
		if lib, err = fixAndReload(lib, load, fixOut, stderr, cwd); err != nil {
			return err
		}
	}
	ropts := report.Options{BaseDir: cwd, Rules: formats.Rules(), ToolVersion: a.version}
	if req.format == "text" {
		ropts.Color = report.ShouldColor(stdout, os.Environ())
	}
	if err := printer(stdout, lib, ropts); err != nil {
		return err
	}
	sum := report.Summarize(lib)
	if sum.Skills == 0 && sum.Errors+sum.Warnings+sum.Infos == 0 {
		// Not a failure (a repository may have none yet), but a likely
		// wrong PATH: say what was looked for.
		fmt.Fprintf(stderr, "no skills found in %s (lint looks for NAME.xgs.js files, SKILL.md folders and OS Loop manifest.json packages)\n", strings.Join(req.paths, ", "))
	}
	if sum.Errors > 0 || req.strict && sum.Warnings > 0 {
		return exitError{1}
	}
	return nil
}
