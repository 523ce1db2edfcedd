package cli

import (
	"context"
	"errors"

	"github.com/spf13/cobra"

	"github.com/skillstudio/skillstudio/build"
)

func (a *app) newBuildCmd() *cobra.Command {
	var (
		out, configFile string
		watch, minify   bool
		excludes        []string
	)
	cmd := &cobra.Command{
		Use:   "build [PATH...]",
		Short: "Bundle .xgs.js skills into install-ready files and a registry.json",
		Long: `build bundles every .xgs.js skill under each PATH (a skill file or a folder to
search; default ".") with esbuild, in process — no Node.js needed. Each skill
becomes DIR/<name>.xgs.js: its header block exactly as written, then an IIFE
that evaluates @detect and mounts the skill on window.xgoose.skills.<namespace>.
@xgoose/skill is skillstudio's own runtime; zod is the skill folder's
node_modules/zod when there is one, else a real Zod embedded in skillstudio
(4.6.7, or 3.23.8 when the skill's package.json asks for zod 3). A skill that
imports another skill (.xgs.js) is refused: use @require and the page global.

DIR/registry.json lists every built skill, required skills first, with each
function's summary, signature, invocation, schemas and examples.

A skill whose header has errors is not built; one failed skill does not stop
the others. With --watch, build keeps running: it rebuilds a skill when its
folder changes (one line per rebuild, with the lint counts) until ctrl-c.

Configuration (rule severities, rules turned off) comes from the nearest
.skillstudio.yaml above the first PATH or --config FILE, as for lint.

` + excludeHelp + `

Exit status: 0 when every skill built, 1 when one failed, 2 on bad usage.`,
		Example: `  skillstudio build skills/
  skillstudio build --out Resources/skills skills/*.xgs.js
  skillstudio build --watch .`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runBuild(cmd.Context(), build.Request{
				Paths: args, Out: out, Watch: watch, Minify: minify, ConfigFile: configFile, Exclude: excludes,
				Stdout: cmd.OutOrStdout(), Stderr: cmd.ErrOrStderr(),
			})
		},
	}
	f := cmd.Flags()
	f.StringVarP(&out, "out", "o", "dist", "folder to write the bundles and registry.json into")
	f.BoolVarP(&watch, "watch", "w", false, "rebuild on every change until interrupted")
	f.BoolVar(&minify, "minify", false, "minify the IIFE (the header is always kept as written)")
	f.StringVar(&configFile, "config", "", "read this config file instead of the project's .skillstudio.yaml")
	addExcludeFlag(cmd, &excludes)
	return cmd
}

// runBuild runs the build session; a skill that failed is exit 1, any
// other error is bad input (exit 2).
func runBuild(ctx context.Context, req build.Request) error {
	err := build.Run(ctx, req)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, build.ErrFailed):
		return exitError{1}
	default:
		return usageError{err}
	}
}
