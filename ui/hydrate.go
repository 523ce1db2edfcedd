package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/registry"
)

// A library of 10,000 skills held whole is mostly parsed documents,
// bodies and schemas nobody is looking at. So a local skill is kept slim
// (formats.Slim: what rows, filters, the library checks and the listing
// read, and its findings), and the one the skill pane shows is read again
// whole in the background and its views grafted onto what the library
// shows. Moving on drops them again. Remote skills stay whole: reading one
// again may mean fetching it.

// skillHydratedMsg brings a whole read of an entry's skill.
type skillHydratedMsg struct {
	id   int
	from *model.Skill // the slim skill the read was asked for
	full *model.Skill
}

// slimmable: the entry's files can be read again cheaply and safely.
func (e *Entry) slimmable() bool {
	return e.Base.Local || e.Base.Source == registry.EmbeddedSource
}

// adopt makes full, a reader's result, the entry's loaded skill: slim when
// the entry can be read again, with full kept as its view when shown.
func (e *Entry) adopt(full *model.Skill, shown bool) {
	e.hasFunctions = len(full.Functions) > 0
	e.view, e.hydrating = nil, nil
	if !e.slimmable() {
		e.loaded, e.slim = full, false
		return
	}
	e.loaded, e.slim = formats.Slim(full), true
	if shown {
		e.view = full
	}
}

// hasFunctionsAtAll: the skill has functions, slim or not.
func (e *Entry) hasFunctionsAtAll() bool {
	return e.hasFunctions || (e.Skill != nil && len(e.Skill.Functions) > 0)
}

// withViews is s with the views of the whole read v, or s when v is nil.
func withViews(s, v *model.Skill) *model.Skill {
	if v == nil || s == nil {
		return s
	}
	c := *s
	c.Body, c.BodyFile, c.BodyLine = v.Body, v.BodyFile, v.BodyLine
	c.Functions, c.Fields, c.Doc = v.Functions, v.Fields, v.Doc
	return &c
}

// hydrate returns the command that reads a slim entry whole, or nil when
// it has its views or a read is under way.
func (e *Entry) hydrate(opts model.Options, cfg *model.RuleConfig) tea.Cmd {
	if e == nil || !e.slim || e.view != nil || e.stub || e.loaded == nil || e.hydrating == e.loaded {
		return nil
	}
	e.hydrating = e.loaded
	id, from, cand, src := e.ID, e.loaded, e.Candidate, formats.Source{Base: e.Base, Annotate: e.annotate}
	return func() tea.Msg {
		return skillHydratedMsg{id: id, from: from, full: formats.Read(src, cand, opts, cfg)}
	}
}

// dropView lets go of the views of an entry no longer shown.
func (e *Entry) dropView() {
	if e == nil || e.view == nil {
		return
	}
	e.view, e.hydrating = nil, nil
	e.Skill = e.checked
}

// onSkillHydrated grafts the views on, if the entry is still shown and
// still the skill the read was for (a re-read in between brings its own).
func (m *Model) onSkillHydrated(msg skillHydratedMsg) tea.Cmd {
	e := m.entries[msg.id]
	if e == nil || e.hydrating != msg.from {
		return nil
	}
	e.hydrating = nil
	if e.loaded != msg.from || m.skill.entry != e {
		return nil
	}
	e.hasFunctions = len(msg.full.Functions) > 0
	e.view = msg.full
	e.Skill = withViews(e.checked, e.view)
	return m.skill.setEntry(e, true)
}
