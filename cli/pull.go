package cli

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/skillstudio/skillstudio/internal/display"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/registry"
	"github.com/skillstudio/skillstudio/sanitize"
)

func (a *app) newPullCmd() *cobra.Command {
	var dir string
	cmd := &cobra.Command{
		Use:   "pull SOURCE NAME",
		Short: "Copy one skill from a source into a local folder",
		Long: `pull copies the skill NAME from SOURCE (github:OWNER/REPO[@REF][//DIR], an
https:// index, registry.json or skill URL, a domain publishing well-known
skills, or a local folder) into --dir, where it can be edited and built.

It never overwrites: when the destination exists, nothing is written. The
copy appears whole or not at all. Nothing pulled is run or made executable.`,
		Example: `  skillstudio pull github:acme/skills web-summary
  skillstudio pull https://example.com code-review --dir skills`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			o, err := registry.OpenSource(ctx, args[0], a.remote)
			if err != nil {
				return usageError{err}
			}
			p, err := registry.Pull(ctx, o, args[1], dir, model.Options{})
			if err != nil {
				if errors.Is(err, registry.ErrExists) {
					return err
				}
				return usageError{err}
			}
			fmt.Fprintf(cmd.OutOrStdout(), "pulled %s (%s, %s) into %s\n",
				sanitize.Line(p.Skill.Name), p.Skill.Format.Label(), display.Plural(p.Files, "file"), p.Dest)
			return nil
		},
	}
	cmd.Flags().StringVarP(&dir, "dir", "d", ".", "folder to copy the skill into")
	return a.addRemoteFlags(cmd)
}
