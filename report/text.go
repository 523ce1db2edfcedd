package report

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"

	"charm.land/lipgloss/v2"

	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/sanitize"
)

// textStyles are the text printer's colours: basic ANSI colours, so they
// follow the user's terminal theme and need no downsampling.
type textStyles struct {
	color                    bool
	pos, rule, hint, summary lipgloss.Style
	severity                 map[model.Severity]lipgloss.Style
}

func newTextStyles(color bool) textStyles {
	if !color {
		return textStyles{}
	}
	return textStyles{
		color:   true,
		pos:     lipgloss.NewStyle().Bold(true),
		rule:    lipgloss.NewStyle().Faint(true),
		hint:    lipgloss.NewStyle().Faint(true),
		summary: lipgloss.NewStyle().Bold(true),
		severity: map[model.Severity]lipgloss.Style{
			model.SeverityError:   lipgloss.NewStyle().Foreground(lipgloss.Red).Bold(true),
			model.SeverityWarning: lipgloss.NewStyle().Foreground(lipgloss.Yellow),
			model.SeverityInfo:    lipgloss.NewStyle().Foreground(lipgloss.Blue),
		},
	}
}

// Text prints one line per finding, `file:line:col: severity rule-id:
// message`, each followed by an indented `hint:` line when the finding has
// one, then a summary line. Findings without a position print the file
// alone. Skill-derived text is stripped of terminal control sequences.
func Text(w io.Writer, lib *model.Library, opts Options) error {
	bw := bufio.NewWriter(w)
	st := newTextStyles(opts.Color)
	d := displayer{opts.BaseDir}
	all := d.libraryFindings(lib)
	skills := d.sortedSkills(lib)
	perSkill := make([][]finding, len(skills))
	eachPiece(len(skills), 256, func(_, lo, hi int) {
		for i, s := range skills[lo:hi] {
			perSkill[lo+i] = d.skillFindings(s)
		}
	})
	for _, fs := range perSkill {
		all = append(all, fs...)
	}
	sortFindings(all)
	for _, b := range formatFindings(all, st) {
		bw.Write(b)
	}
	sum := Summarize(lib)
	fmt.Fprintln(bw, st.paint(st.summary, SummaryLine(sum)))
	return bw.Flush()
}

// Findings prints diagnostics the way Text prints a library's, without
// the summary line: for commands that report problems of their own in
// lint's words (quiz --walk). File is a path as model.Location.Path gives it.
func Findings(w io.Writer, ds []model.Diagnostic, opts Options) error {
	bw := bufio.NewWriter(w)
	st := newTextStyles(opts.Color)
	d := displayer{opts.BaseDir}
	all := make([]finding, len(ds))
	for i, diag := range ds {
		all[i] = finding{diag, d.rel(diag.File)}
	}
	sortFindings(all)
	for _, f := range all {
		writeFinding(bw, st, f)
	}
	return bw.Flush()
}

// formatFindings is the text of every finding, in order, in pieces
// formatted on every core (inPieces).
func formatFindings(all []finding, st textStyles) [][]byte {
	return inPieces(len(all), 512, func(lo, hi int) []byte {
		var b bytes.Buffer
		for _, f := range all[lo:hi] {
			writeFinding(&b, st, f)
		}
		return b.Bytes()
	})
}

func writeFinding(w io.Writer, st textStyles, f finding) {
	pos := sanitize.Line(f.path)
	if f.Line > 0 {
		pos = fmt.Sprintf("%s:%d:%d", pos, f.Line, max(f.Column, 1))
	}
	fmt.Fprintf(w, "%s: %s %s: %s\n", st.paint(st.pos, pos), st.paint(st.severity[f.Severity], f.Severity.String()),
		st.paint(st.rule, f.Rule), sanitize.Line(f.Message))
	if f.Hint != "" {
		fmt.Fprintf(w, "    %s\n", st.paint(st.hint, "hint: "+sanitize.Line(f.Hint)))
	}
}

// paint renders text in style when colour is on. Without colour it does
// what an empty lipgloss style does (tabs become four spaces) without the
// style's bookkeeping, which was most of printing 10,000 skills' findings.
func (st textStyles) paint(style lipgloss.Style, text string) string {
	if !st.color {
		return strings.ReplaceAll(text, "\t", "    ")
	}
	return style.Render(text)
}

// SummaryLine is "N errors, M warnings, K infos in S skills", then
// "(L listed)" when some findings were left out of the listing.
func SummaryLine(s Summary) string {
	line := fmt.Sprintf("%s, %s, %s in %s",
		plural(s.Errors, "error"), plural(s.Warnings, "warning"), plural(s.Infos, "info"), plural(s.Skills, "skill"))
	if s.Listed < s.Errors+s.Warnings+s.Infos {
		line += fmt.Sprintf(" (%d listed)", s.Listed)
	}
	return line
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
