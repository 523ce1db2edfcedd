package cli

import (
	"io"
	"os"
	"runtime/debug"

	"github.com/spf13/cobra"

	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/quiz"
	"github.com/skillstudio/skillstudio/registry"
)

// app is the state one run shares between its commands.
type app struct {
	version string
	// protocolOut is stdout before the terminal filter, for the one
	// command whose output is a protocol stream (lsp).
	protocolOut io.Writer
	// remote is set by --offline and --insecure-http and passed to every
	// registry call that may open a remote source.
	remote registry.RemoteOptions
	// studio opens the studio (the root command with no subcommand);
	// quizTUI runs the interactive quiz. Tests replace them; nil means
	// "not available" (help, and a message asking for --answers).
	studio  func(cmd *cobra.Command, args []string) error
	quizTUI func(cmd *cobra.Command, s *model.Skill, r quiz.Resolver) error
	// stdin and stdinTerminal answer pull's confirmation; tests replace them.
	stdin         io.Reader
	stdinTerminal func() bool
	// startGC is Options.StartGC, or nothing.
	startGC func()
}

func newApp(opts Options) *app {
	info, ok := debug.ReadBuildInfo()
	a := &app{version: buildVersion(opts.Version, info, ok)}
	// Every remote source of this run shares one byte budget.
	a.remote.Session = registry.NewBudget(registry.DefaultMaxSessionBytes)
	a.studio = a.runStudio
	a.quizTUI = runQuizTUI
	a.stdin, a.stdinTerminal = os.Stdin, osStdinIsTerminal
	a.startGC = opts.StartGC
	if a.startGC == nil {
		a.startGC = func() {}
	}
	return a
}
