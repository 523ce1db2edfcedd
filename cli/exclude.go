package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/skillstudio/skillstudio/config"
	"github.com/skillstudio/skillstudio/internal/display"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/sanitize"
)

// excludeUsage is the --exclude flag's help, shared by every command that
// searches paths.
const excludeUsage = "leave out paths matching this gitignore-like glob, relative to the working directory (repeatable; adds to the config's exclude:)"

// excludeHelp is the paragraph the searching commands' --help gives it.
const excludeHelp = `Paths can be left out of the search: --exclude PATTERN (repeatable) and
the project config's exclude: list take gitignore-like globs (fixtures/,
**/testdata/**, scratch, *.draft.xgs.js), relative to the working
directory and to the config file's folder. A bare name matches at any
depth, a slash anchors the pattern, a trailing slash matches folders only.
An excluded folder is not entered; a PATH named on the command line is
searched even if a pattern matches it (the patterns still apply below it).`

func addExcludeFlag(cmd *cobra.Command, patterns *[]string) {
	cmd.Flags().StringArrayVar(patterns, "exclude", nil, excludeUsage)
}

// excludeFilter is cfg.ExcludeFilter, a bad --exclude being bad usage.
func excludeFilter(cfg *config.Config, flags []string) (model.PathFilter, error) {
	f, err := cfg.ExcludeFilter(flags)
	if err != nil {
		return nil, usagef("--exclude: %v", err)
	}
	return f, nil
}

// nestedConfigs reports on the project files found below the linted
// paths as findings were configured: a note for each setting of theirs
// that does not apply there, and a bad one fails the run (exit 2) as a
// bad project file does.
func nestedConfigs(cfg *config.Config, stderr io.Writer) error {
	_, notes, err := cfg.NestedFiles()
	cwd, _ := os.Getwd()
	for _, n := range notes {
		fmt.Fprintf(stderr, "note: %s %s\n", display.Path(cwd, n.File), nestedNote(n.Ignored))
	}
	if err != nil {
		return usageError{err}
	}
	return nil
}

// linkedOutNote says, on one line of stderr, that the project file found
// was not read: a link leading outside its checkout.
func linkedOutNote(stderr io.Writer, cfg *config.Config) {
	if cfg == nil || cfg.LinkedOut == nil {
		return
	}
	cwd, _ := os.Getwd()
	fmt.Fprintf(stderr, "note: %s\n", sanitize.Line(cfg.LinkedOut.Note(func(p string) string { return display.Path(cwd, p) })))
}

// nestedProblems are the nested project files' problems as findings, for
// the studio: a file that does not read (error, at its position) and the
// settings of one that do not apply below the root (info: those that
// shape the whole run).
func nestedProblems(cfg *config.Config) func() []model.Diagnostic {
	return func() []model.Diagnostic {
		_, notes, err := cfg.NestedFiles()
		var out []model.Diagnostic
		if lo := cfg.LinkedOut; lo != nil {
			// A warning, so the status bar says it (a project file the
			// user may have meant to apply was left out).
			out = append(out, model.Diagnostic{Rule: "config/project", Severity: model.SeverityWarning, File: lo.File, Message: lo.Note(nil)})
		}
		if err != nil {
			d := model.Diagnostic{Rule: "config/nested", Severity: model.SeverityError, Message: err.Error() + "; its rules: do not apply until it reads"}
			var ce *config.Error
			if errors.As(err, &ce) {
				d.File, d.Line, d.Column = ce.File, ce.Line, ce.Column
				d.Message = ce.Msg + "; its rules: do not apply until it reads"
			}
			out = append(out, d)
		}
		for _, n := range notes {
			out = append(out, model.Diagnostic{Rule: "config/nested", Severity: model.SeverityInfo, File: n.File,
				Message: nestedNote(n.Ignored)})
		}
		return out
	}
}

// nestedNote says which settings of a nested project file do not apply.
func nestedNote(ignored []string) string {
	return "below the linted folder its rules:, exclude: and profile: apply to the files under it; its " + strings.Join(ignored, ", ") +
		" apply only when that folder is the PATH linted or the file is named with --config"
}
