package bundle

import (
	"fmt"
	"time"

	"github.com/skillstudio/skillstudio/formats/xgs"
	"github.com/skillstudio/skillstudio/model"
)

// Result is one build of one skill.
type Result struct {
	// Path is the skill file as the caller named it.
	Path string
	// Name and Namespace come from the header ("" when it has none).
	Name, Namespace string
	// Header is the parsed header block (nil when there is none).
	Header *xgs.Header
	// Output is the built file: header block + IIFE. Nil when the build
	// failed.
	Output []byte
	// Skill is the static reader's view of the same source: lint findings
	// and the functions (summary, signature, schemas, examples) that
	// registry.json lists and __describe__ returns at runtime.
	Skill *model.Skill
	// Errors stop the build; Warnings do not. Both carry file:line:col.
	Errors, Warnings []model.Diagnostic
	// Inputs are the files on disk the bundle read besides the skill
	// (helpers it imports, node_modules packages), absolute: a watcher
	// rebuilds the skill when one changes.
	Inputs []string
	// BundleTime is esbuild's share; LintTime the static reader's. They
	// run side by side: a build takes about the longer of the two.
	BundleTime, LintTime time.Duration
}

// OK reports whether the build produced output.
func (r *Result) OK() bool { return r.Output != nil && len(r.Errors) == 0 }

// Status is one line for a status bar or a log: "name  12.3 kB  4.2 ms",
// or "name: file:line:col: message" when the build failed.
func (r *Result) Status() string {
	name := r.Name
	if name == "" {
		name = r.Path
	}
	if !r.OK() {
		return name + ": " + r.FirstError()
	}
	return name + "  " + FormatSize(len(r.Output)) + "  " + FormatDuration(r.BundleTime)
}

// FormatSize prints bytes the way esbuild and browsers do (1 kB = 1000 B).
func FormatSize(n int) string {
	switch {
	case n < 1000:
		return fmt.Sprintf("%d B", n)
	case n < 1000*1000:
		return fmt.Sprintf("%.1f kB", float64(n)/1000)
	}
	return fmt.Sprintf("%.1f MB", float64(n)/1e6)
}

// FormatDuration prints a build time in milliseconds, with one decimal
// under 10 ms.
func FormatDuration(d time.Duration) string {
	ms := float64(d) / float64(time.Millisecond)
	if ms < 10 {
		return fmt.Sprintf("%.1f ms", ms)
	}
	return fmt.Sprintf("%.0f ms", ms)
}

// FirstError is the first error as "file:line:col: message", or "".
func (r *Result) FirstError() string {
	if len(r.Errors) == 0 {
		return ""
	}
	d := r.Errors[0]
	return fmt.Sprintf("%s:%d:%d: %s", d.File, d.Line, d.Column, d.Message)
}
