package report

import (
	"bufio"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/sanitize"
)

// GitHub prints one GitHub Actions workflow command per finding
// (::error, ::warning or ::notice, with file, line, col, endLine,
// endColumn and the rule id as title), so findings show as annotations on
// the pull request, then the summary line. Paths are relative to
// Options.BaseDir, which the CLI sets to the repository root: GitHub
// resolves annotation paths against it.
func GitHub(w io.Writer, lib *model.Library, opts Options) error {
	bw := bufio.NewWriter(w)
	d := displayer{opts.BaseDir}
	all := d.libraryFindings(lib)
	for _, s := range d.sortedSkills(lib) {
		all = append(all, d.skillFindings(s)...)
	}
	sortFindings(all)
	for _, f := range all {
		writeGitHub(bw, f)
	}
	fmt.Fprintln(bw, SummaryLine(Summarize(lib)))
	return bw.Flush()
}

func writeGitHub(w io.Writer, f finding) {
	cmd := map[model.Severity]string{model.SeverityError: "error", model.SeverityWarning: "warning"}[f.Severity]
	if cmd == "" {
		cmd = "notice"
	}
	props := []string{"file=" + githubProperty(githubPath(filepath.ToSlash(f.path)))}
	if f.Line > 0 {
		props = append(props, fmt.Sprintf("line=%d", f.Line))
		if f.Column > 0 {
			props = append(props, fmt.Sprintf("col=%d", f.Column))
		}
		if f.EndLine > 0 {
			props = append(props, fmt.Sprintf("endLine=%d", f.EndLine))
			if f.EndColumn > 0 {
				props = append(props, fmt.Sprintf("endColumn=%d", f.EndColumn))
			}
		}
	}
	props = append(props, "title="+githubProperty(f.Rule))
	msg := sanitize.Line(f.Message)
	if f.Hint != "" {
		msg += "\n" + sanitize.Line(f.Hint)
	}
	fmt.Fprintf(w, "::%s %s::%s\n", cmd, strings.Join(props, ","), githubData(msg))
}

// githubPath is p made safe for a workflow command's file property with
// the line ends kept: the property escapes them (%0D, %0A) and the runner
// restores them, so the annotation names the real file. sanitize.Line made
// a folder "a\nb" the path "a b", a file GitHub does not have, and the
// annotation was shown on no file. Other control characters, which the
// runner has no escape for, are made visible as before.
func githubPath(p string) string {
	if !strings.ContainsAny(p, "\r\n") {
		return sanitize.String(p)
	}
	var b strings.Builder
	for {
		i := strings.IndexAny(p, "\r\n")
		if i < 0 {
			b.WriteString(sanitize.String(p))
			return b.String()
		}
		b.WriteString(sanitize.String(p[:i]))
		b.WriteByte(p[i])
		p = p[i+1:]
	}
}

// githubData escapes a workflow command's message: %, CR and LF, so a
// message can neither end the command early nor start another.
func githubData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// githubProperty escapes a property value: as data, plus the : and ,
// that separate properties.
func githubProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
