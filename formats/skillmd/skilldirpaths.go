package skillmd

import "strings"

// skillDirMentions finds paths anchored at the skill's own folder
// (${CLAUDE_SKILL_DIR}/scripts/run.py, {baseDir}/references/api.md)
// anywhere in the body, code spans and fenced blocks included: that is
// where skills write the commands an agent runs, and the placeholder says
// the path is a file of the skill, so a missing one breaks the command.
// Paths already in links (the destination of a Markdown link) are left
// to the link check; each path is returned once. A path that runs on
// into characters a plain file name does not hold (<Action>, {name},
// $VAR, *, non-ASCII) is a template or beyond what a byte scan can read,
// and is skipped rather than guessed at.
func skillDirMentions(body string, links []Link) []Link {
	seen := map[string]bool{}
	for _, l := range links {
		seen[strings.TrimSpace(l.Dest)] = true
	}
	var out []Link
	for _, prefix := range skillDirPlaceholders {
		for from := 0; ; {
			i := strings.Index(body[from:], prefix)
			if i < 0 {
				break
			}
			start := from + i
			end := start + len(prefix)
			for end < len(body) && isPathByte(body[end]) {
				end++
			}
			from = end
			if prefix == "$CLAUDE_SKILL_DIR/" && start > 0 && body[start-1] == '{' {
				continue // the ${CLAUDE_SKILL_DIR}/ spelling, found by its own prefix
			}
			if end < len(body) && !endsPath(body[end]) {
				continue
			}
			n := fileNameEnd(body[start+len(prefix) : end])
			if n == 0 {
				continue // a folder, or no file name the scan can be sure of
			}
			dest := body[start : start+len(prefix)+n]
			if seen[dest] {
				continue
			}
			seen[dest] = true
			out = append(out, Link{Dest: dest, Offset: start, Mention: true})
		}
	}
	return out
}

// endsPath: b may follow a file path in prose, a command or a table.
func endsPath(b byte) bool {
	return strings.IndexByte(" \t\r\n`'\"),;:|]#?>", b) >= 0
}

// fileNameEnd returns the length of p without a sentence's trailing full
// stops when it then ends in a file name with an extension (run.py, not
// run or scripts/), 0 otherwise.
func fileNameEnd(p string) int {
	p = strings.TrimRight(p, ".")
	k := len(p)
	for k > 0 && isAlnum(p[k-1]) {
		k--
	}
	if k < len(p) && k >= 2 && p[k-1] == '.' && (isAlnum(p[k-2]) || p[k-2] == '_' || p[k-2] == '-') {
		return len(p)
	}
	return 0
}
