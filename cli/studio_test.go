package cli

import (
	"strings"
	"testing"
)

// A missing SOURCE that looks like a command is probably a typo of one.
func TestStudioMissingSourceSuggestsACommand(t *testing.T) {
	isolateConfig(t)
	code, _, errOut := runCLI(t, "lnit")
	if code != 2 || !strings.Contains(errOut, "cannot open lnit") || !strings.Contains(errOut, `did you mean the command "lint"?`) {
		t.Errorf("lnit: exit %d, stderr %q", code, errOut)
	}
	code, _, errOut = runCLI(t, "no-such-folder")
	if code != 2 || !strings.Contains(errOut, "cannot open no-such-folder") || strings.Contains(errOut, "did you mean") {
		t.Errorf("no-such-folder: exit %d, stderr %q", code, errOut)
	}
}
