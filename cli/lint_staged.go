package cli

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"strings"

	"github.com/skillstudio/skillstudio/sanitize"
)

// stagedDeletions is lint --changed --staged's extra names: the files the
// commit in git's index deletes or moves away, which pre-commit never
// passes its hooks (it hands over the files that remain), though a
// deleted reference or a script renamed away changes its skill's verdict.
// Paths are relative to cwd, as pre-commit's are; renames count as the
// deletion of the old path (--no-renames), the new path being passed.
//
// This is the one place skillstudio runs git, and only when asked: in the
// user's own checkout, at commit time, where pre-commit has just run git
// itself. Nothing the repository configures runs for a --name-only diff of
// the index against HEAD (no external diff or textconv driver is read, and
// fsmonitor, which serves the working tree, is turned off for the call).
func stagedDeletions(ctx context.Context, cwd string) ([]string, error) {
	cmd := exec.CommandContext(ctx, "git", "-c", "core.fsmonitor=false",
		"diff", "--cached", "--name-only", "--no-renames", "--diff-filter=D", "--relative", "-z", "--no-ext-diff", "--no-textconv")
	cmd.Dir = cwd
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	out, err := cmd.Output()
	if err != nil {
		msg := strings.TrimSpace(errOut.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, fmt.Errorf("--staged asks git which files the commit deletes (git diff --cached), which failed: %s (run it in a git checkout, or leave --staged out)", sanitize.Line(firstLine(msg)))
	}
	var names []string
	for _, n := range strings.Split(string(out), "\x00") {
		if n != "" {
			names = append(names, n)
		}
	}
	return names, nil
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
