package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
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
// A partial clone missing a tree would fetch it, running the transport the
// repository's config names (core.sshCommand, a remote helper, a
// protocol.<name>.allow it turned on): gitNoRepositoryCommands forbids
// every transport, so such a checkout gets git's error instead.
func stagedDeletions(ctx context.Context, cwd string) ([]string, error) {
	cmd := exec.CommandContext(ctx, "git", "-c", "core.fsmonitor=false",
		"diff", "--cached", "--name-only", "--no-renames", "--diff-filter=D", "--relative", "-z", "--no-ext-diff", "--no-textconv")
	cmd.Dir = cwd
	cmd.Env = append(os.Environ(), gitNoRepositoryCommands...)
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	out, err := cmd.Output()
	if err != nil {
		msg := strings.TrimSpace(errOut.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, fmt.Errorf("--staged asks git which files the commit deletes (git diff --cached), which failed: %s (run it in a git checkout, or leave --staged out; in a partial clone missing trees, git fetch them first: --staged lets git run no transport)", sanitize.Line(gitReason(msg)))
	}
	var names []string
	for _, n := range strings.Split(string(out), "\x00") {
		if n != "" {
			names = append(names, n)
		}
	}
	return names, nil
}

// gitNoRepositoryCommands is the environment that keeps git from running
// a program a repository's config chooses through a fetch: an empty
// GIT_ALLOW_PROTOCOL allows no transport whatever protocol.*.allow says
// (git 2.12 on), GIT_NO_LAZY_FETCH stops a partial clone's fetch of a
// missing object (git 2.45 on), and GIT_OPTIONAL_LOCKS=0 keeps git from
// rewriting the index (whose post-index-change hook the repository names).
// Later entries win over the user's own in os/exec.
var gitNoRepositoryCommands = []string{
	"GIT_ALLOW_PROTOCOL=", "GIT_NO_LAZY_FETCH=1", "GIT_OPTIONAL_LOCKS=0", "GIT_TERMINAL_PROMPT=0",
}

// gitReason is the line of git's stderr that says why it failed: the
// first "fatal:" line (a warning may come before it), else the first.
func gitReason(s string) string {
	for _, line := range strings.Split(s, "\n") {
		if strings.HasPrefix(line, "fatal:") {
			return line
		}
	}
	line, _, _ := strings.Cut(s, "\n")
	return line
}
