package bundle

import "github.com/skillstudio/skillstudio/formats/xgs"

// Rules lists every finding the builder reports; the metadata lives in the
// esbuild-free xgs package (xgs.BuildRules).
var Rules = xgs.BuildRules
