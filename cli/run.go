// Command skillstudio is a terminal studio for AI-agent skills: browse,
// read, lint, quiz, build and scaffold .xgs.js, SKILL.md and OS Loop skills.
//
// This file holds the root command and process wiring only; each subcommand
// lives in its own cmd_*.go file and registers itself in init.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/charmbracelet/fang"
	"github.com/spf13/cobra"
)

// version is set at link time (-ldflags "-X main.version=…").
var version = "dev"

var rootCmd = &cobra.Command{
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
		if runStudio == nil {
			return cmd.Help()
		}
		return runStudio(cmd, args)
	},
}

// runStudio is set by cmd_studio.go; the root command opens the studio.
var runStudio func(cmd *cobra.Command, args []string) error

// exitError carries an exit code without an extra message: lint and quiz
// have already said what went wrong.
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

// usageError is bad usage or an unreadable input: exit 2 with a message.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, a ...any) error { return usageError{fmt.Errorf(format, a...)} }

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}

// run executes the CLI and returns the process exit code; tests call it.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	attachRemoteFlags()
	rootCmd.SetArgs(args)
	rootCmd.SetOut(stdout)
	rootCmd.SetErr(stderr)
	err := fang.Execute(ctx, rootCmd,
		fang.WithVersion(version),
		fang.WithErrorHandler(func(w io.Writer, styles fang.Styles, err error) {
			var ee exitError
			if errors.As(err, &ee) {
				return
			}
			// Messages name paths and file:line:col; fang would capitalise
			// their first word and wrap them, which breaks both.
			styles.ErrorText = styles.ErrorText.UnsetTransform().UnsetWidth()
			fang.DefaultErrorHandler(w, styles, err)
		}),
	)
	if err == nil {
		return 0
	}
	var ee exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	var ue usageError
	if errors.As(err, &ue) {
		return 2
	}
	// cobra's own flag and argument errors are usage errors too.
	return 2
}
