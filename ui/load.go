package ui

import (
	"context"
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strconv"

	tea "charm.land/bubbletea/v2"

	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/formats/osloop"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/registry"
	"github.com/skillstudio/skillstudio/sanitize"
)

// Loading streams: each source is searched in a command (formats.Find),
// then its candidates are read in batches of commands (formats.Load), a
// few at a time, and rows appear as each batch lands. When everything is
// read, the library-wide checks run once in a command. The update loop
// only ever files results.

// source is one opened source.
type source struct {
	spec     string
	label    string
	opened   registry.Opened
	found    bool // the latest search returned
	searched bool // a search ever returned
	err      error
	embedded bool
	repos    []formats.Repository
	// notes are findings about the source itself (search problems, a
	// remote source's rejected entries); checked are the index checks of
	// the latest library check.
	notes, checked []model.Diagnostic
	// Remote sources stream (remote.go): cancel stops the stream, status
	// is its status line, streaming is true until the last event.
	remote    bool
	cancel    context.CancelFunc
	status    registry.Status
	streaming bool
	// removed: the user removed the source; its index stays taken so
	// entries' src numbers keep their meaning.
	removed bool
}

// loadJob is one candidate waiting to be read.
type loadJob struct {
	id       int
	src      int
	cand     formats.Candidate
	base     model.Location
	source   string
	annotate func(*model.Skill)
}

// loader is the loading state kept by the root model.
type loader struct {
	sources  []*source
	queue    []loadJob
	inflight int
	total    int
	done     int
	known    map[string]int // source index + candidate path → entry ID
	nextID   int
	// checking is true while a library check runs; dirty asks for another
	// when it returns (a change arrived meanwhile).
	checking, dirty bool
	checkGen        int
	// fallback: with no sources named, an empty default folder falls back
	// to the embedded library.
	fallback bool
}

// sourceFoundMsg: a source was opened and searched.
type sourceFoundMsg struct {
	src    int
	opened registry.Opened
	found  formats.Found
	err    error
}

// batchLoadedMsg: a batch of skills was read.
type batchLoadedMsg struct{ entries []*Entry }

// libraryCheckedMsg: the library-wide checks ran over a snapshot.
type libraryCheckedMsg struct {
	gen    int
	skills map[int]checkedSkill
	// diags are the index checks' findings per source index.
	diags map[int][]model.Diagnostic
}

// checkedSkill is a skill with its library findings, and the reader's
// result it was made from (to drop results a newer re-read replaced).
type checkedSkill struct {
	from, skill *model.Skill
}

// skillReloadedMsg: one skill was read again after a change.
type skillReloadedMsg struct {
	id    int
	skill *model.Skill
}

func findCmd(src int, spec string, open Opener) tea.Cmd {
	return func() tea.Msg {
		o, err := open(spec)
		if err != nil {
			return sourceFoundMsg{src: src, err: err}
		}
		return sourceFoundMsg{src: src, opened: o, found: formats.Find(o.Base.FS, o.Root)}
	}
}

func embeddedFindCmd(src int) tea.Cmd {
	return func() tea.Msg {
		o := registry.Embedded()
		return sourceFoundMsg{src: src, opened: o, found: formats.Find(o.Base.FS, o.Root)}
	}
}

// readSkill is formats.Load with the source's annotations and the
// studio's config applied.
func readSkill(c formats.Candidate, base model.Location, annotate func(*model.Skill), opts model.Options, cfg *formats.Config) *model.Skill {
	s := formats.Load(c, base, opts)
	if annotate != nil {
		annotate(s)
	}
	s.Diagnostics = cfg.Filter(s.Diagnostics)
	return s
}

func loadBatchCmd(jobs []loadJob, opts model.Options, cfg *formats.Config) tea.Cmd {
	return func() tea.Msg {
		out := make([]*Entry, len(jobs))
		for i, j := range jobs {
			s := readSkill(j.cand, j.base, j.annotate, opts, cfg)
			e := &Entry{ID: j.id, Candidate: j.cand, Base: j.base, Source: j.source, src: j.src, annotate: j.annotate, loaded: s}
			e.setSkill(s)
			out[i] = e
		}
		return batchLoadedMsg{entries: out}
	}
}

func reloadCmd(e *Entry, opts model.Options, cfg *formats.Config) tea.Cmd {
	id, cand, base, annotate := e.ID, e.Candidate, e.Base, e.annotate
	return func() tea.Msg {
		return skillReloadedMsg{id: id, skill: readSkill(cand, base, annotate, opts, cfg)}
	}
}

// checkSnapshot is what a library check needs of one entry.
type checkSnapshot struct {
	id     int
	src    int
	loaded *model.Skill
}

// checkLibraryCmd runs the OS Loop index checks and formats.CheckLibrary
// over copies of the skills, so nothing the screen shows is mutated.
func checkLibraryCmd(gen int, snap []checkSnapshot, sources []*source, opts model.Options, cfg *formats.Config) tea.Cmd {
	type repo struct {
		src   int
		base  model.Location
		index string
	}
	var repos []repo
	for i, s := range sources {
		if s.removed {
			continue
		}
		for _, r := range s.repos {
			repos = append(repos, repo{i, s.opened.Base, r.Index})
		}
	}
	return func() tea.Msg {
		bySource := map[int][]model.Diagnostic{}
		lib := &model.Library{Skills: make([]*model.Skill, len(snap))}
		for i, sn := range snap {
			c := *sn.loaded
			c.Diagnostics = slices.Clone(sn.loaded.Diagnostics)
			lib.Skills[i] = &c
		}
		for _, r := range repos {
			dir := path.Dir(r.index)
			var members []*model.Skill
			for i, s := range lib.Skills {
				if snap[i].src == r.src && s.Format == model.FormatOSLoop && path.Dir(s.Location.Dir) == dir {
					members = append(members, s)
				}
			}
			ds := cfg.Filter(osloop.CheckIndex(r.base.FS, r.index, members, opts))
			bySource[r.src] = append(bySource[r.src], ds...)
		}
		formats.CheckLibrary(lib)
		cfg.Apply(lib)
		out := make(map[int]checkedSkill, len(snap))
		for i, sn := range snap {
			out[sn.id] = checkedSkill{from: sn.loaded, skill: lib.Skills[i]}
		}
		return libraryCheckedMsg{gen: gen, skills: out, diags: bySource}
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
	if embedded {
		return embeddedFindCmd(i)
	}
	if m.opts.Remote != nil && registry.IsRemote(spec) {
		return m.startStream(i, s)
	}
	return findCmd(i, spec, m.opts.Open)
}

// onSourceFound queues a searched source's new candidates.
func (m *Model) onSourceFound(msg sourceFoundMsg) tea.Cmd {
	src := m.ld.sources[msg.src]
	src.found = true
	if msg.err != nil {
		src.err = msg.err
		m.setStatus(fmt.Sprintf("Cannot open %s: %s", sanitize.Line(src.spec), sanitize.Line(msg.err.Error())), true)
		return m.afterProgress()
	}
	src.opened = msg.opened
	src.repos = msg.found.Repositories
	if !src.searched {
		// Search problems and source notes count once, not per rescan.
		src.searched = true
		src.notes = append(src.notes, m.opts.Config.Filter(msg.found.Problems)...)
		src.notes = append(src.notes, m.opts.Config.Filter(msg.opened.Notes)...)
	}
	for _, c := range msg.found.Candidates {
		k := strconv.Itoa(msg.src) + "\x00" + c.Path
		if _, ok := m.ld.known[k]; ok {
			continue // a rescan: already in the library
		}
		m.ld.nextID++
		m.ld.known[k] = m.ld.nextID
		m.ld.queue = append(m.ld.queue, loadJob{id: m.ld.nextID, src: msg.src, cand: c, base: msg.opened.Base, source: src.label, annotate: msg.opened.Annotate})
		m.ld.total++
	}
	return m.afterProgress()
}

// afterProgress starts more batches, or finishes loading.
func (m *Model) afterProgress() tea.Cmd {
	var cmds []tea.Cmd
	batch := m.opts.BatchSize
	if batch <= 0 {
		batch = 32
	}
	for m.ld.inflight < maxInflight && len(m.ld.queue) > 0 {
		n := min(batch, len(m.ld.queue))
		jobs := m.ld.queue[:n:n]
		m.ld.queue = m.ld.queue[n:]
		m.ld.inflight++
		cmds = append(cmds, loadBatchCmd(jobs, m.readerOptions(), m.opts.Config))
	}
	if m.loading() {
		return tea.Batch(cmds...)
	}
	// Everything named was searched and read.
	if m.ld.fallback && m.ld.total == 0 && !m.usesEmbedded() && !m.anyRemote() {
		m.ld.fallback = false
		where := "this folder"
		if spec := m.ld.sources[0].spec; spec != "." {
			where = m.ld.sources[0].label
		}
		m.notice = fmt.Sprintf("No skills in %s: showing the example library built into skillstudio.", where)
		return tea.Batch(append(cmds, m.addSource(registry.EmbeddedSource, true))...)
	}
	if !m.loaded {
		m.loaded = true
		cmds = append(cmds, m.startWatching())
	}
	cmds = append(cmds, m.requestCheck())
	return tea.Batch(cmds...)
}

// maxInflight bounds concurrent load commands: enough to keep every core
// busy, few enough that a huge library does not start thousands at once.
const maxInflight = 4

func (m *Model) loading() bool {
	for _, s := range m.ld.sources {
		if !s.found {
			return true
		}
	}
	return m.ld.inflight > 0 || len(m.ld.queue) > 0
}

func (m *Model) anyRemote() bool {
	for _, s := range m.ld.sources {
		if s.remote && !s.removed {
			return true
		}
	}
	return false
}

func (m *Model) usesEmbedded() bool {
	for _, s := range m.ld.sources {
		if s.embedded {
			return true
		}
	}
	return false
}

func (m *Model) readerOptions() model.Options { return model.Options{Profile: m.opts.Profile} }

// onBatchLoaded files a batch into the library.
func (m *Model) onBatchLoaded(msg batchLoadedMsg) tea.Cmd {
	m.ld.inflight--
	m.ld.done += len(msg.entries)
	for _, e := range msg.entries {
		m.entries[e.ID] = e
	}
	cmds := []tea.Cmd{m.addToLibrary(msg.entries...)}
	cmds = append(cmds, m.afterProgress())
	return tea.Batch(cmds...)
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

// requestCheck runs the library-wide checks, or asks for another run when
// one is already going.
func (m *Model) requestCheck() tea.Cmd {
	if m.ld.checking {
		m.ld.dirty = true
		return nil
	}
	m.ld.checking = true
	m.ld.dirty = false
	m.ld.checkGen++
	snap := make([]checkSnapshot, 0, len(m.entries))
	for _, e := range m.lib.entries {
		if !e.stub {
			snap = append(snap, checkSnapshot{id: e.ID, src: e.src, loaded: e.loaded})
		}
	}
	return checkLibraryCmd(m.ld.checkGen, snap, m.ld.sources, m.readerOptions(), m.opts.Config)
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
			s.checked = msg.diags[i]
		}
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
