package cli

import (
	"fmt"
	"io"

	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/sanitize"
)

// maxPullNotes caps the source notes pull prints: a hostile index can
// hold thousands of bad entries, and the first few say enough.
const maxPullNotes = 20

// printSourceNotes prints what opening the source noticed about it — a
// listed file refused for its name or for leaving the skill folder, a
// digest mismatch, a stale cache — so a pull that leaves a file behind
// says which and why instead of copying the rest silently.
func printSourceNotes(w io.Writer, source string, notes []model.Diagnostic) {
	if len(notes) == 0 {
		return
	}
	fmt.Fprintf(w, "notes on %s:\n", sanitize.Line(source))
	for i, d := range notes {
		if i == maxPullNotes {
			fmt.Fprintf(w, "  … and %d more\n", len(notes)-maxPullNotes)
			break
		}
		fmt.Fprintf(w, "  %s %s: %s\n", d.Severity, d.Rule, sanitize.Line(d.Message))
	}
}
