package ui

import (
	"fmt"
	"sync/atomic"

	tea "charm.land/bubbletea/v2"

	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/quiz"
)

// quizReader shows what a branch action handed the agent (the section a
// goto lands on, a reference file, another skill's body) rendered by
// glamour inside the Quiz tab when it runs alone (`skillstudio quiz` on
// a terminal), where there is no Read tab to open them in; the back key
// returns to the question.
type quizReader struct {
	c        *Common
	id       int
	title    string
	markdown string
	action   quiz.ActionResult
	scroll   scrollView
	width    int
	ready    bool
	err      string
}

// quizRenderedMsg brings a reader's rendering back to the loop.
type quizRenderedMsg struct {
	id, width int
	out       string
	err       error
}

// quizReaderSeq numbers quiz readers; atomic, as the tests run studios
// side by side.
var quizReaderSeq atomic.Int64

func newQuizReader(c *Common, title, markdown string, a quiz.ActionResult, w, h int) *quizReader {
	r := &quizReader{c: c, id: int(quizReaderSeq.Add(1)), title: title, markdown: markdown, action: a, scroll: newScrollView(c)}
	r.setSize(w, h)
	return r
}

// readerChrome is the title line and the rule under it.
const readerChrome = 2

func (r *quizReader) setSize(w, h int) {
	r.scroll.setSize(w, max(h-readerChrome, 1))
}

// render renders at the current width off the update loop.
func (r *quizReader) render() tea.Cmd {
	id, md, w, style := r.id, r.markdown, r.scroll.width, r.c.Theme.GlamourStyle()
	r.width = w
	return func() tea.Msg {
		out, err := RenderMarkdown(md, w, style)
		return quizRenderedMsg{id: id, width: w, out: out, err: err}
	}
}

func (r *quizReader) apply(msg quizRenderedMsg) {
	if msg.id != r.id || msg.width != r.width {
		return
	}
	r.ready = true
	if msg.err != nil {
		r.err = msg.err.Error()
		return
	}
	r.scroll.setContent(msg.out, false)
}

func (r *quizReader) view(width, height int) string {
	st := r.c.Styles
	head := " " + st.Heading.Render(r.title) + "  " + st.Dim.Render(r.scroll.scrollHint())
	rule := st.Dim.Render(" " + repeatRune('─', max(width-2, 0)))
	body := ""
	switch {
	case r.err != "":
		body = st.Error.Render(" Could not render: " + r.err)
	case !r.ready:
		body = st.Dim.Render(" Rendering…")
	default:
		body = r.scroll.view()
	}
	return fitLines(fit(head, width)+"\n"+rule+"\n"+body, width, height)
}

func repeatRune(r rune, n int) string {
	out := make([]rune, n)
	for i := range out {
		out[i] = r
	}
	return string(out)
}

// openAction opens a resolved branch action in the reader.
func (t *quizTab) openAction(a quiz.ActionResult) tea.Cmd {
	var title, md string
	switch a.Kind {
	case model.ActionGoto:
		title, md = "goto · "+a.Section.Heading, a.Section.Text
	case model.ActionLoadReference:
		title, md = "load-reference · "+a.Reference.Path, a.Reference.Content
		if !isMarkdownPath(a.Reference.Path) {
			md = "```\n" + a.Reference.Content + "\n```\n"
		}
	case model.ActionLoadSkill:
		title = fmt.Sprintf("load-skill · %s (%s)", a.Skill.Name, a.Skill.Format.Label())
		md = "# " + a.Skill.Name + "\n\n" + a.Skill.Description + "\n"
		if a.Skill.Skill != nil && a.Skill.Skill.Body != "" {
			md = a.Skill.Skill.Body
		}
	default:
		return nil
	}
	t.reader = newQuizReader(t.c, sanitizeTitle(title), md, a, t.width, t.height)
	return t.reader.render()
}

// openBody shows the whole body once every gate is open.
func (t *quizTab) openBody() tea.Cmd {
	s := t.entry.Skill
	t.reader = newQuizReader(t.c, sanitizeTitle(s.Name+" · body unlocked"), s.Body, quiz.ActionResult{}, t.width, t.height)
	return t.reader.render()
}

// refresh re-renders an open reader after a resize or a theme change.
func (t *quizTab) refresh() tea.Cmd {
	if t.reader == nil {
		return nil
	}
	t.reader.ready = false
	return t.reader.render()
}

func isMarkdownPath(p string) bool {
	for _, ext := range []string{".md", ".markdown", ".mdx", ".txt"} {
		if len(p) >= len(ext) && p[len(p)-len(ext):] == ext {
			return true
		}
	}
	return false
}
