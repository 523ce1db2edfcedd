package cli

import (
	"fmt"
	"github.com/skillstudio/skillstudio/sanitize"
	"io"

	"github.com/skillstudio/skillstudio/fix"
	"github.com/skillstudio/skillstudio/internal/display"
	"github.com/skillstudio/skillstudio/model"
)

// fixAndReload is lint --fix: fix passes until nothing changes, one line
// per fix applied on out, what could not be fixed on warn. keep (nil:
// all) picks the fixes it may apply. It returns the
// library as it stands after the last write.
func fixAndReload(lib *model.Library, load func() (*model.Library, error), keep func(fix.Fix) bool, out, warn io.Writer, cwd string) (*model.Library, error) {
	return fix.Repeat(lib, load, keep, func(p fix.Plan, r fix.Result) {
		printFixPass(p, r, out, warn, cwd)
	})
}

// printFixPass reports one pass. A fix skipped for overlapping one applied
// before it is not mentioned: the next pass applies it.
func printFixPass(p fix.Plan, r fix.Result, out, warn io.Writer, cwd string) {
	for _, s := range p.Skipped {
		if !s.Overlap {
			fmt.Fprintf(warn, "skipped fix %s:%d: %s: %s\n", sanitize.Line(display.Path(cwd, s.Fix.File)), s.Fix.Diag.Line, s.Fix.Diag.Rule, sanitize.Line(s.Reason))
		}
	}
	for _, f := range r.Failed {
		fmt.Fprintf(warn, "not fixed %s: %v\n", sanitize.Line(display.Path(cwd, f.Path)), f.Err)
	}
	for _, f := range r.Fixed {
		fmt.Fprintf(out, "fixed %s:%d: %s: %s\n", sanitize.Line(display.Path(cwd, f.File)), f.Diag.Line, f.Diag.Rule, sanitize.Line(f.Diag.Fix.Description))
	}
}
