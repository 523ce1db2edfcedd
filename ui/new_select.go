package ui

import (
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/skillstudio/skillstudio/config"
	"github.com/skillstudio/skillstudio/internal/pathname"
)

// The studio's side of the new-skill wizard: `n` opens it (newSkillScreen),
// and once a skill is written the studio reads it — a rescan of the source
// it was written into, or a new source when it lies outside every source —
// then selects it and opens its Read tab as soon as it has been read.

// newSkillScreen is the NewSkill key's screen (listed in tabs.go).
func newSkillScreen(c *Common, ctx ScreenContext) Screen {
	base := ctx.Dir
	if base == "" {
		base = c.WorkDir
	}
	return newWizard(c, NewSkillRequest{Base: base, UserTemplates: config.TemplatesDir()})
}

// onNewSkillWritten remembers which skill to open and makes the library
// read it.
func (m *Model) onNewSkillWritten(msg NewSkillWrittenMsg) tea.Cmd {
	p := msg.Plan
	m.pendingNew = cleanAbs(p.Main)
	status := "Created " + p.Values.Name + ": " + strings.Join(p.NextSteps(func(s string) string { return displayPath(m.c.WorkDir, s) })[1:2], "")
	m.setStatus(status, false)
	for _, s := range m.ld.sources {
		if s.err == nil && s.opened.Base.Local && within(cleanAbs(s.opened.Base.Root), m.pendingNew) {
			return func() tea.Msg { return RescanMsg{} }
		}
	}
	target := p.Target
	return func() tea.Msg { return AddSourceMsg{Spec: target} }
}

// selectPendingNew selects the new skill once a batch brought it in.
func (m *Model) selectPendingNew(entries []*Entry) tea.Cmd {
	if m.pendingNew == "" {
		return nil
	}
	for _, e := range entries {
		if !e.Base.Local || cleanAbs(e.Skill.Location.Path(e.Skill.Location.File)) != m.pendingNew {
			continue
		}
		m.pendingNew = ""
		if m.lib.query != "" {
			m.lib.filter.SetValue("")
			m.lib.setQuery("")
		}
		m.lib.selected = e.ID
		m.lib.rebuild()
		m.focus = focusSkill
		m.syncFocus()
		// The build too: the preview was set here, not by a change of
		// selection, so nothing else starts it ("building…" forever).
		return tea.Batch(m.skill.setEntry(e, false), m.skill.showTab("Read"), m.buildCmd(e))
	}
	return nil
}

// cleanAbs is p absolute, cleaned and with symlinks resolved where it
// exists, so two spellings of one file compare equal.
func cleanAbs(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		p = abs
	}
	if real, err := filepath.EvalSymlinks(p); err == nil {
		return real
	}
	return filepath.Clean(p)
}

// within: p is root or inside it.
func within(root, p string) bool {
	if root == p {
		return true
	}
	_, ok := pathname.Rel(root, p)
	return ok
}
