package templates

import (
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

// TestNamesWindowsCannotHoldAreRefused: a name every format's rule
// accepts but that is a device on Windows (nul, con, com1, lpt3 …) made
// a folder or file no Windows checkout of the repository can hold (git
// fails the whole clone there). new refuses it, with the reason.
func TestNamesWindowsCannotHoldAreRefused(t *testing.T) {
	for _, f := range []model.Format{model.FormatXGS, model.FormatSkillMD, model.FormatOSLoop} {
		for _, name := range []string{"nul", "con", "aux", "prn", "com1", "lpt9"} {
			err := ValidateName(f, name)
			if err == nil || !strings.Contains(err.Error(), "Windows") {
				t.Errorf("%s %q: err = %v, want a refusal naming Windows", f, name, err)
			}
		}
		for _, name := range []string{"null-check", "console", "com10", "auxiliary"} {
			if err := ValidateName(f, name); err != nil {
				t.Errorf("%s %q: refused: %v", f, name, err)
			}
		}
	}
}
