package ui

import (
	"fmt"
	"slices"

	tea "charm.land/bubbletea/v2"

	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/quiz"
	"github.com/skillstudio/skillstudio/sanitize"
)

// The Quiz tab inside the studio: branch actions are performed for real
// (the Read tab scrolled to a section, a reference in the reader, another
// skill's Read tab, each with a back key to the quiz), load-skill resolves
// through the studio's whole library, and while a run keeps a gate closed
// the Read tab shows only what the run has unlocked (bodyGate).
// Alone (`skillstudio quiz` on a terminal) the tab has no studio, so it
// shows what an action opened in its own reader (quiz_reader.go).

// inStudio reports whether the tab runs inside the studio.
func (t *quizTab) inStudio() bool { return t.c.Library != nil }

// studioResolver resolves load-skill by name: the skill itself as the tab
// shows it, then every skill of every source the studio has loaded.
func (t *quizTab) studioResolver() quiz.Resolver {
	self, lib := t.entry, t.c.Library
	return quiz.ResolverFunc(func(name string) (*model.Skill, error) {
		if name == self.Skill.Name {
			return self.Skill, nil
		}
		if e := lib.EntryNamed(name, self); e != nil {
			return e.Skill, nil
		}
		return nil, nil
	})
}

// performInStudio opens what a branch action handed the agent in the
// studio itself; the pane keeps a way back to this tab.
func (t *quizTab) performInStudio(a quiz.ActionResult) tea.Cmd {
	var msg tea.Msg
	switch a.Kind {
	case model.ActionGoto:
		msg = GotoHeadingMsg{Heading: a.Section.Heading, Slug: a.Section.Slug, Return: true}
	case model.ActionLoadReference:
		msg = OpenFileMsg{Path: a.Reference.Path, Return: true}
	case model.ActionLoadSkill:
		m := OpenSkillMsg{Name: a.Skill.Name, Return: true}
		if e := t.c.Library.EntryNamed(a.Skill.Name, t.entry); e != nil && e.Skill == a.Skill.Skill {
			m.ID = e.ID
		}
		msg = m
	default:
		return nil
	}
	return func() tea.Msg { return msg }
}

// bodyGate is what the Read tab may show of a skill while a quiz run keeps
// its body behind a closed gate: the sections the run's goto actions
// unlocked, and why the rest is hidden. A nil *bodyGate means no gate.
type bodyGate struct {
	entryID  int
	reason   string // "gate 1 (Signature prerequisites) is closed"
	sections []quiz.Section
}

// BodyGate is the gate the current run puts on the body, or nil.
func (t *quizTab) BodyGate() *bodyGate { return t.gate }

// refreshGate recomputes the gate after the run moved; it keeps the same
// pointer when nothing changed, so the pane can tell cheaply.
func (t *quizTab) refreshGate() {
	g := t.computeGate()
	if g == nil || t.gate == nil {
		if g != t.gate {
			t.gate = g
		}
		return
	}
	if g.entryID != t.gate.entryID || g.reason != t.gate.reason || !slices.EqualFunc(g.sections, t.gate.sections, func(a, b quiz.Section) bool {
		return a.Line == b.Line && a.Heading == b.Heading
	}) {
		t.gate = g
	}
}

func (t *quizTab) computeGate() *bodyGate {
	if !t.inStudio() || t.run == nil || t.entry == nil || !t.run.BodyLocked() {
		return nil
	}
	tr := t.run.Transcript()
	g := &bodyGate{entryID: t.entry.ID, reason: "a gate is closed"}
	for _, b := range tr.Blocks {
		if b.Gate && b.State != quiz.GateOpen {
			g.reason = fmt.Sprintf("gate %d (%s) is closed", b.Index+1, sanitize.Line(blockTitle(b)))
			break
		}
	}
	seen := map[int]bool{}
	for _, b := range tr.Blocks {
		for _, at := range b.Attempts {
			for _, an := range at.Answers {
				for _, a := range an.Actions {
					if a.OK && a.Kind == model.ActionGoto && a.Section != nil && !seen[a.Section.Line] {
						seen[a.Section.Line] = true
						g.sections = append(g.sections, *a.Section)
					}
				}
			}
		}
	}
	slices.SortFunc(g.sections, func(a, b quiz.Section) int { return a.Line - b.Line })
	return g
}
