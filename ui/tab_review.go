package ui

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/registry"
	"github.com/skillstudio/skillstudio/sanitize"
)

// reviewTab shows the security review of a skill: the one-line verdict,
// then every finding, most severe first, at its place in its file with
// the lines around it and hidden characters spelled out (⟨U+202E⟩,
// ⟨tags "…"⟩). The review runs in the background; nothing is executed.
type reviewTab struct {
	scrollView
	entry *Entry
	res   *riskResult
	// order is the findings' display order (indexes into res.Findings).
	order []int
	sel   int
	spans [][2]int
}

func newReviewTab(c *Common) *reviewTab { return &reviewTab{scrollView: newScrollView(c)} }

func (t *reviewTab) Title() string         { return "Review" }
func (t *reviewTab) ShortTitle() string    { return "Rev" }
func (t *reviewTab) Applies(e *Entry) bool { return e != nil && !e.stub }

// Badge is the review's error and warning counts once it has run.
func (t *reviewTab) Badge(e *Entry) string {
	if e == nil {
		return ""
	}
	r := e.riskCurrent()
	if r == nil {
		return ""
	}
	return countsBadge(t.c.Styles, r.Verdict.Errors, r.Verdict.Warnings)
}

func (t *reviewTab) BadgeWidth(*Entry) int { return countsBadgeWidth }

func (t *reviewTab) SetSize(w, h int) { t.setSize(w, h); t.redraw(true) }

func (t *reviewTab) SetEntry(e *Entry, same bool) tea.Cmd {
	t.entry = e
	if !same {
		t.sel = 0
	}
	var cmd tea.Cmd
	t.show(nil)
	if e != nil {
		if r := e.riskCurrent(); r != nil {
			t.show(r)
		} else {
			cmd = reviewEntries(t.c.Rules, []*Entry{e}, true)
		}
	}
	t.redraw(same)
	return cmd
}

// show sets the review and orders its findings: errors, warnings, then
// notes; within one severity by file and line.
func (t *reviewTab) show(r *riskResult) {
	t.res, t.order = r, nil
	if r == nil {
		return
	}
	for i := range r.Findings {
		t.order = append(t.order, i)
	}
	slices.SortStableFunc(t.order, func(a, b int) int {
		return cmp.Compare(r.Findings[b].Severity, r.Findings[a].Severity)
	})
	t.sel = max(min(t.sel, len(t.order)-1), 0)
}

func (t *reviewTab) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case riskReviewedMsg:
		if t.entry != nil {
			if r, ok := msg.reports[t.entry.ID]; ok && r.Skill == t.entry.loaded {
				t.show(&r)
				t.redraw(true)
			}
		}
		return nil // the library follows msg.next
	case tea.KeyPressMsg:
		k := t.c.Keys
		if len(t.order) > 0 {
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
				t.move(len(t.order) - 1)
				return nil
			case key.Matches(msg, k.Edit):
				d := t.res.Findings[t.order[t.sel]]
				return findingCmd(t.entry, cmp.Or(d.File, t.entry.Skill.Location.File), d.Line, d.Column)
			}
		}
	}
	t.update(msg)
	return nil
}

func (t *reviewTab) move(i int) {
	i = max(min(i, len(t.order)-1), 0)
	if i == t.sel {
		return
	}
	t.sel = i
	t.redraw(true)
	if t.sel < len(t.spans) {
		sp := t.spans[t.sel]
		y, h := t.vp.YOffset(), t.vp.Height()
		switch {
		case sp[0] < y:
			t.vp.SetYOffset(max(sp[0]-1, 0))
		case sp[1] >= y+h:
			t.vp.SetYOffset(min(sp[1]-h+1, sp[0]))
		}
	}
}

func (t *reviewTab) View() string { return t.view() }

// EditsSelection: e opens the selected finding while there is one.
func (t *reviewTab) EditsSelection() bool { return len(t.order) > 0 && t.res != nil }

func (t *reviewTab) ShortHelp() []key.Binding {
	if len(t.order) == 0 {
		return nil
	}
	k := t.c.Keys
	return []key.Binding{k.Down, k.Up, findingKey(k, t.entry)}
}

func (t *reviewTab) FullHelp() [][]key.Binding {
	k := t.c.Keys
	if len(t.order) == 0 {
		// Nothing to select or open: the view only scrolls (and e, the
		// studio's, opens the skill).
		return [][]key.Binding{{k.Down, k.Up, k.PageDown, k.PageUp}}
	}
	return [][]key.Binding{{k.Down, k.Up, k.Top, k.Bottom, findingKey(k, t.entry), k.PageDown, k.PageUp}}
}

func (t *reviewTab) redraw(keep bool) {
	if t.entry == nil || t.width <= 0 {
		return
	}
	content, spans := reviewContent(t.c.Styles, t.entry, t.res, t.order, t.sel, t.width)
	t.spans = spans
	t.setContent(content, keep)
}

// reviewContent draws the verdict and the findings, and says where each
// finding's lines are.
func reviewContent(st *Styles, e *Entry, r *riskResult, order []int, sel, width int) (string, [][2]int) {
	inner := max(width-6, 10)
	if r == nil {
		return " " + st.Dim.Render("Reviewing… (reading every file; nothing is run)"), nil
	}
	v := r.Verdict
	verdict := st.OK.Render(glyphOK + " " + v.Line)
	switch {
	case v.Errors > 0:
		verdict = st.Error.Render(glyphError + " " + v.Line)
	case v.Warnings > 0:
		verdict = st.Warning.Render(glyphWarning + " " + v.Line)
	}
	lines := strings.Split(indent(wrap(verdict, max(width-2, 10)), " "), "\n")
	// The header is wrapped, never cut: a narrow pane keeps the source and
	// how to read what follows.
	header := func(style lipgloss.Style, text string) {
		for _, l := range strings.Split(wrap(text, max(width-2, 10)), "\n") {
			lines = append(lines, " "+style.Render(l))
		}
	}
	header(st.Dim, fmt.Sprintf("%s · %s · %s · from %s",
		plural(v.Errors, "error", "errors"), plural(v.Warnings, "warning", "warnings"), plural(v.Infos, "note", "notes"), sanitize.Line(e.Source)))
	header(st.Muted, sanitize.Line(registry.Provenance(r.Skill).Line()))
	header(st.Dim, "Read from the files; nothing was run. Hidden characters are spelled out: ⟨U+…⟩, ⟨tags \"…\"⟩.")
	spans := make([][2]int, len(order))
	var group model.Severity = -2
	dir := e.Skill.Location.Dir
	for i, fi := range order {
		d := r.Findings[fi]
		if d.Severity != group {
			group = d.Severity
			heading := "notes to read"
			if d.Severity >= model.SeverityWarning {
				heading = severityHeading(d.Severity)
			}
			lines = append(lines, "", " "+st.SeverityStyle(d.Severity).Render(strings.ToUpper(heading)))
		}
		start := len(lines)
		mark := "  "
		if i == sel {
			mark = st.Heading.Render(st.RowCursor) + " "
		}
		glyph := severityGlyph(d.Severity)
		ruleStyle := st.SeverityStyle(d.Severity)
		if i == sel {
			ruleStyle = ruleStyle.Inherit(st.RowSelected)
		}
		rule := ruleStyle.Render(glyph + " " + sanitize.Line(d.Rule))
		where := sanitize.Line(place(d, dir))
		if head := mark + rule + "  "; ansi.StringWidth(head)+ansi.StringWidth(where) <= width {
			lines = append(lines, head+st.Dim.Render(where))
		} else {
			lines = append(lines, mark+rule, "    "+st.Dim.Render(truncateLeft(where, max(width-4, 10))))
		}
		for _, l := range strings.Split(wrap(shownLine(d.Message), inner), "\n") {
			lines = append(lines, "    "+st.Row.Render(l))
		}
		if fi < len(r.context) {
			lines = append(lines, contextView(st, r.context[fi], width)...)
		}
		lines = append(lines, hintLines(st, d.Hint, inner)...)
		spans[i] = [2]int{start, len(lines) - 1}
	}
	if len(order) == 0 {
		lines = append(lines, "", " "+st.OK.Render(glyphOK+" The review found nothing to show."))
	}
	return strings.Join(lines, "\n"), spans
}

// contextView draws the lines around a finding, numbered, its own line
// marked; long lines are cut at the pane's edge.
func contextView(st *Styles, ctx []contextLine, width int) []string {
	if len(ctx) == 0 {
		return nil
	}
	numWidth := len(fmt.Sprint(ctx[len(ctx)-1].n))
	var out []string
	for _, l := range ctx {
		num := fmt.Sprintf("%*d │ ", numWidth, l.n)
		room := max(width-6-len(num), 8)
		text := ansi.Truncate(l.text, room, "…")
		if l.hit {
			out = append(out, "    "+st.Warning.Render("▶ ")+st.Muted.Render(num)+st.Row.Render(text))
		} else {
			out = append(out, "      "+st.Dim.Render(num+text))
		}
	}
	return out
}
