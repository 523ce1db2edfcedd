package cli

import (
	"os"
	"runtime/debug"
)

// lintMemoryLimit is lint's soft heap limit. Lint's live heap stays small
// (a few MiB per thousand skills once read), but between collections
// the garbage of reading tens of thousands of skills piles up: at 50,000
// skills the process peaked at about 450 MiB with the default pacing and
// at about 300 MiB with this limit, for 10–20% more CPU. Below the
// limit the collector paces as usual, so small libraries pay nothing.
const lintMemoryLimit = 256 << 20

// softMemoryLimit sets the Go runtime's soft memory limit to bytes unless
// the user chose one with GOMEMLIMIT, and returns what restores the old
// limit (commands run in-process in tests).
func softMemoryLimit(bytes int64) (restore func()) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	old := debug.SetMemoryLimit(bytes)
	return func() { debug.SetMemoryLimit(old) }
}
