package cli

import (
	"strings"
	"testing"
)

// The help's examples run as written (from the examples folder for the
// relative path; my-skill/ is a placeholder and is skipped).
func TestQuizHelpExamplesSucceed(t *testing.T) {
	isolateConfig(t)
	cmd := (&app{}).newQuizCmd()
	for _, line := range strings.Split(cmd.Example, "\n") {
		args := strings.Fields(strings.ReplaceAll(strings.TrimSpace(line), `"`, ""))
		if len(args) < 3 || strings.HasPrefix(args[2], "my-skill") {
			continue
		}
		if strings.HasPrefix(args[2], "skills/") {
			args[2] = "../examples/library/" + args[2]
		}
		code, _, errOut := runCLI(t, args[1:]...)
		if code != 0 {
			t.Errorf("%s: exit %d\n%s", line, code, errOut)
		}
	}
}
