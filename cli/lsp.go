package cli

import (
	"errors"
	"io"

	"github.com/spf13/cobra"

	"github.com/skillstudio/skillstudio/lsp"
)

// stdio joins stdin and stdout into the one stream a language server
// speaks on.
type stdio struct {
	io.Reader
	io.Writer
}

func (stdio) Close() error { return nil }

func (a *app) newLSPCmd() *cobra.Command {
	var stdioFlag bool
	cmd := &cobra.Command{
		Use:   "lsp",
		Short: "Run the language server: live lint, fixes, hover and completion in any editor",
		Long: `lsp runs a Language Server Protocol server on stdin and stdout. An editor
starts it for SKILL.md, .xgs.js, manifest.json, index.json and reference
Markdown files; it lints the workspace folder as you type (open buffers,
not the files on disk), offers each fixable rule's fix and a comment that
disables a rule for a line, and explains frontmatter fields and xgs
directives on hover. See the README for Neovim, VS Code and Helix.`,
		Example: `  nvim: vim.lsp.start({ name="skillstudio", cmd={ "skillstudio", "lsp" } })`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			_ = stdioFlag // stdio is the only transport; the flag is for clients that always pass it
			err := lsp.Serve(cmd.Context(), stdio{cmd.InOrStdin(), a.protocolOut}, lsp.Options{Version: a.version, Log: cmd.ErrOrStderr()})
			if errors.Is(err, lsp.ErrExitWithoutShutdown) {
				return exitError{1} // the protocol's status; nothing to print
			}
			return err
		},
	}
	cmd.Flags().BoolVar(&stdioFlag, "stdio", true, "talk over stdin and stdout (the default and only transport)")
	return cmd
}
