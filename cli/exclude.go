package cli

import (
	"os"

	"github.com/spf13/cobra"

	"github.com/skillstudio/skillstudio/config"
	"github.com/skillstudio/skillstudio/internal/exclude"
	"github.com/skillstudio/skillstudio/model"
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

// excludeFilter compiles the config's exclude: patterns and --exclude's
// (relative to the working directory). It is a nil interface, never a
// typed nil, when there is none, so the search's hot path is unchanged.
func excludeFilter(cfg *config.Config, flags []string) (model.PathFilter, error) {
	pats := append([]exclude.Pattern(nil), cfg.Exclude...)
	if len(flags) > 0 {
		cwd, err := os.Getwd()
		if err != nil {
			return nil, err
		}
		for _, f := range flags {
			pats = append(pats, exclude.Pattern{Glob: f, Dir: cwd})
		}
	}
	set, err := exclude.New(pats)
	if err != nil {
		return nil, usagef("--exclude: %v", err)
	}
	if set == nil {
		return nil, nil
	}
	return set, nil
}
