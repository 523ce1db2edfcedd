package ui

import (
	"fmt"
	"slices"
	"strconv"

	tea "charm.land/bubbletea/v2"

	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/registry"
)

// Live lint: every local skill is watched (registry.Watcher); a change
// re-reads only that skill, then the library checks run again, and the
// row badges and the open tab update in place.

// watchStartedMsg: the watcher is running (or could not start).
type watchStartedMsg struct {
	w      *registry.Watcher
	failed int
	err    error
}

// watchAddedMsg: skills found after the watcher started are watched.
type watchAddedMsg struct{}

// skillsChangedMsg: these skills' files changed on disk; config: a
// configuration file did.
type skillsChangedMsg struct {
	ids    []int
	config bool
}

// startWatching registers every local skill with a new watcher, in a
// command (thousands of inotify watches take a while).
func (m *Model) startWatching() tea.Cmd {
	if !m.opts.Watch {
		return nil
	}
	type target struct {
		id   int
		path string
	}
	var targets []target
	for _, e := range m.lib.entries {
		if e.Base.Local {
			targets = append(targets, target{e.ID, e.watchPath()})
		}
	}
	configFiles := m.opts.ConfigFiles
	if m.opts.ReloadConfig == nil {
		configFiles = nil
	} else {
		m.nestedSeen = map[string]bool{}
		configFiles = append(slices.Clone(configFiles), nestedConfigFiles(m.lib.entries, m.nestedSeen)...)
	}
	if len(targets) == 0 && len(configFiles) == 0 {
		return nil
	}
	m.watchStarting = true
	return func() tea.Msg {
		w, err := registry.NewWatcher(registry.DefaultDebounce)
		if err != nil {
			return watchStartedMsg{err: err}
		}
		watchConfig(w, configFiles)
		failed := 0
		for _, t := range targets {
			if w.WatchSkill(strconv.Itoa(t.id), t.path) != nil {
				failed++
			}
		}
		return watchStartedMsg{w: w, failed: failed}
	}
}

// watchMore adds skills found by a rescan to the running watcher. When
// there is none yet — the studio began with only embedded or remote skills
// and one was then created (n) or pulled (p) — it starts one.
func (m *Model) watchMore(es []*Entry) tea.Cmd {
	w := m.watcher
	if w == nil {
		switch {
		case !m.opts.Watch || !m.loaded:
			return nil // the first load's startWatching takes them all
		case m.watchStarting:
			m.watchQueue = append(m.watchQueue, es...)
			return nil
		}
		return m.startWatching()
	}
	var ids []int
	var paths []string
	for _, e := range es {
		if e.Base.Local {
			ids, paths = append(ids, e.ID), append(paths, e.watchPath())
		}
	}
	if len(ids) == 0 {
		return nil
	}
	var nested []string
	if m.opts.ReloadConfig != nil && m.nestedSeen != nil {
		nested = nestedConfigFiles(es, m.nestedSeen)
	}
	m.watchAdding++
	return func() tea.Msg {
		for i, id := range ids {
			_ = w.WatchSkill(strconv.Itoa(id), paths[i])
		}
		watchConfig(w, nested)
		return watchAddedMsg{}
	}
}

// waitForChanges blocks in a command until the watcher reports.
func waitForChanges(w *registry.Watcher) tea.Cmd {
	return func() tea.Msg {
		ids, ok := <-w.Changes()
		if !ok {
			return nil
		}
		msg := skillsChangedMsg{ids: make([]int, 0, len(ids))}
		for _, s := range ids {
			if id, err := strconv.Atoi(s); err == nil {
				msg.ids = append(msg.ids, id)
			} else if s == configWatchID {
				msg.config = true
			}
		}
		return msg
	}
}

func (m *Model) onWatchStarted(msg watchStartedMsg) tea.Cmd {
	if msg.err != nil {
		m.watchStarting = false
		m.setStatus("Live lint is off: "+msg.err.Error(), true)
		return nil
	}
	m.watcher, m.watchStarting = msg.w, false
	if msg.failed > 0 {
		m.setStatus(fmt.Sprintf("Live lint is off for %s (the system's file-watch limit?).", plural(msg.failed, "skill", "skills")), true)
	}
	queued := m.watchQueue
	m.watchQueue = nil
	return tea.Batch(waitForChanges(msg.w), m.watchMore(queued))
}

// onSkillsChanged re-reads each changed skill, and keeps listening.
func (m *Model) onSkillsChanged(msg skillsChangedMsg) tea.Cmd {
	cmds := []tea.Cmd{}
	if m.watcher != nil {
		cmds = append(cmds, waitForChanges(m.watcher))
	}
	if msg.config {
		// The whole library is read again with the new configuration,
		// changed skills with it.
		return tea.Batch(append(cmds, m.reloadConfig())...)
	}
	for _, id := range msg.ids {
		if e := m.entries[id]; e != nil {
			cmds = append(cmds, reloadCmd(e, m.readerOptions(), m.opts.Config))
		}
	}
	return tea.Batch(cmds...)
}

// onSkillReloaded shows the re-read skill at once (with its own findings)
// and asks for the library checks, which bring the library-wide ones.
func (m *Model) onSkillReloaded(msg skillReloadedMsg) tea.Cmd {
	e := m.entries[msg.id]
	if e == nil {
		return nil
	}
	if msg.gone {
		return m.dropGone(e)
	}
	// Keep the library findings of the last check until the next arrives,
	// so a badge does not flicker.
	prev := e.loaded
	e.adopt(msg.skill, m.skill.entry == e)
	shown := *e.loaded
	if e.Skill != nil && prev != nil {
		shown.Diagnostics = append(slices0(msg.skill.Diagnostics), libraryOnly(e.Skill.Diagnostics, prev.Diagnostics)...)
	}
	e.setSkill(&shown)
	cmds := []tea.Cmd{m.lib.refresh(), m.requestCheck(), m.buildCmd(e)}
	if m.skill.entry != nil && m.skill.entry.ID == e.ID {
		cmds = append(cmds, m.skill.setEntry(e, true))
	}
	return tea.Batch(cmds...)
}

// libraryOnly returns the findings in all that are not in own (the ones a
// library check added).
func libraryOnly(all, own []model.Diagnostic) []model.Diagnostic {
	if len(all) <= len(own) {
		return nil
	}
	return all[len(own):]
}

func slices0(ds []model.Diagnostic) []model.Diagnostic {
	return append([]model.Diagnostic(nil), ds...)
}

// Close stops the file watcher; call it after the program ends.
func (m *Model) Close() error {
	if m.watcher != nil {
		return m.watcher.Close()
	}
	return nil
}

// dropGone takes a deleted skill out of the library (no ghost row) and
// searches its source again: a skill deleted and written anew (a git
// checkout, an editor's atomic save of a folder) comes back as a fresh
// row, read and watched anew.
func (m *Model) dropGone(e *Entry) tea.Cmd {
	m.noteGoneShown(e)
	delete(m.entries, e.ID)
	delete(m.ld.known, remoteKey(e.src, e.Candidate.Path))
	m.lib.entries = slices.DeleteFunc(m.lib.entries, func(x *Entry) bool { return x.ID == e.ID })
	m.lib.matches = slices.DeleteFunc(m.lib.matches, func(l libLine) bool { return l.e != nil && l.e.ID == e.ID })
	cmds := []tea.Cmd{m.lib.refresh(), m.requestCheck()}
	if s := m.ld.sources[e.src]; s.err == nil && !s.embedded && !s.remote && !s.removed {
		cmds = append(cmds, m.streamLocal(e.src))
	}
	return tea.Batch(cmds...)
}
