package ui

import (
	"encoding/json"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/sanitize"
)

// functionsTab lists what a skill exports: ★ the primary first, each with
// its signature, invocation snippet, schemas as trees and examples.
type functionsTab struct {
	scrollView
	entry *Entry
}

func newFunctionsTab(c *Common) *functionsTab { return &functionsTab{scrollView: newScrollView(c)} }

func (t *functionsTab) Title() string         { return "Functions" }
func (t *functionsTab) ShortTitle() string    { return "Func" }
func (t *functionsTab) Badge(*Entry) string   { return "" }
func (t *functionsTab) BadgeWidth(*Entry) int { return 0 }

// Applies: xgs and OS Loop skills export functions; SKILL.md ones do not
// (unless a reader found some).
func (t *functionsTab) Applies(e *Entry) bool {
	return e != nil && (e.Candidate.Format != model.FormatSkillMD || e.hasFunctionsAtAll())
}

func (t *functionsTab) SetSize(w, h int) { t.setSize(w, h); t.redraw(true) }

func (t *functionsTab) SetEntry(e *Entry, same bool) tea.Cmd {
	t.entry = e
	t.redraw(same)
	return nil
}

func (t *functionsTab) redraw(keep bool) {
	if t.entry == nil || t.width <= 0 {
		return
	}
	var fns []model.Function
	if sk := t.entry.Skill; sk != nil {
		fns = sk.Functions
	}
	if len(fns) == 0 {
		t.setContent(noFunctions(t.c.Styles, t.entry.Skill, t.width), keep)
		return
	}
	t.setContent(functionsContent(t.c.Styles, fns, t.width), keep)
}

func (t *functionsTab) Update(msg tea.Msg) tea.Cmd { t.update(msg); return nil }
func (t *functionsTab) View() string               { return t.view() }
func (t *functionsTab) ShortHelp() []key.Binding   { return t.shortHelp() }
func (t *functionsTab) FullHelp() [][]key.Binding  { return t.fullHelp() }

// primaryFirst orders functions ★ first, the rest in source order.
func primaryFirst(fns []model.Function) []model.Function {
	out := slices.Clone(fns)
	slices.SortStableFunc(out, func(a, b model.Function) int {
		switch {
		case a.Primary && !b.Primary:
			return -1
		case b.Primary && !a.Primary:
			return 1
		}
		return 0
	})
	return out
}

// noFunctions says why the tab is empty. A skill whose code has an error
// (a save with a syntax error, while it is being edited) has functions the
// reader could not get to: the error is named, with where to fix it,
// rather than "No functions found" and how to write some.
func noFunctions(st *Styles, sk *model.Skill, width int) string {
	text := "No functions found. An .xgs.js skill exports them with defineSkill({ name: fn({…}) }); an OS Loop skill's module.ts exports execute."
	if sk != nil {
		for _, d := range sk.Diagnostics {
			if codeUnreadable[d.Rule] {
				text = "No functions could be read: " + place(d, sk.Location.Dir) + ": " + strings.TrimRight(sanitize.Line(d.Message), ".") +
					". They come back here once it is fixed; the Lint tab lists every error."
				break
			}
		}
	}
	return indent(st.Dim.Render(wrap(text, max(width-2, 10))), " ")
}

// codeUnreadable are the rules whose finding means the reader could not
// get to a skill's functions at all.
var codeUnreadable = map[string]bool{
	"xgs/syntax": true, "xgs/build-error": true, "xgs/define-skill": true, "xgs/encoding": true, "xgs/unreadable": true,
	"osloop/module-syntax": true, "osloop/module-missing": true, "osloop/execute-export": true,
}

func functionsContent(st *Styles, fns []model.Function, width int) string {
	var b strings.Builder
	for i, f := range primaryFirst(fns) {
		if i > 0 {
			b.WriteString("\n")
		}
		star := "  "
		if f.Primary {
			star = st.Star.Render(glyphStar) + " "
		}
		title := star + st.Heading.Render(sanitize.Line(f.Name))
		if f.Primary {
			title += st.Dim.Render("  primary")
		}
		b.WriteString(" " + title + "\n")
		inner := max(width-4, 10)
		if f.Summary != "" {
			b.WriteString(indent(st.Row.Render(wrap(sanitize.Line(f.Summary), inner)), "   ") + "\n")
		}
		if f.Signature != "" {
			b.WriteString(indent(st.Code.Render(wrap(sanitize.Line(f.Signature), inner)), "   ") + "\n")
		}
		if f.Invocation != "" {
			b.WriteString(indent(st.Dim.Render("› ")+st.Code.Render(wrap(sanitize.Line(f.Invocation), inner-2)), "   ") + "\n")
		}
		for _, sc := range []struct {
			label string
			raw   json.RawMessage
		}{{"input", f.Input}, {"output", f.Output}} {
			if len(sc.raw) == 0 {
				continue
			}
			b.WriteString("   " + st.Bold.Render(sc.label) + "\n")
			b.WriteString(schemaView(st, sc.raw, "   ", width) + "\n")
		}
		if len(f.Examples) > 0 {
			b.WriteString("   " + st.Bold.Render("examples") + "\n")
			for _, ex := range f.Examples {
				line := compactJSON(ex.Args)
				if ex.Note != "" {
					line += "  — " + sanitize.Line(ex.Note)
				}
				for j, l := range strings.Split(wrap(line, inner-2), "\n") {
					lead := "   • "
					if j > 0 {
						lead = "     "
					}
					b.WriteString(lead + st.Row.Render(l) + "\n")
				}
				if len(ex.Returns) > 0 {
					for _, l := range strings.Split(wrap("→ "+compactJSON(ex.Returns), inner-2), "\n") {
						b.WriteString("     " + st.Dim.Render(l) + "\n")
					}
				}
			}
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

// schemaView draws a schema tree under lead, wrapping descriptions onto
// continuation lines that keep the tree's rails.
func schemaView(st *Styles, raw json.RawMessage, lead string, width int) string {
	lines, err := schemaTree(raw)
	if err != nil {
		return lead + st.Error.Render("invalid JSON Schema: "+sanitize.Line(err.Error()))
	}
	var b strings.Builder
	for _, l := range lines {
		head := lead + st.Dim.Render(l.prefix)
		if l.name != "" {
			head += st.Key.Render(sanitize.Line(l.name)) + "  "
		}
		head += st.Code.Render(sanitize.Line(l.typ))
		if l.extra != "" {
			head += "  " + st.Dim.Render(sanitize.Line(l.extra))
		}
		desc := sanitize.Line(l.desc)
		if desc == "" {
			b.WriteString(head + "\n")
			continue
		}
		inline := head + st.Dim.Render(" — "+desc)
		if ansi.StringWidth(inline) <= width {
			b.WriteString(inline + "\n")
			continue
		}
		b.WriteString(head + "\n")
		rail := lead + railOf(l.prefix) + "   "
		for _, dl := range strings.Split(wrap(desc, max(width-ansi.StringWidth(rail), 10)), "\n") {
			b.WriteString(st.Dim.Render(rail+dl) + "\n")
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

// railOf turns a line's tree prefix into the prefix of its continuation
// lines: branches become rails or blanks.
func railOf(prefix string) string {
	prefix = strings.ReplaceAll(prefix, "├─ ", "│  ")
	return strings.ReplaceAll(prefix, "└─ ", "   ")
}
