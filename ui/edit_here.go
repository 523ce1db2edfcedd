package ui

import (
	tea "charm.land/bubbletea/v2"
)

// `e` opens a skill's file in $EDITOR: from the library, the selected
// skill's main file; from the Read tab, the document shown (the body's
// file or a reference) at the line of the section on screen. The Lint
// tab keeps its own `e`: the finding's file and line.

// editTarget is the file the Read tab shows and the line in it of the
// heading at or above the top of the screen (1 when there is none).
func (t *readTab) editTarget() (fsPath string, line int) {
	d := t.top()
	if d == nil || t.entry == nil || t.entry.Skill == nil {
		return "", 0
	}
	s := t.entry.Skill
	fsPath, first := d.fsPath, 1
	if fsPath == "" {
		fsPath, first = s.BodyFile, max(s.BodyLine, 1)
		if fsPath == "" {
			fsPath = s.Location.File
		}
	}
	line = first
	if t.doc != nil && len(d.sectionAt) == 0 { // a gated body is not the file
		y := t.vp.YOffset()
		for i, at := range t.doc.headings {
			if i < len(t.doc.outline.Headings) && at <= y {
				line = first + t.doc.outline.Headings[i].Line - 1
			}
		}
	}
	return fsPath, line
}

// editSelected opens the editor for the focused place.
func (m *Model) editSelected() tea.Cmd {
	if m.focus == focusSkill {
		rt, i := m.skill.readTab()
		if rt != nil && i == m.skill.active && m.skill.entry != nil {
			if p, line := rt.editTarget(); p != "" {
				return openEditorCmd(m.skill.entry, p, line)
			}
		}
	}
	e := m.lib.Selected()
	if m.focus == focusSkill && m.skill.entry != nil {
		e = m.skill.entry
	}
	if e == nil || e.Skill == nil || e.stub {
		return nil
	}
	return openEditorCmd(e, e.Skill.Location.File, 1)
}

// selectionEditor is a tab whose own e opens what it has selected: the
// finding's line (Lint, Review), the file (Files); it claims e only while
// something is selected.
type selectionEditor interface{ EditsSelection() bool }

// tabEditsSelection reports whether the tab shown takes e for itself. On
// every other tab e opens the skill, as it does from the library: it did
// nothing at all on Info, Functions, Agent, Files and a clean Lint tab.
func (p *skillPane) tabEditsSelection() bool {
	if p.entry == nil {
		return false
	}
	f, ok := p.tabs[p.active].(selectionEditor)
	return ok && f.EditsSelection()
}
