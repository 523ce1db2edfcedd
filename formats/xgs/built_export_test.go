package xgs

import (
	"regexp"
	"testing"
)

// exportDefaultRE is the pattern hasExportDefault stands for.
var exportDefaultRE = regexp.MustCompile(`(?m)^\s*export\s+default\b`)

// FuzzHasExportDefault: the hand-written search agrees with the regexp.
func FuzzHasExportDefault(f *testing.F) {
	for _, s := range []string{
		"export default defineSkill({})", "  export  default x", "\n\n\texport\ndefault\n",
		"x; export default y", "export defaultx", "export default_", "export default$", "exportdefault",
		"// export default", "(function(){})()", "\r\nexport\tdefault", "export default", "export ", "\fexport\fdefault\f",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if got, want := hasExportDefault(src), exportDefaultRE.Match(src); got != want {
			t.Errorf("hasExportDefault(%q) = %v, the regexp says %v", src, got, want)
		}
	})
}
