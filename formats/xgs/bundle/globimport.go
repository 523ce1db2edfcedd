package bundle

import "github.com/skillstudio/skillstudio/formats/xgs"

// The refusal of a computed import path, and its detection, live in the
// esbuild-free xgs package (xgs/computedimport.go), so lint's
// xgs/computed-import and the builder say the same thing.
const (
	computedImportHint   = xgs.ComputedImportHint
	computedImportPrefix = xgs.ComputedImportPrefix
)

func computedImportMessage(file string) string { return xgs.ComputedImportMessage(file) }

func computedImport(src []byte) int { return xgs.ComputedImport(src) }
