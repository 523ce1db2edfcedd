package review

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/skillstudio/skillstudio/internal/lazyre"
)

// A command split into pieces: a shell script assigns fragments to
// variables, here or in files it sources, and runs their concatenation
// (A="cur"; B="l -s https://… | s"; C="h"; eval "$A$B$C"), so no line
// holds the download-and-run a reviewer or scanner looks for. The
// literal assignments of the script and of the files it sources (one
// level) are folded into the line that runs them (eval, sh -c, bash -c,
// or a line that is nothing but variables), and the folded text is read
// as a line of the script would be.
var (
	shellLiteralAssign = lazyre.New(`^\s*(?:export\s+|readonly\s+|local\s+|declare\s+(?:-\w+\s+)?)?([A-Za-z_][A-Za-z0-9_]*)=(?:"([^"$` + "`" + `\\]*)"|'([^']*)'|([^\s"'$` + "`" + `;&|()<>\\]*))\s*(?:;|$|#)`)
	shellSourceLine    = lazyre.New(`^\s*(?:\.|source)\s+(.+)`)
	// The runner and its argument: eval …, sh -c "…", or a line whose
	// first word is a variable ("$A$B" args).
	shellRunsBuilt = lazyre.New(`(?:^|[;&|]\s*|\bthen\s+|\bdo\s+)(?:eval\s+|(?:ba|z|da)?sh\s+-c\s+|)(["']?\$\{?[A-Za-z_][^;&|\n]*)`)
)

// maxFoldVars bounds the variables held per script.
const maxFoldVars = 256

func isShellScript(f *source) bool {
	switch strings.ToLower(path.Ext(f.rel)) {
	case ".sh", ".bash", ".zsh", ".ksh":
		return true
	}
	first, _, _ := strings.Cut(f.text, "\n")
	return strings.HasPrefix(first, "#!") && (strings.HasSuffix(first, "sh") || strings.Contains(first, "sh "))
}

// literalAssignments returns the variables text assigns a literal to
// (the last assignment of each), at most maxFoldVars.
func literalAssignments(text string, into map[string]string) {
	forLines(text, func(_ int, _, joined string) {
		if len(into) >= maxFoldVars || !strings.Contains(joined, "=") {
			return
		}
		if m := shellLiteralAssign.FindStringSubmatch(joined); m != nil {
			into[m[1]] = m[2] + m[3] + m[4]
		}
	})
}

// scanFoldedEval reports a line of a shell script that runs a command
// built from variables holding literal pieces, when the folded command
// downloads and runs code or decodes and runs it.
func (r *reviewer) scanFoldedEval(f *source) {
	if !isShellScript(f) || !strings.Contains(f.text, "$") {
		return
	}
	vars := map[string]string{}
	from := []string{}
	forLines(f.text, func(_ int, _, joined string) {
		m := shellSourceLine.FindStringSubmatch(joined)
		if m == nil {
			return
		}
		p := sourcedPath(m[1])
		if p == "" {
			return
		}
		if g := r.file(path.Join(path.Dir(f.rel), p)); g != nil && g != f {
			literalAssignments(g.text, vars)
			from = append(from, g.rel)
		}
	})
	literalAssignments(f.text, vars)
	if len(vars) == 0 {
		return
	}
	forLines(f.text, func(pos int, logical, joined string) {
		m := shellRunsBuilt.FindStringSubmatchIndex(joined)
		if m == nil || shellLiteralAssign.MatchString(joined) {
			return
		}
		arg := joined[m[2]:m[3]]
		folded, used, ok := foldVars(arg, vars)
		if !ok || len(used) < 2 {
			return // one variable is an honest "$CMD"; its value is read where it is set
		}
		what := remoteExecIn(folded)
		if what == "" {
			what = decodeExecIn(folded)
		}
		if what == "" {
			return
		}
		where := ""
		if len(from) > 0 {
			where = ", some set in " + strings.Join(from, ", ")
		}
		off := pos + len(logical) - len(strings.TrimLeft(logical, " \t"))
		r.report(f, off, remoteExecRule(f, off), fmt.Sprintf("runs a command put together from variables (%s%s) that %s: %s", strings.Join(used, ", "), where, what, clip(Visible(strings.TrimSpace(folded)), 200)), remoteExecHint)
	})
}

// foldVars replaces each $NAME and ${NAME} of s with its value; ok is
// false when one is unknown. used lists the names, in order.
func foldVars(s string, vars map[string]string) (folded string, used []string, ok bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '$' {
			if s[i] != '"' {
				b.WriteByte(s[i])
			}
			continue
		}
		rest := s[i+1:]
		braced := strings.HasPrefix(rest, "{")
		if braced {
			rest = rest[1:]
		}
		name := identAt(rest)
		if name == "" {
			return "", nil, false
		}
		v, known := vars[name]
		if !known {
			return "", nil, false
		}
		b.WriteString(v)
		if !slices.Contains(used, name) {
			used = append(used, name)
		}
		i += len(name)
		if braced {
			if !strings.HasPrefix(rest[len(name):], "}") {
				return "", nil, false
			}
			i += 2
		}
		if b.Len() > 4096 {
			return "", nil, false
		}
	}
	return b.String(), used, true
}
