package ui

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/sanitize"
)

// lintTab lists a skill's findings grouped by severity, each with rule
// id, place, message and hint; enter opens the editor there. It updates in
// place when the skill is re-linted, keeping the selected finding.
type lintTab struct {
	scrollView
	entry *Entry
	// diags are the findings shown: the skill's own first, then the last
	// nlib, about the skill's source itself (library findings).
	diags []model.Diagnostic
	nlib  int
	// heads[i] is the source heading drawn above library finding i: the
	// skill's own source, then each source no listed skill comes from.
	heads map[int]string
	sel   int
	// build is why the skill's last build failed ("" when it did not, or
	// was not built): the status bar cuts it to its room, this tab shows
	// it whole.
	build string
	// spans[i] is the first and last content line of finding i.
	spans [][2]int
}

func newLintTab(c *Common) *lintTab { return &lintTab{scrollView: newScrollView(c)} }

func (t *lintTab) Title() string         { return "Lint" }
func (t *lintTab) Applies(e *Entry) bool { return true }

// Badge shows the counts next to the tab's title.
func (t *lintTab) Badge(e *Entry) string {
	if e == nil {
		return ""
	}
	return countsBadge(t.c.Styles, e.row.errors, e.row.warnings)
}

func (t *lintTab) BadgeWidth(*Entry) int { return countsBadgeWidth }

// countsBadge is the count of the most severe findings beside a tab's
// title (Lint, Review): "✗2" when there are errors, else "⚠1", else a dim
// ✓. One count, so it fits the slot the tab row keeps for it
// (countsBadgeWidth) whatever the numbers; the tab lists them all.
func countsBadge(st *Styles, errors, warnings int) string {
	switch {
	case errors > 0:
		return st.Error.Render(glyphError + badgeCount(errors))
	case warnings > 0:
		return st.Warning.Render(glyphWarning + badgeCount(warnings))
	}
	return st.Dim.Render(glyphOK)
}

// countsBadgeWidth is a counts badge's slot: a glyph and three cells.
const countsBadgeWidth = 4

// badgeCount writes n in at most three cells.
func badgeCount(n int) string {
	if n > 999 {
		return "1k+"
	}
	return fmt.Sprint(n)
}

func (t *lintTab) SetSize(w, h int) { t.setSize(w, h); t.redraw(true) }

func (t *lintTab) SetEntry(e *Entry, same bool) tea.Cmd {
	var prev *model.Diagnostic
	if same && t.sel < len(t.diags) {
		d := t.diags[t.sel]
		prev = &d
	}
	t.entry = e
	t.diags, t.nlib, t.heads, t.build = nil, 0, nil, ""
	if b, ok := t.c.Library.(buildFailures); ok && e != nil {
		if err := b.BuildFailure(e); err != nil {
			t.build = err.Error()
		}
	}
	if e != nil {
		t.diags = sortedFindings(e.Skill.Diagnostics)
		if t.c.Library != nil {
			t.heads = map[int]string{}
			if lib := sortedFindings(t.c.Library.SourceFindings(e)); len(lib) > 0 {
				t.heads[len(t.diags)] = "about the source " + sanitize.Line(e.Source) + ", not this skill"
				t.diags = append(t.diags, lib...)
				t.nlib += len(lib)
			}
			if u, ok := t.c.Library.(unlistedSources); ok {
				for _, sf := range u.UnlistedSourceFindings() {
					t.heads[len(t.diags)] = "about " + sanitize.Line(sf.label) + ", which lists no skill"
					lib := sortedFindings(sf.findings)
					t.diags = append(t.diags, lib...)
					t.nlib += len(lib)
				}
			}
		}
	}
	switch {
	case !same:
		t.sel = 0
	case prev != nil:
		// Stay on the same finding if it is still there (its line may
		// have moved), else on the one now at its place.
		i := slices.IndexFunc(t.diags, func(d model.Diagnostic) bool {
			return d.Rule == prev.Rule && d.File == prev.File && d.Message == prev.Message
		})
		if i >= 0 {
			t.sel = i
		}
	}
	t.sel = max(min(t.sel, len(t.diags)-1), 0)
	t.redraw(same)
	return nil
}

// unlistedSources gives the findings about sources no listed skill comes
// from. The status bar counts them and sends the user to the Lint tab,
// so every skill's Lint tab shows them: a first run in a folder whose only
// SKILL.md sits in node_modules fell back to the examples, and the one
// finding saying why was in no tab at all.
type unlistedSources interface {
	UnlistedSourceFindings() []sourceFindings
}

// sourceFindings are one source's own findings, with its label.
type sourceFindings struct {
	label    string
	findings []model.Diagnostic
}

// buildFailures is the studio's record of failed .xgs.js builds.
type buildFailures interface {
	// BuildFailure is why e's last build failed; nil when it did not.
	BuildFailure(e *Entry) error
}

// sortedFindings orders errors first, then warnings, then infos; within
// one severity by file, line and rule.
func sortedFindings(ds []model.Diagnostic) []model.Diagnostic {
	out := slices.Clone(ds)
	model.SortDiagnostics(out)
	slices.SortStableFunc(out, func(a, b model.Diagnostic) int { return cmp.Compare(b.Severity, a.Severity) })
	return out
}

func (t *lintTab) redraw(keep bool) {
	if t.entry == nil || t.width <= 0 {
		return
	}
	content, spans := lintContent(t.c.Styles, t.entry, t.diags, t.nlib, t.heads, t.sel, t.width, t.build)
	t.spans = spans
	t.setContent(content, keep)
	t.ensureVisible()
}

func (t *lintTab) ensureVisible() {
	if t.sel >= len(t.spans) {
		return
	}
	sp := t.spans[t.sel]
	y, h := t.vp.YOffset(), t.vp.Height()
	switch {
	case sp[0] < y:
		// Show the severity header above the first finding of a group.
		t.vp.SetYOffset(max(sp[0]-1, 0))
	case sp[1] >= y+h:
		t.vp.SetYOffset(min(sp[1]-h+1, sp[0]))
	}
}

func (t *lintTab) Update(msg tea.Msg) tea.Cmd {
	k := t.c.Keys
	if msg, ok := msg.(tea.KeyPressMsg); ok && len(t.diags) > 0 {
		switch {
		case key.Matches(msg, k.Up):
			t.move(t.sel - 1)
			return nil
		case key.Matches(msg, k.Down):
			t.move(t.sel + 1)
			return nil
		case key.Matches(msg, k.Top):
			t.move(0)
			return nil
		case key.Matches(msg, k.Bottom):
			t.move(len(t.diags) - 1)
			return nil
		case key.Matches(msg, k.Edit):
			d := t.diags[t.sel]
			file := d.File
			if file == "" {
				file = t.entry.Skill.Location.File
			}
			return findingCmd(t.entry, file, d.Line, d.Column)
		}
	}
	t.update(msg)
	return nil
}

func (t *lintTab) move(i int) {
	i = max(min(i, len(t.diags)-1), 0)
	if i == t.sel {
		return
	}
	t.sel = i
	t.redraw(true)
}

func (t *lintTab) View() string { return t.view() }

// EditsSelection: e opens the selected finding while there is one.
func (t *lintTab) EditsSelection() bool { return len(t.diags) > 0 }

func (t *lintTab) ShortHelp() []key.Binding {
	k := t.c.Keys
	if len(t.diags) == 0 {
		return nil
	}
	return []key.Binding{k.Down, k.Up, findingKey(k, t.entry)}
}

func (t *lintTab) FullHelp() [][]key.Binding {
	k := t.c.Keys
	if len(t.diags) == 0 {
		// Nothing to select or open: the view only scrolls (and e, the
		// studio's, opens the skill).
		return [][]key.Binding{{k.Down, k.Up, k.PageDown, k.PageUp}}
	}
	return [][]key.Binding{{k.Down, k.Up, k.Top, k.Bottom, findingKey(k, t.entry), k.PageDown, k.PageUp}}
}

// lintContent draws the findings and says where each one's lines are:
// the skill's own come first, grouped by severity; the last nlib are about
// the skill's source (library findings), under their own heading after.
//
// build, when set, is why the last build failed: it goes first, whole,
// since the bundle is what gets installed and lint may not see the cause.
func lintContent(st *Styles, e *Entry, ds []model.Diagnostic, nlib int, heads map[int]string, sel, width int, build string) (string, [][2]int) {
	var lines []string
	spans := make([][2]int, len(ds))
	nown := len(ds) - nlib
	own := ds[:nown]
	if build != "" {
		lines = append(lines, " "+st.Error.Render(glyphError+" BUILD FAILED")+st.Dim.Render(" · the bundle skillstudio build makes"))
		for _, l := range strings.Split(wrap(sanitize.Line(build), max(width-6, 10)), "\n") {
			lines = append(lines, "    "+st.Row.Render(l))
		}
		lines = append(lines, "")
	}
	if len(ds) == 0 && build != "" {
		lines = append(lines, " "+st.Dim.Render("No lint findings: the build error above is the only problem."))
		return strings.Join(lines, "\n"), spans
	}
	if len(ds) == 0 {
		note := "Live lint: edit the skill in any editor and this tab updates."
		if e != nil && !e.Local() {
			// Embedded and remote skills are not watched or edited here.
			note = "This skill is not on this disk: p pulls a copy into this folder to edit."
		}
		lines = append(lines, " "+st.OK.Render(glyphOK+" No problems found."), "")
		lines = append(lines, strings.Split(indent(st.Dim.Render(wrap(note, max(width-2, 10))), " "), "\n")...)
		return strings.Join(lines, "\n"), spans
	}
	errs, warns, infos := model.CountDiagnostics(own)
	summary := fmt.Sprintf(" %s · %s · %s", plural(errs, "error", "errors"), plural(warns, "warning", "warnings"), plural(infos, "info", "infos"))
	if nlib > 0 {
		summary += " · " + plural(nlib, "library finding", "library findings")
	}
	lines = append(lines, st.Dim.Render(summary))
	inner := max(width-6, 10)
	var group model.Severity = -2
	for i, d := range ds {
		dir := e.Skill.Location.Dir
		switch {
		case i >= nown:
			dir = "" // a path in the source, not in the skill
			if h, ok := heads[i]; ok {
				lines = append(lines, "", " "+st.Warning.Render("LIBRARY")+st.Dim.Render(" · "+h))
			}
		case d.Severity != group:
			group = d.Severity
			lines = append(lines, "", " "+st.SeverityStyle(d.Severity).Render(strings.ToUpper(severityHeading(d.Severity))))
		}
		start := len(lines)
		mark := "  "
		if i == sel {
			mark = st.Heading.Render(st.RowCursor) + " "
		}
		glyph := severityGlyph(d.Severity)
		rule := st.SeverityStyle(d.Severity).Render(glyph + " " + sanitize.Line(d.Rule))
		if i == sel {
			rule = st.SeverityStyle(d.Severity).Inherit(st.RowSelected).Render(glyph + " " + sanitize.Line(d.Rule))
		}
		// The place goes on its own line when it does not fit beside the
		// rule, and loses its start rather than its line:col.
		where := sanitize.Line(place(d, dir))
		if head := mark + rule + "  "; ansi.StringWidth(head)+ansi.StringWidth(where) <= width {
			lines = append(lines, head+st.Dim.Render(where))
		} else {
			lines = append(lines, mark+rule, "    "+st.Dim.Render(truncateLeft(where, max(width-4, 10))))
		}
		for _, l := range strings.Split(wrap(sanitize.Line(d.Message), inner), "\n") {
			lines = append(lines, "    "+st.Row.Render(l))
		}
		lines = append(lines, hintLines(st, d.Hint, inner)...)
		spans[i] = [2]int{start, len(lines) - 1}
	}
	if len(own) == 0 {
		lines = append(lines, "", " "+st.OK.Render(glyphOK+" This skill has no problems of its own."))
	}
	return strings.Join(lines, "\n"), spans
}

func severityHeading(s model.Severity) string {
	switch s {
	case model.SeverityError:
		return "errors"
	case model.SeverityWarning:
		return "warnings"
	}
	return "info"
}

// place is file:line:col relative to the skill folder.
func place(d model.Diagnostic, dir string) string {
	f := d.File
	if dir != "." && dir != "" {
		f = strings.TrimPrefix(f, dir+"/")
	}
	f = sanitize.Line(f)
	switch {
	case d.Line > 0 && d.Column > 0:
		return fmt.Sprintf("%s:%d:%d", f, d.Line, d.Column)
	case d.Line > 0:
		return fmt.Sprintf("%s:%d", f, d.Line)
	}
	return f
}

// hintLines are a finding's hint under its message, as the Lint and
// Review tabs show it: "hint" on the first line, wrapped to inner cells.
func hintLines(st *Styles, hint string, inner int) []string {
	if hint == "" {
		return nil
	}
	var lines []string
	for j, l := range strings.Split(wrap(sanitize.Line(hint), inner-6), "\n") {
		lead := "    " + st.Muted.Render("hint ")
		if j > 0 {
			lead = "         "
		}
		lines = append(lines, lead+st.Dim.Render(l))
	}
	return lines
}
