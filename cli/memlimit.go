package cli

import (
	"os"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// Lint is a batch job that reads a whole library once, so its garbage
// collector is tuned for throughput with a ceiling:
//
//   - lintGCPercent lets the heap grow to four times what is live between
//     collections (Go's default is twice): at 10,000 generated skills lint
//     then runs 5,045M instructions instead of 5,409M at three times and
//     6,641M at Go's default, peaking at 107-119 MiB instead of 85
//     (five times: 4,882M, 127 MiB; the target is under 150 MiB, and a
//     machine with more cores keeps more skills live at once).
//   - lintMemoryLimit caps that growth where it matters: between
//     collections the garbage of reading tens of thousands of skills piles
//     up, and at 50,000 skills the process peaked at about 450 MiB with the
//     default pacing and at about 275 MiB with this limit. Below the limit
//     the collector paces as lintGCPercent says.
//
// show renders one document and exits: what it allocates is short-lived
// garbage around a small live heap (the document and its syntax tree), so
// it lets the heap grow further between collections (showGCPercent):
// on the corpus's biggest SKILL.md (77 KB) about a third less CPU than
// Go's default, under the same memory ceiling.
const (
	lintGCPercent    = 300
	showGCPercent    = 800
	batchMemoryLimit = 256 << 20
)

// batchGC applies a batch command's collector settings (percent, under
// batchMemoryLimit) unless the user chose their own with GOGC or
// GOMEMLIMIT, and returns what restores the old ones (commands run
// in-process in tests).
func batchGC(percent int) (restore func()) {
	var undo []func()
	if os.Getenv("GOGC") == "" {
		old := debug.SetGCPercent(percent)
		undo = append(undo, func() { debug.SetGCPercent(old) })
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		old := debug.SetMemoryLimit(batchMemoryLimit)
		undo = append(undo, func() { debug.SetMemoryLimit(old) })
	}
	return func() {
		for _, f := range undo {
			f()
		}
	}
}

// pacesGC marks a command whose RunE starts with batchGC. In the real
// binary the collector is still off from package init when a command
// starts (internal/initgc), and init leaves about 9 MB of heap, over Go's
// 4 MB first goal: turning the default back on first would start a
// collection of that heap before batchGC raised the goal. For show of a
// median SKILL.md that collection was about 10M of the 155M instructions
// the whole run takes.
var pacesGC = map[string]string{pacesGCKey: "batchGC"}

const pacesGCKey = "skillstudio/paces-gc"

// startGCUnlessPaced gives the collector back its setting from before
// init unless the command args name goes straight to batchGC's own
// setting; with GOGC set, batchGC keeps the user's, so it is started here.
// A run that stops before the command (a usage error, --help) is short.
func (a *app) startGCUnlessPaced(root *cobra.Command, args []string) {
	if cmd, _, err := root.Find(args); err == nil && cmd != nil && cmd.Annotations[pacesGCKey] != "" && os.Getenv("GOGC") == "" {
		return
	}
	a.startGC()
}
