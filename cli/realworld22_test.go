package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestListingNotInvocableBundle: the internal _shared skill of
// realworld/plugin-shared-bundle (user-invocable: false and
// disable-model-invocation: true) is omitted from Claude Code's listing as
// one nobody invokes, not as "manual only": the slash menu hides it too.
// The loader has to keep user-invocable for the listing to see it.
func TestListingNotInvocableBundle(t *testing.T) {
	_, stdout, stderr := runCLI(t, "listing", filepath.Join("testdata", "realworld", "plugin-shared-bundle"))
	var row string
	for _, l := range strings.Split(stdout, "\n") {
		if strings.Contains(l, "belasting-kit-shared") {
			row = l
		}
	}
	if !strings.Contains(row, "omitted (nobody invokes it)") {
		t.Fatalf("bundle row %q, want it omitted as nobody invokes it\n%s%s", row, stdout, stderr)
	}
}

// TestListingThroughLinkedAgentFolder: realworld/linked-agent-folders keeps
// its skills in .ai/skills and links .claude/skills to it; Claude Code
// loads both skills, and listing said it loaded none ("left out 2 skills
// under .ai").
func TestListingThroughLinkedAgentFolder(t *testing.T) {
	_, stdout, stderr := runCLI(t, "listing", filepath.Join("testdata", "realworld", "linked-agent-folders"))
	if !strings.Contains(stdout, "Claude Code: 2 skills") || strings.Contains(stderr, "left out") {
		t.Fatalf("want both skills listed for Claude Code:\n%s%s", stdout, stderr)
	}
}
