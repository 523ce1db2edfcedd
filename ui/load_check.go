package ui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/model"
)

// The library checks (formats.Check, the pipeline's second stage) run in
// a command over what the entries hold, and are swapped in by Update.

// libraryCheckedMsg: the library checks ran over a snapshot.
type libraryCheckedMsg struct {
	gen int
	// configApplied is Model.ld.configApplied when the check was asked for.
	configApplied int
	skills        map[int]checkedSkill
	// sources are the index findings per source index.
	sources [][]model.Diagnostic
	// config are Options.ConfigProblems after the check.
	config []model.Diagnostic
}

// checkedSkill is a skill with its library findings, and the reader's
// result it was made from (to drop results a newer re-read replaced).
type checkedSkill struct {
	from, skill *model.Skill
}

// requestCheck runs the library checks, or asks for another run when one
// is already going.
func (m *Model) requestCheck() tea.Cmd {
	if m.ld.checking {
		m.ld.dirty = true
		return nil
	}
	m.ld.checking = true
	m.ld.dirty = false
	m.ld.checkGen++
	gen := m.ld.checkGen
	var ids []int
	var members []formats.Member
	for _, e := range m.lib.entries {
		if !e.stub {
			ids = append(ids, e.ID)
			members = append(members, formats.Member{Source: e.src, Skill: e.loaded})
		}
	}
	sources := make([]*formats.Searched, len(m.ld.sources))
	for i, s := range m.ld.sources {
		if !s.removed {
			sources[i] = s.searched
		}
	}
	opts, cfg, problems := m.readerOptions(), m.opts.Config, m.opts.ConfigProblems
	applied := m.ld.configApplied
	return func() tea.Msg {
		checked := formats.Check(sources, members, opts, cfg)
		out := make(map[int]checkedSkill, len(ids))
		for i, id := range ids {
			out[id] = checkedSkill{from: members[i].Skill, skill: checked.Skills[i]}
		}
		msg := libraryCheckedMsg{gen: gen, configApplied: applied, skills: out, sources: checked.Sources}
		if problems != nil {
			msg.config = problems()
		}
		return msg
	}
}

// onLibraryChecked swaps in the checked skills; the selection, the tab and
// its scroll stay where they were.
func (m *Model) onLibraryChecked(msg libraryCheckedMsg) tea.Cmd {
	m.ld.checking = false
	if msg.gen == m.ld.checkGen {
		for id, cs := range msg.skills {
			e := m.entries[id]
			// A re-read that landed after the snapshot wins; the next
			// check (dirty) brings its library findings.
			if e == nil || e.loaded != cs.from {
				continue
			}
			e.setSkill(cs.skill)
		}
		for i, s := range m.ld.sources {
			if i < len(msg.sources) {
				s.checked = msg.sources[i]
			}
		}
	}
	// A broken nested config is said in the status bar, not only counted:
	// its rules: are not applied until it reads. A check asked for under
	// an older configuration read the nested files as they were then.
	if msg.gen == m.ld.checkGen && msg.configApplied == m.ld.configApplied {
		m.configNotes = msg.config
		line := configProblemLine(m.c.WorkDir, msg.config)
		if line != "" && line != m.nestedErr && strings.HasPrefix(m.status, "Config reloaded") {
			// A nested file edited into a broken one: say where at once,
			// not after the reload's own line is cleared by a key.
			m.setStatus(line, true)
		}
		m.nestedErr = line
	}
	cmds := []tea.Cmd{m.lib.refresh()}
	if sel := m.skill.entry; sel != nil {
		cmds = append(cmds, m.skill.setEntry(sel, true))
	}
	if m.ld.dirty {
		cmds = append(cmds, m.requestCheck())
	}
	return tea.Batch(cmds...)
}
