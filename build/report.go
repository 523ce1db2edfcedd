package build

import (
	"fmt"

	"github.com/skillstudio/skillstudio/formats/xgs/bundle"
	"github.com/skillstudio/skillstudio/internal/display"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/sanitize"
)

// report prints one line per build, or the build's errors. wrote, when
// set, is the file the build was just written to: watch's rebuild lines
// name it, since no "built N into DIR" line follows them.
func (s *session) report(r *bundle.Result, withLint bool, wrote string) {
	lint := ""
	if withLint && r.Skill != nil {
		e, w, i := r.Skill.Counts()
		lint = fmt.Sprintf("  lint: %s, %s, %s", display.Plural(e, "error"), display.Plural(w, "warning"), display.Plural(i, "info"))
	}
	if r.OK() {
		to := ""
		if wrote != "" {
			to = "  → " + sanitize.Line(display.Path(s.cwd, wrote))
		}
		fmt.Fprintf(s.stdout, "%s%s%s\n", sanitize.Line(r.Status()), to, lint)
	} else {
		fmt.Fprintf(s.stdout, "%s  failed%s\n", sanitize.Line(nameOr(r)), lint)
	}
	for _, d := range append(append([]model.Diagnostic(nil), r.Errors...), r.Warnings...) {
		fmt.Fprintf(s.stderr, "%s:%d:%d: %s %s: %s\n", sanitize.Line(d.File), d.Line, d.Column, d.Severity, d.Rule, sanitize.Line(d.Message))
		if d.Hint != "" {
			fmt.Fprintf(s.stderr, "  hint: %s\n", sanitize.Line(d.Hint))
		}
	}
}

func nameOr(r *bundle.Result) string {
	if r.Name != "" {
		return r.Name
	}
	return r.Path
}
