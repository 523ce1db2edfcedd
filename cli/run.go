// Package cli is skillstudio's command line: a fresh cobra command tree is
// built for every Run, so nothing a run parses or sets outlives it.
package cli

import (
	"context"
	"errors"
	"io"

	"github.com/charmbracelet/fang"

	"github.com/skillstudio/skillstudio/internal/termout"
)

// Options are what the process gives a run beyond its arguments.
type Options struct {
	// Version is the version `skillstudio version`, --version and the
	// SARIF report name ("dev" when empty).
	Version string
	// StartGC turns the garbage collector back on: main passes
	// internal/initgc.Restore, which keeps it off during package init.
	// Run calls it before the command runs unless the command paces the
	// collector itself (see batchGC); nil does nothing (tests).
	StartGC func()
}

// Run executes the CLI with args (without the program name) and returns
// the process exit code: 0 success, 1 a failure the command reported
// (lint errors, a closed quiz gate, a failed build), 2 bad usage or an
// unreadable input.
func Run(ctx context.Context, args []string, stdout, stderr io.Writer, opts Options) int {
	return newApp(opts).run(ctx, args, stdout, stderr)
}

func (a *app) run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	// The one way out: everything a command prints, fang's error messages
	// included, passes the terminal filter (see internal/termout).
	// The language server's stream is JSON-RPC for an editor, not text for
	// a terminal (its framing needs \r\n): lsp alone keeps the raw writer.
	a.protocolOut = stdout
	stdout, stderr = termout.Wrap(stdout), termout.Wrap(stderr)
	root := a.newRootCmd()
	a.startGCUnlessPaced(root, args)
	// Known before parsing, from the words, so a flag error is JSON too.
	asJSON := wantsJSON(root, args)
	var out *writtenTo
	if asJSON {
		// Counted, so an error after the command's JSON value does not
		// make stdout two values. Only here: a wrapper hides the terminal
		// (colour, the github format's trusted writer) from the text paths.
		out = &writtenTo{w: stdout}
		stdout = out
	}
	root.SetArgs(changedFileArgs(args))
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := fang.Execute(ctx, root,
		fang.WithVersion(a.version),
		fang.WithErrorHandler(func(w io.Writer, styles fang.Styles, err error) {
			var ee exitError
			if errors.As(err, &ee) {
				return
			}
			if asJSON {
				// A script asked for JSON: the error is JSON too, on
				// stdout unless the command already printed its value there.
				to := stdout
				if out.n > 0 {
					to = stderr
				}
				writeJSONError(to, err)
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
	// usageError, cobra's own flag and argument errors, and everything
	// else that stopped a command before it could report.
	return 2
}
