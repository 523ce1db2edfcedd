package ui

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"

	tea "charm.land/bubbletea/v2"

	"github.com/skillstudio/skillstudio/config"
	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/internal/pathname"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/registry"
	"github.com/skillstudio/skillstudio/sanitize"
)

// Config reload: the watcher follows the configuration files too
// (Options.ConfigFiles); a change reads the configuration again
// (Options.ReloadConfig, off the update loop) and, when it reads, every
// local and embedded source is read again with it in one command that
// sends one message back, however many skills there are. Entries keep
// their IDs, so the cursor, the selection and the open tab stay; a skill
// the new exclude: leaves out is dropped, one it lets in is added. A
// config that does not read leaves the library as it was and says why.

// configWatchID is the watcher id of the configuration files (skills'
// ids are numbers).
const configWatchID = "config"

// ConfigReload is the configuration read again: what Options holds of
// it, resolved as the CLI resolved it at start (flags still win).
type ConfigReload struct {
	Profile       model.Profile
	Config        *model.RuleConfig
	ReviewConfig  *model.RuleConfig
	ListingAgents []string
	ContextTokens int
	Exclude       model.PathFilter
	Folders       model.FolderConfigs
	// Files are the files to watch from now on (a project file created
	// since start is one).
	Files []string
	// Problems is Options.ConfigProblems for this configuration.
	Problems func() []model.Diagnostic
}

// configReadMsg: the configuration was read again (or did not read).
type configReadMsg struct {
	gen    int
	reload ConfigReload
	err    error
	// problems are the reload's ConfigProblems, read with it (off the UI
	// goroutine): a nested file removed or mended clears its error at once.
	problems []model.Diagnostic
}

// relintedMsg: every local and embedded source was read again with the
// configuration of generation gen.
type relintedMsg struct {
	gen     int
	sources []relintedSource
}

type relintedSource struct {
	src      int
	searched *formats.Searched
	entries  []*Entry
	err      error
}

// watchConfig registers the configuration files with the watcher.
func watchConfig(w *registry.Watcher, files []string) {
	for _, f := range files {
		_ = w.WatchFile(configWatchID, f) // a file in a folder gone is not worth failing for
	}
}

// nestedConfigFiles are the .skillstudio.yaml files that could apply to
// the local skills es (config/nested.go): one in each folder from a
// skill's own up to its source's root. The same watcher follows them
// under configWatchID, so creating, editing or removing one reloads the
// configuration as the top-level file does (one command, one message).
// seen spares a folder shared by many skills.
func nestedConfigFiles(es []*Entry, seen map[string]bool) []string {
	var out []string
	for _, e := range es {
		if !e.Base.Local || e.Base.Root == "" {
			continue
		}
		root := filepath.Clean(e.Base.Root)
		dir := filepath.Clean(e.watchPath())
		if e.Candidate.Format == model.FormatXGS {
			dir = filepath.Dir(dir) // the skill is a file: its folder
		}
		for {
			if _, inside := pathname.Rel(root, dir); !inside || seen[dir] {
				break
			}
			seen[dir] = true
			out = append(out, filepath.Join(dir, config.ProjectFileName))
			parent := filepath.Dir(dir)
			if parent == dir {
				break
			}
			dir = parent
		}
	}
	return out
}

// reloadConfig reads the configuration again in a command.
func (m *Model) reloadConfig() tea.Cmd {
	read := m.opts.ReloadConfig
	if read == nil {
		return nil
	}
	m.ld.configGen++
	gen := m.ld.configGen
	return func() tea.Msg {
		r, err := read()
		msg := configReadMsg{gen: gen, reload: r, err: err}
		if err == nil && r.Problems != nil {
			msg.problems = r.Problems()
		}
		return msg
	}
}

// onConfigRead applies a configuration read again, or shows its error
// (file:line:col) and keeps the library as it was.
func (m *Model) onConfigRead(msg configReadMsg) tea.Cmd {
	if msg.gen != m.ld.configGen {
		return nil // a newer read is under way
	}
	if msg.err != nil {
		m.configErr = sanitize.Line("Config not reloaded: " + msg.err.Error())
		m.setStatus(m.configErr, true) // and it stays after the next key
		return nil
	}
	m.configErr = ""
	r := msg.reload
	m.opts.Profile, m.opts.Config, m.opts.ReviewConfig = r.Profile, r.Config, r.ReviewConfig
	m.opts.ListingAgents, m.opts.ContextTokens, m.opts.Exclude, m.opts.Folders = r.ListingAgents, r.ContextTokens, r.Exclude, r.Folders
	m.opts.ConfigFiles, m.opts.ConfigProblems = r.Files, r.Problems
	m.ld.configApplied++
	m.configNotes = msg.problems
	if len(msg.problems) == 0 {
		m.nestedErr = ""
	}
	m.c.Rules = r.Config
	if r.ReviewConfig != nil {
		m.c.Rules = r.ReviewConfig
	}
	if w := m.watcher; w != nil {
		files := r.Files
		go watchConfig(w, files)
	}
	m.setStatus("Config reloaded: linting the library again…", false)
	return m.relint(msg.gen)
}

// relint reads every local and embedded source again with the current
// configuration in one command: one message back, not one per skill.
func (m *Model) relint(gen int) tea.Cmd {
	type job struct {
		src      int
		embedded bool
		spec     string
		label    string
	}
	var jobs []job
	for i, s := range m.ld.sources {
		if s.removed || s.remote || (s.err != nil && !s.embedded) {
			continue
		}
		jobs = append(jobs, job{i, s.embedded, s.spec, s.label})
	}
	if len(jobs) == 0 {
		return nil
	}
	set := formats.Settings{Options: m.readerOptions(), Rules: m.opts.Config, BatchSize: 1024}
	openSpec := m.opts.Open
	return func() tea.Msg {
		out := relintedMsg{gen: gen}
		for _, j := range jobs {
			var opened registry.Opened
			open := func() (formats.Source, error) {
				if j.embedded {
					opened = registry.Embedded()
					return opened.Source(), nil
				}
				var err error
				opened, err = openSpec(j.spec)
				return opened.Source(), err
			}
			rs := relintedSource{src: j.src}
			for ev := range formats.Stream(context.Background(), open, set) {
				switch {
				case ev.Err != nil:
					rs.err = ev.Err
				case ev.Searched != nil:
					rs.searched = ev.Searched
				}
				for _, l := range ev.Batch {
					e := &Entry{Candidate: l.Candidate, Base: opened.Base, Source: j.label, src: j.src, annotate: opened.Annotate}
					e.adopt(l.Skill, false)
					e.setSkill(e.loaded)
					rs.entries = append(rs.entries, e)
				}
			}
			out.sources = append(out.sources, rs)
		}
		return out
	}
}

// onRelinted swaps the re-read skills into their entries (same IDs, so
// the selection stays), drops those no longer found and adds new ones,
// then runs the library checks once.
func (m *Model) onRelinted(msg relintedMsg) tea.Cmd {
	if msg.gen != m.ld.configGen {
		return nil // a newer configuration's read follows
	}
	var added []*Entry
	dropped, changed := 0, 0
	for _, rs := range msg.sources {
		s := m.ld.sources[rs.src]
		if s.removed {
			continue
		}
		if rs.err != nil {
			m.setStatus(fmt.Sprintf("Config reloaded, but %s could not be read again: %s", s.label, rs.err), true)
			continue
		}
		if rs.searched != nil {
			s.searched = rs.searched
			s.notes = append([]model.Diagnostic{}, rs.searched.Notes...)
		}
		seen := make(map[int]bool, len(rs.entries))
		for _, ne := range rs.entries {
			k := remoteKey(rs.src, ne.Candidate.Path)
			if id, ok := m.ld.known[k]; ok {
				if e := m.entries[id]; e != nil {
					seen[id] = true
					e.relinted(ne)
					changed++
					continue
				}
			}
			m.ld.nextID++
			ne.ID = m.ld.nextID
			m.ld.known[k] = ne.ID
			m.entries[ne.ID] = ne
			seen[ne.ID] = true
			added = append(added, ne)
		}
		// What the search no longer finds (now excluded, or deleted) goes.
		for id, e := range m.entries {
			if e.src == rs.src && !seen[id] && !e.stub {
				m.forget(e)
				dropped++
			}
		}
	}
	if m.status == "" || m.status == "Config reloaded: linting the library again…" {
		line := "Config reloaded: " + plural(changed+len(added), "skill", "skills") + " linted again"
		if dropped > 0 {
			line += fmt.Sprintf(", %d now excluded", dropped)
		}
		if len(added) > 0 {
			line += fmt.Sprintf(", %d added", len(added))
		}
		m.setStatus(line+".", false)
	}
	cmds := []tea.Cmd{m.lib.refresh(), m.addToLibrary(added...), m.watchMore(added), m.requestCheck()}
	if sel := m.skill.entry; sel != nil && m.entries[sel.ID] == sel {
		cmds = append(cmds, m.skill.setEntry(sel, true))
	}
	return tea.Batch(cmds...)
}

// relinted takes in ne, the same skill read again with a new
// configuration. The whole read the pane shows (its views) is kept: the
// files did not change, only what is reported about them.
func (e *Entry) relinted(ne *Entry) {
	e.loaded, e.slim, e.hasFunctions = ne.loaded, ne.slim, ne.hasFunctions
	e.Base, e.annotate = ne.Base, ne.annotate
	e.hydrating = nil
	if !e.slim {
		e.view = nil
	}
	e.setSkill(e.loaded) // grafts the kept view on
}

// forget takes an entry out of the library (the search no longer finds
// it); the pane moves to what the library selects next.
func (m *Model) forget(e *Entry) {
	delete(m.entries, e.ID)
	delete(m.ld.known, remoteKey(e.src, e.Candidate.Path))
	m.lib.entries = slices.DeleteFunc(m.lib.entries, func(x *Entry) bool { return x.ID == e.ID })
	m.lib.matches = slices.DeleteFunc(m.lib.matches, func(l libLine) bool { return l.e != nil && l.e.ID == e.ID })
}

// configProblemLine is the status line for the first configuration
// problem that is an error, else the first warning (a project file left
// unread: its message names it), or "".
func configProblemLine(workDir string, ds []model.Diagnostic) string {
	for _, d := range ds {
		if d.Severity == model.SeverityError {
			return sanitize.Line(fmt.Sprintf("Config %s:%d:%d: %s", displayPath(workDir, d.File), d.Line, d.Column, d.Message))
		}
	}
	for _, d := range ds {
		if d.Severity == model.SeverityWarning {
			return sanitize.Line("Config: " + d.Message)
		}
	}
	return ""
}
