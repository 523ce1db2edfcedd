package review

import (
	"fmt"
	"strings"

	"github.com/skillstudio/skillstudio/internal/lazyre"
)

// Conditional triggers: a script that acts only after a fixed date (a
// time bomb: clean when reviewed, active later) or only where it is not
// watched (not in CI, not in a container or VM: /.dockerenv,
// /proc/1/cgroup, systemd-detect-virt, $CI; a word such as "sandbox"
// in a string is not a check). Evidence, not harm: honest scripts test the date and the
// environment too, so the branch is named for a person to read.
var (
	triggerDate = lazyre.New(`(?i)(\$\(\s*date\b[^)]*\)|\bdatetime\.(now|today|utcnow)\(\)|\bdate\.today\(\)|\btime\.time\(\)|\bDate\.now\(\)|\bnew Date\(\)|\bTime\.now\b|\bGet-Date\b)[^\n]{0,80}?(-gt|-ge|-lt|-le|>=?|<=?|\.after\(|\.before\()[^\n]{0,40}?\b(1[6-9]\d{8}|20[2-9]\d[-/]?[01]\d[-/]?[0-3]\d|datetime\(20[2-9]\d)|(\b(1[6-9]\d{8}|20[2-9]\d[-/]?[01]\d[-/]?[0-3]\d)\b|datetime\(20[2-9]\d)[^\n]{0,40}?(-gt|-ge|-lt|-le|>=?|<=?)[^\n]{0,80}?(\$\(\s*date\b|datetime\.(now|today|utcnow)\(\)|time\.time\(\)|Date\.now\(\))`)
	triggerEnv  = lazyre.New(`(?i)(/\.dockerenv|/proc/1/cgroup|systemd-detect-virt|\$\{?(CI|GITHUB_ACTIONS|GITLAB_CI|BUILDKITE|JENKINS_URL)\b|environ(\.get)?\(?\[?\s*["'](CI|GITHUB_ACTIONS)["']|process\.env\.(CI|GITHUB_ACTIONS)\b)`)
	triggerIf   = lazyre.New(`(?i)^\s*(if|elif|while|unless)\b|\[\[?\s|(^|[;&|]\s*)test\s+!?\s*-|&&|\|\||^\s*(if|elif)\s*\(`)
)

var triggerWords = []string{"date", "time", "Date", "Time", "dockerenv", "cgroup", "detect-virt", "CI"}

const triggerHint = "Read what the branch does: a script that acts only after a date, or only outside CI, containers and VMs, behaves differently where it was reviewed."

func (r *reviewer) scanTriggers(f *source, kind fileKind) {
	if kind != kindShell && kind != kindScript || !containsAny(f.text, triggerWords) {
		return
	}
	forLines(f.text, func(pos int, logical, joined string) {
		if !triggerIf.MatchString(joined) {
			return
		}
		what := ""
		switch {
		case triggerDate.MatchString(joined):
			what = "acts only on one side of a fixed date"
		case triggerEnv.MatchString(joined):
			what = "acts depending on whether it runs in CI, a container, a VM or a sandbox"
		default:
			return
		}
		off := pos + len(logical) - len(strings.TrimLeft(logical, " \t"))
		r.report(f, off, "review/conditional-trigger", fmt.Sprintf("%s: %s", what, clip(Visible(strings.TrimSpace(joined)), 200)), triggerHint)
	})
}
