package ui

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	tea "charm.land/bubbletea/v2"

	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/registry"
	"github.com/skillstudio/skillstudio/sanitize"
)

// Loading runs the load pipeline (formats.Stream, then formats.Check),
// the same one the CLI drains: each source streams its skills in batches
// from a command that reads one event at a time, and rows appear as each
// batch lands. When everything is read the library checks run once in a
// command, over copies. The update loop only ever files results.

// source is one opened source.
type source struct {
	spec    string
	label   string
	opened  registry.Opened
	reading bool // a local stream is open
	// searching: the open stream's search has not ended yet.
	searching bool
	searched  *formats.Searched
	err       error
	embedded  bool
	// notes are findings about the source itself (search problems, a
	// remote source's rejected entries), counted once; checked are the
	// index findings of the latest library check.
	notes, checked []model.Diagnostic
	// cancel stops the source's stream (local or remote).
	cancel context.CancelFunc
	// Remote sources stream (remote.go): status is their status line,
	// streaming is true until the last event.
	remote    bool
	status    registry.Status
	streaming bool
	// removed: the user removed the source; its index stays taken so
	// entries' src numbers keep their meaning.
	removed bool
}

// loader is the loading state kept by the root model.
type loader struct {
	sources []*source
	total   int
	done    int
	known   map[string]int // source index + candidate path → entry ID
	nextID  int
	// checking is true while a library check runs; dirty asks for another
	// when it returns (a change arrived meanwhile).
	checking, dirty bool
	checkGen        int
	// configGen counts configuration reads (config_reload.go); a result
	// for an older one is dropped.
	configGen int
	// configApplied counts configurations applied (onConfigRead): a
	// library check asked for under an older one does not say what the
	// nested files hold now.
	configApplied int
	// fallback: with no sources named, an empty default folder falls back
	// to the embedded library.
	fallback bool
}

// skillReloadedMsg: one skill was read again after a change.
type skillReloadedMsg struct {
	id    int
	skill *model.Skill
	// gone: the skill's file or folder no longer exists (deleted, or
	// deleted and written anew, as a git checkout or an atomic save does).
	gone bool
}

func reloadCmd(e *Entry, opts model.Options, cfg *model.RuleConfig) tea.Cmd {
	id, cand, src := e.ID, e.Candidate, formats.Source{Base: e.Base, Annotate: e.annotate}
	local, path := e.Base.Local, e.watchPath()
	return func() tea.Msg {
		if local {
			if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
				return skillReloadedMsg{id: id, gone: true}
			}
		}
		return skillReloadedMsg{id: id, skill: formats.Read(src, cand, opts, cfg)}
	}
}

// sourceLabel is how a source is named in group headers and the title.
func sourceLabel(workDir, spec string, embedded bool) string {
	if embedded {
		return "examples (built in)"
	}
	label := displayPath(workDir, spec)
	if label == "." {
		// "about the source ." reads as a typo: name the folder.
		if abs, err := filepath.Abs(spec); err == nil && filepath.Base(abs) != string(filepath.Separator) {
			label = filepath.Base(abs) + " (this folder)"
		}
	}
	return sanitize.Line(label)
}

// startLoading opens every source; it is called once from Init.
func (m *Model) startLoading() tea.Cmd {
	if m.opts.Examples {
		// The embedded library first, then only what was named explicitly.
		cmds := []tea.Cmd{m.addSource(registry.EmbeddedSource, true)}
		for _, spec := range m.opts.Sources {
			cmds = append(cmds, m.addSource(spec, false))
		}
		return tea.Batch(cmds...)
	}
	specs := m.opts.Sources
	if len(specs) == 0 {
		def := m.opts.DefaultSource
		if def == "" {
			def = "."
		}
		specs = []string{def}
		m.ld.fallback = true
	}
	specs = append(slices.Clone(specs), m.opts.ExtraSources...)
	var cmds []tea.Cmd
	for _, spec := range specs {
		cmds = append(cmds, m.addSource(spec, false))
	}
	return tea.Batch(cmds...)
}

func (m *Model) addSource(spec string, embedded bool) tea.Cmd {
	i := len(m.ld.sources)
	s := &source{spec: spec, label: sourceLabel(m.c.WorkDir, spec, embedded), embedded: embedded}
	m.ld.sources = append(m.ld.sources, s)
	if !embedded && m.opts.Remote != nil && registry.IsRemote(spec) {
		return m.startStream(i, s)
	}
	return m.streamLocal(i)
}

// addToLibrary adds skills to the library pane and shows the selected
// skill when that changed: until the user moves, the top row stays
// selected, so a batch can change which skill that is.
func (m *Model) addToLibrary(es ...*Entry) tea.Cmd {
	before := m.lib.Selected()
	cmd := m.lib.add(es...)
	if e := m.lib.Selected(); e != nil && e != before {
		return tea.Batch(cmd, m.skill.setEntry(e, false), m.buildCmd(e))
	}
	return cmd
}
