package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/aymanbagabas/go-udiff"

	"github.com/skillstudio/skillstudio/fix"
	"github.com/skillstudio/skillstudio/internal/display"
	"github.com/skillstudio/skillstudio/internal/pathname"
	"github.com/skillstudio/skillstudio/internal/termout"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/report"
	"github.com/skillstudio/skillstudio/sanitize"
)

// lintOutput is one --output FORMAT=FILE.
type lintOutput struct {
	format, file string
	print        func(w io.Writer, lib *model.Library, opts report.Options) error
}

func parseOutputs(specs []string) ([]lintOutput, error) {
	var out []lintOutput
	for _, s := range specs {
		format, file, ok := strings.Cut(s, "=")
		if !ok || file == "" {
			return nil, usagef("--output %q: want FORMAT=FILE, e.g. sarif=skillstudio.sarif", s)
		}
		p, ok := lintPrinter(format)
		if !ok {
			return nil, usagef("--output %q: unknown format %q (want %s)", s, format, strings.Join(lintFormats, ", "))
		}
		out = append(out, lintOutput{format, file, p})
	}
	return out, nil
}

// write prints lib to the output's file, replacing it.
// GitHub annotations and SARIF uris are relative to root, as on stdout.
func (o lintOutput) write(lib *model.Library, opts report.Options, root string) error {
	if o.format == "github" || o.format == "sarif" {
		opts.BaseDir = root
	}
	if name, ok := skillFileAt(lib, o.file); ok {
		return usageError{fmt.Errorf("--output %s=%s: that is a file of the skill %s being linted; the report would replace it (name another file)", o.format, o.file, sanitize.Line(name))}
	}
	f, err := openReport(o.file)
	if err != nil {
		return usageError{fmt.Errorf("--output %s=%s: %w", o.format, o.file, err)}
	}
	opts.Color = false
	// The file passes the same filter as the terminal: a CI step that
	// prints it must not meet an escape or a workflow command either.
	w := termout.Wrap(f)
	if o.format == "github" {
		w = termout.Trusted(w)
	}
	if err := o.print(w, lib, opts); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// projectRoot is the folder annotation and baseline paths are relative
// to: $GITHUB_WORKSPACE when dir is inside it (GitHub resolves annotation
// paths against it), else the nearest folder above dir holding .git,
// else dir itself.
func projectRoot(dir string, getenv func(string) string) string {
	if ws := getenv("GITHUB_WORKSPACE"); ws != "" {
		if _, ok := pathname.Rel(ws, dir); ok {
			return ws
		}
	}
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return dir
		}
		d = parent
	}
}

// keepSeverities returns a copy of lib holding only findings at or above
// min (--quiet keeps errors).
func keepSeverities(lib *model.Library, min model.Severity) *model.Library {
	keep := func(ds []model.Diagnostic) []model.Diagnostic {
		var out []model.Diagnostic
		for _, d := range ds {
			if d.Severity >= min {
				out = append(out, d)
			}
		}
		return out
	}
	out := &model.Library{Diagnostics: keep(lib.Diagnostics)}
	for _, s := range lib.Skills {
		c := *s
		c.Diagnostics = keep(s.Diagnostics)
		out.Skills = append(out.Skills, &c)
	}
	return out
}

// lintFails decides the exit status: a finding at or above failOn, or more
// warnings than maxWarnings (negative: no limit).
func lintFails(sum report.Summary, failOn model.Severity, maxWarnings int) bool {
	switch {
	case sum.Errors > 0 && failOn <= model.SeverityError,
		sum.Warnings > 0 && failOn <= model.SeverityWarning,
		sum.Infos > 0 && failOn <= model.SeverityInfo:
		return true
	}
	return maxWarnings >= 0 && sum.Warnings > maxWarnings
}

// printFixDiff is lint --fix --dry-run: the unified diff one fix pass
// would write, touching no file. Fixes that overlap one before them wait
// for a later pass and are not in the diff; it says how many.
func printFixDiff(lib *model.Library, keep func(fix.Fix) bool, w io.Writer, cwd string) {
	var fixes []fix.Fix
	for _, f := range fix.Collect(lib) {
		if keep == nil || keep(f) {
			fixes = append(fixes, f)
		}
	}
	plan := fix.NewPlan(fixes, fix.Disk)
	for _, fe := range plan.Files {
		after, _ := plan.Output(fe.Path)
		if string(after) == string(fe.Original) {
			continue
		}
		name := filepath.ToSlash(display.Path(cwd, fe.Path))
		io.WriteString(w, udiff.Unified(gitQuote("a/"+name), gitQuote("b/"+name), string(fe.Original), string(after)))
	}
	waiting := 0
	for _, s := range plan.Skipped {
		if s.Overlap {
			waiting++
		} else {
			fmt.Fprintf(w, "# not fixable %s:%d: %s: %s\n", sanitize.Line(display.Path(cwd, s.Fix.File)), s.Fix.Diag.Line, s.Fix.Diag.Rule, sanitize.Line(s.Reason))
		}
	}
	if waiting > 0 {
		fmt.Fprintf(w, "# %d more fix(es) overlap the ones above; lint --fix applies them in a later pass\n", waiting)
	}
	if len(plan.Accepted) == 0 {
		fmt.Fprintln(w, "# nothing to fix")
	}
}

// gitQuote writes a diff header's file name as git does when the name
// holds a control character, a quote or a backslash: in double quotes
// with C escapes (\n, \t, octal for the rest), which git apply and patch
// read back. A newline in a name would otherwise start a line of its own
// in the diff.
func gitQuote(name string) string {
	needs := false
	for i := 0; i < len(name); i++ {
		if c := name[i]; c < 0x20 || c == 0x7f || c == '"' || c == '\\' {
			needs = true
			break
		}
	}
	if !needs {
		return name
	}
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(name); i++ {
		switch c := name[i]; c {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '\a':
			b.WriteString(`\a`)
		case '\b':
			b.WriteString(`\b`)
		case '\t':
			b.WriteString(`\t`)
		case '\n':
			b.WriteString(`\n`)
		case '\v':
			b.WriteString(`\v`)
		case '\f':
			b.WriteString(`\f`)
		case '\r':
			b.WriteString(`\r`)
		default:
			if c < 0x20 || c == 0x7f {
				fmt.Fprintf(&b, "\\%03o", c)
			} else {
				b.WriteByte(c)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}
