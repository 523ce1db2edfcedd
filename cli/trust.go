package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/skillstudio/skillstudio/config"
	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/internal/sourcetrust"
	"github.com/skillstudio/skillstudio/registry"
	"github.com/skillstudio/skillstudio/sanitize"
)

func (a *app) newTrustCmd() *cobra.Command {
	var forget bool
	cmd := &cobra.Command{
		Use:   "trust [PATH]",
		Short: "Allow the sources a checkout's .skillstudio.yaml lists to be opened",
		Long: `trust finds the .skillstudio.yaml for PATH (default: the current folder) as
every command does, prints the sources: it lists and what each would open
(hosts, folders), and remembers that you allow them: the studio stops asking
and quiz stops skipping them.

Consent is kept per file path and content hash (as direnv allow does), in
$XDG_STATE_HOME/skillstudio/trusted-sources.json: a changed file asks again.
--forget takes it back.

Sources you name yourself (SOURCE arguments, your own config file under
$XDG_CONFIG_HOME, --config) need no trust. In CI, --trust-sources or
` + sourcetrust.EnvVar + `=1 trusts the job's own checkout.`,
		Example: `  skillstudio trust
  skillstudio trust ../team-skills
  skillstudio trust --forget`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			start := "."
			if len(args) == 1 {
				start = args[0]
			}
			return a.runTrust(cmd, start, forget)
		},
	}
	cmd.Flags().BoolVar(&forget, "forget", false, "take back the trust given to this file")
	return cmd
}

func (a *app) runTrust(cmd *cobra.Command, start string, forget bool) error {
	out := cmd.OutOrStdout()
	file, ok := config.FindProject(start)
	if !ok {
		return usagef("no %s in %s or a folder above it", config.ProjectFileName, sanitize.Line(start))
	}
	state := sourcetrust.DefaultPath()
	if forget {
		gone, err := sourcetrust.Forget(state, file)
		if err != nil {
			return err
		}
		if gone {
			fmt.Fprintf(out, "Forgot the trust in %s.\n", sanitize.Line(file))
		} else {
			fmt.Fprintf(out, "%s was not trusted.\n", sanitize.Line(file))
		}
		return nil
	}
	// Read as the commands read it: the digest is of the bytes parsed.
	cfg, err := config.Load("", start, formats.Rules())
	if err != nil {
		return usageError{err}
	}
	if cfg.LinkedOut != nil {
		// No command reads it, so there is nothing to trust in it.
		return usagef("%s", sanitize.Line(cfg.LinkedOut.Note(nil)))
	}
	p := cfg.Pending
	if p == nil {
		fmt.Fprintf(out, "%s lists no sources beyond your own: nothing to trust.\n", sanitize.Line(file))
		return nil
	}
	if bad := sourcetrust.CanRemember(p.File); bad != nil {
		return usagef("%v: trust is kept by path, and this one would not read back as written; rename the folder, or pass --trust-sources (or %s=1) to the commands that open it", bad, sourcetrust.EnvVar)
	}
	if err := sourcetrust.Allow(state, p.File, p.Digest); err != nil {
		return err
	}
	fmt.Fprintf(out, "Trusted %s (as it is now; a change asks again). Its sources:\n", sanitize.Line(p.File))
	for i, s := range p.Sources {
		_, what := registry.Reach(s, a.remote)
		fmt.Fprintf(out, "  %s  → %s\n", sanitize.Line(p.Written[i]), what)
	}
	return nil
}
