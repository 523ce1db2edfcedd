package ui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
)

// The Read tab under a quiz gate: while a run in the Quiz tab keeps the
// body behind a closed gate, the reader shows the body as the agent would
// meet it — only the sections the run's goto actions unlocked, under a
// notice saying why the rest is hidden. Outside a run (and once every gate
// is open) it shows the whole skill, as an author or reviewer wants.

// gatedSuffix marks the ID of a gated body document.
const gatedSuffix = ":gated"

// setGate applies the gate the Quiz tab's run puts on a skill's body (nil:
// none) and redraws the body when it concerns the skill shown.
func (t *readTab) setGate(g *bodyGate) tea.Cmd {
	old := t.gate
	t.gate = g
	if t.entry == nil || len(t.stack) == 0 {
		return nil
	}
	id := t.entry.ID
	if (old == nil || old.entryID != id) && (g == nil || g.entryID != id) {
		return nil
	}
	t.stack[0] = t.bodyFor(t.entry)
	if len(t.stack) > 1 {
		return nil // shown when the user comes back to the body
	}
	t.restore, t.link = 0, -1
	return t.request()
}

// bodyFor is the body document for e: gated while a run hides it.
func (t *readTab) bodyFor(e *Entry) *readerDoc {
	d := bodyDoc(e)
	g := t.gate
	if g == nil || g.entryID != e.ID {
		return d
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**▧ Body locked by the quiz run:** %s, so an agent has not read it yet. ", g.reason)
	if len(g.sections) == 0 {
		b.WriteString("Nothing of it is unlocked so far. ")
	} else {
		b.WriteString("Below is only what the run has unlocked. ")
	}
	fmt.Fprintf(&b, "*(%s in the Quiz tab ends the run.)*\n\n", t.c.Keys.QuizEnd.Help().Key)
	if len(g.sections) == 0 {
		b.WriteString("*A wrong or right answer whose branch says `goto` unlocks a section here.*\n")
	}
	// Written as the reader will render it (readerMarkdown), so the offsets
	// noted here are offsets in what the reader reads.
	d.sectionAt = map[string]int{}
	notice := readerMarkdown(b.String())
	b.Reset()
	b.WriteString(notice)
	for _, s := range g.sections {
		d.sectionAt[s.Slug] = b.Len()
		b.WriteString(readerMarkdown(strings.TrimSpace(s.Text)))
		b.WriteString("\n\n")
	}
	d.id += gatedSuffix
	d.title += " (locked)"
	d.markdown = b.String()
	return d
}
