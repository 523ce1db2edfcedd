package ui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/skillstudio/skillstudio/model"
)

// The skill the pane shows goes away on disk. Before, its row was dropped
// and the pane silently showed whichever skill the library's cursor fell
// on, so an author who renamed the file they were editing found another
// skill in front of them without a word. Now the status bar says the
// file is gone, the library takes the focus, and when the rescan of its
// source finds a skill of the same name and format (a rename, a moved
// folder, an editor's delete-and-write save) that skill opens again on
// the tab that was showing.

// goneShown is the skill the pane showed when its file went away.
type goneShown struct {
	src    int
	name   string
	format model.Format
	file   string // where it was, as the status bar shows paths
	tab    string
	status string // what the status bar said about it
}

// noteGoneShown remembers e when the pane shows it, just before its row
// is dropped.
func (m *Model) noteGoneShown(e *Entry) {
	if m.skill.entry == nil || m.skill.entry.ID != e.ID || e.Skill == nil {
		return
	}
	g := &goneShown{
		src:    e.src,
		name:   e.Skill.Name,
		format: e.Skill.Format,
		file:   displayPath(m.c.WorkDir, mainFile(e)),
		tab:    m.skill.tabs[m.skill.active].Title(),
	}
	g.status = fmt.Sprintf("%s is gone from disk (deleted or renamed).", g.file)
	m.followGone = g
	m.setStatus(g.status, true)
	if m.focus == focusSkill {
		m.focus = focusLibrary
		m.syncFocus()
	}
}

// followRenamed opens, among skills a batch brought in, the one that
// replaces the skill that went away.
func (m *Model) followRenamed(entries []*Entry) tea.Cmd {
	g := m.followGone
	if g == nil {
		return nil
	}
	for _, e := range entries {
		if e.src != g.src || e.Skill == nil || e.stub || e.Skill.Name != g.name || e.Skill.Format != g.format {
			continue
		}
		m.followGone = nil
		if m.lib.query != "" { // as for a new skill: the filter's answer is not back yet
			m.lib.filter.SetValue("")
			m.lib.setQuery("")
		}
		m.lib.selected = e.ID
		m.lib.rebuild()
		m.focus = focusSkill
		m.syncFocus()
		file := displayPath(m.c.WorkDir, mainFile(e))
		switch {
		case file != g.file:
			m.setStatus(fmt.Sprintf("%s moved to %s; it is open again.", g.file, file), false)
		case m.status == g.status:
			m.setStatus("", false) // written anew where it was: nothing to say
		}
		return tea.Batch(m.skill.setEntry(e, false), m.skill.showTab(g.tab), m.buildCmd(e))
	}
	return nil
}

// mainFile is the file that holds e (SKILL.md, the .xgs.js, manifest.json).
func mainFile(e *Entry) string {
	if e.Skill != nil && e.Skill.Location.File != "" {
		return e.Skill.Location.Path(e.Skill.Location.File)
	}
	return e.watchPath()
}
