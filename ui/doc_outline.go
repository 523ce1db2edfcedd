package ui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/skillstudio/skillstudio/sanitize"
)

// docOutline is the reader's heading list (`t`): the outline skillmd
// gives the rendered document (the same one ]/[ and a quiz's goto use),
// indented by level; enter jumps to the heading by its identity (its
// place in the outline, so two headings of one name are two entries),
// esc closes it. It opens on the heading the reader is in.
type docOutline struct {
	c    *Common
	open bool
	cur  int
	top  int
}

// captures says whether the outline wants msg: all keys while open.
func (o *docOutline) captures(msg tea.KeyPressMsg) bool {
	return o.open || key.Matches(msg, o.c.Keys.Outline)
}

// toggle opens the outline on the heading at or above line y.
func (o *docOutline) toggle(doc *renderedDoc, y int) {
	if o.open || doc == nil || len(doc.outline.Headings) == 0 {
		o.open = false
		return
	}
	o.open, o.cur, o.top = true, 0, 0
	for i, l := range doc.headings {
		if i < len(doc.outline.Headings) && l <= y {
			o.cur = i
		}
	}
}

// handle acts on a key while open; it returns the line to scroll to, or
// -1.
func (o *docOutline) handle(msg tea.KeyPressMsg, doc *renderedDoc) int {
	k := o.c.Keys
	if doc == nil {
		o.open = false
		return -1
	}
	n := min(len(doc.outline.Headings), len(doc.headings))
	switch {
	case key.Matches(msg, k.Outline), key.Matches(msg, k.ClearSearch), msg.Code == 'q':
		o.open = false
	case key.Matches(msg, k.Down):
		o.cur = min(o.cur+1, n-1)
	case key.Matches(msg, k.Up):
		o.cur = max(o.cur-1, 0)
	case key.Matches(msg, k.Top):
		o.cur = 0
	case key.Matches(msg, k.Bottom):
		o.cur = n - 1
	case msg.Code == tea.KeyEnter:
		o.open = false
		if o.cur >= 0 && o.cur < n {
			return doc.headings[o.cur]
		}
	}
	return -1
}

// view draws the list in a box of width × height.
func (o *docOutline) view(doc *renderedDoc, width, height int) string {
	st := o.c.Styles
	hs := doc.outline.Headings
	n := min(len(hs), len(doc.headings))
	rows := max(height-1, 1)
	if o.cur < o.top {
		o.top = o.cur
	}
	if o.cur >= o.top+rows {
		o.top = o.cur - rows + 1
	}
	var b strings.Builder
	b.WriteString(st.Bold.Render(fmt.Sprintf(" Outline · %s", plural(n, "heading", "headings"))))
	for i := o.top; i < min(n, o.top+rows); i++ {
		h := hs[i]
		line := strings.Repeat("  ", max(h.Level-1, 0)) + sanitize.Line(h.Text)
		row := fit("  "+line, width)
		if i == o.cur {
			row = st.RowSelected.Render(fit("▌ "+line, width))
		}
		b.WriteString("\n" + row)
	}
	return b.String()
}
