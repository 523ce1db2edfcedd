package cli

import "github.com/spf13/cobra"

// newRootCmd builds the whole command tree for one run.
func (a *app) newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "skillstudio [SOURCE...]",
		Short: "A terminal studio for AI-agent skills",
		Long: `skillstudio browses, reads, lints, quizzes, builds and scaffolds agent skills
in three formats: single-file .xgs.js skills, SKILL.md folders, and OS Loop packages.

With no subcommand it opens the studio on SOURCE (default: the current folder,
or the embedded example library where that holds no skills).`,
		// Without ArbitraryArgs, `skillstudio SOURCE` fails as an unknown command.
		Args:          cobra.ArbitraryArgs,
		SilenceUsage:  true,
		SilenceErrors: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			if a.studio == nil {
				return cmd.Help()
			}
			return a.studio(cmd, args)
		},
	}
	a.addStudioFlags(root)
	a.addRemoteFlags(root)
	// cobra lists commands sorted by name.
	root.AddCommand(
		a.newBuildCmd(),
		a.newDescribeCmd(),
		a.newLintCmd(),
		a.newListCmd(),
		a.newListingCmd(),
		a.newNewCmd(),
		a.newPullCmd(),
		a.newQuizCmd(),
		a.newReviewCmd(),
		a.newRouteCmd(),
		a.newRulesCmd(),
		a.newShowCmd(),
		a.newTrustCmd(),
		a.newVersionCmd(),
		a.newLSPCmd(),
	)
	return root
}
