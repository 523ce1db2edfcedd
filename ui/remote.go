package ui

import (
	"context"
	"fmt"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/registry"
	"github.com/skillstudio/skillstudio/sanitize"
)

// Remote sources stream into the library (registry.Stream): a row per
// skill as soon as the index arrives (a stub: name and description from
// the index), filled in as each skill's files are fetched and read, and a
// status line per source. One event is read per command, so the update
// loop never waits on the network. Remote skills are read-only; `p` pulls
// one into a local folder (registry.Pull), where it can be edited.

// remoteEventMsg is one event of a source's stream; next reads the one
// after it.
type remoteEventMsg struct {
	src      int
	ev       registry.Event
	searched *formats.Searched // EventDone: the fetched source, searched
	next     tea.Cmd
}

func streamCmd(src int, ch <-chan registry.Event, cfg *model.RuleConfig) tea.Cmd {
	var read tea.Cmd
	read = func() tea.Msg {
		ev, ok := <-ch
		if !ok {
			return nil
		}
		msg := remoteEventMsg{src: src, ev: ev, next: read}
		if ev.Kind == registry.EventDone && ev.Err == nil {
			// Searching the fetched files is quick but not free: here,
			// not in Update.
			msg.searched = formats.Search(ev.Opened.Source(), cfg)
		}
		return msg
	}
	return read
}

// startStream opens a remote source in the background.
func (m *Model) startStream(i int, s *source) tea.Cmd {
	ctx, cancel := context.WithCancel(context.Background())
	s.remote, s.cancel, s.streaming = true, cancel, true
	s.status = registry.Status{State: registry.StateLoading}
	return streamCmd(i, registry.Stream(ctx, s.spec, *m.opts.Remote, m.readerOptions()), m.opts.Config)
}

// streaming reports whether a remote source is still arriving.
func (m *Model) streaming() bool {
	for _, s := range m.ld.sources {
		if s.streaming && !s.removed {
			return true
		}
	}
	return false
}

func remoteKey(src int, p string) string { return strconv.Itoa(src) + "\x00" + p }

// onRemoteEvent files one event and reads the next.
func (m *Model) onRemoteEvent(msg remoteEventMsg) tea.Cmd {
	s := m.ld.sources[msg.src]
	if s.removed {
		return nil // cancelled: stop reading
	}
	s.status = msg.ev.Status
	cmds := []tea.Cmd{msg.next}
	switch msg.ev.Kind {
	case registry.EventListed:
		cmds = append(cmds, m.addStubs(msg.src, msg.ev.Entries))
	case registry.EventSkill:
		cmds = append(cmds, m.fillStub(msg.src, msg.ev.Skill))
	case registry.EventWithheld:
		cmds = append(cmds, m.markWithheld(msg.src, msg.ev.Withheld))
	case registry.EventDone:
		cmds = append(cmds, m.remoteDone(msg))
	}
	return tea.Batch(cmds...)
}

// addStubs shows a row per listed skill until its files arrive.
func (m *Model) addStubs(src int, es []registry.Entry) tea.Cmd {
	s := m.ld.sources[src]
	var add []*Entry
	for _, re := range es {
		k := remoteKey(src, re.Path)
		if _, ok := m.ld.known[k]; ok {
			continue
		}
		m.ld.nextID++
		m.ld.known[k] = m.ld.nextID
		base := model.Location{Source: s.spec}
		e := &Entry{ID: m.ld.nextID, Candidate: formats.Candidate{Format: re.Format, Path: re.Path}, Base: base, Source: s.label, src: src, stub: true}
		stub := re.Stub(base)
		e.loaded = stub
		e.setSkill(stub)
		m.entries[e.ID] = e
		add = append(add, e)
	}
	if len(add) == 0 {
		return nil
	}
	m.groupIfMany()
	return m.addToLibrary(add...)
}

// fillStub swaps a fetched skill in for its stub (or adds it).
func (m *Model) fillStub(src int, sk *model.Skill) tea.Cmd {
	if sk == nil {
		return nil
	}
	s := m.ld.sources[src]
	// The stream read it without the config: apply it, once, here.
	sk.Diagnostics = m.opts.Config.Filter(sk.Diagnostics)
	p := sk.Location.Dir
	if sk.Format == model.FormatXGS {
		p = sk.Location.File
	}
	base := model.Location{Source: sk.Location.Source, Root: sk.Location.Root, FS: sk.Location.FS}
	id, ok := m.ld.known[remoteKey(src, p)]
	if !ok {
		id, ok = m.ld.known[remoteKey(src, sk.Location.File)]
	}
	if !ok {
		m.ld.nextID++
		id = m.ld.nextID
		m.ld.known[remoteKey(src, p)] = id
		e := &Entry{ID: id, Candidate: formats.Candidate{Format: sk.Format, Path: p}, Base: base, Source: s.label, src: src, loaded: sk}
		e.setSkill(sk)
		m.entries[id] = e
		return m.addToLibrary(e)
	}
	e := m.entries[id]
	if e == nil {
		return nil
	}
	e.Candidate = formats.Candidate{Format: sk.Format, Path: p}
	e.Base, e.stub, e.failed, e.loaded = base, false, false, sk
	e.setSkill(sk)
	cmd := m.lib.refresh()
	if m.skill.entry == e {
		cmd = tea.Batch(cmd, m.skill.setEntry(e, false))
	}
	return cmd
}

// remoteDone records how the source ended: its notes, or why it failed;
// skills never fetched stay listed, marked.
func (m *Model) remoteDone(msg remoteEventMsg) tea.Cmd {
	s := m.ld.sources[msg.src]
	s.streaming = false
	if err := msg.ev.Err; err != nil {
		s.err = err
		m.setStatus(fmt.Sprintf("Cannot open %s: %s", sanitize.Line(s.spec), sanitize.Line(err.Error())), true)
	} else {
		s.opened, s.searched = msg.ev.Opened, msg.searched
		s.notes = append(s.notes, msg.searched.Notes...)
	}
	for _, e := range m.lib.entries {
		if e.src == msg.src && e.stub {
			e.failed = true
		}
	}
	// The whole list, for withheld skills whose event came before their
	// row was listed.
	for i := range msg.ev.Opened.Withheld {
		m.markWithheld(msg.src, &msg.ev.Opened.Withheld[i])
	}
	return tea.Batch(m.lib.refresh(), m.requestCheck())
}

// groupIfMany groups the library by source once a remote source joins
// others: its status line lives in the group header.
func (m *Model) groupIfMany() {
	n := 0
	for _, s := range m.ld.sources {
		if !s.removed {
			n++
		}
	}
	if n > 1 {
		m.lib.group = true
	}
}

// sourceStatus is a source's status line for its group header.
func (m *Model) sourceStatus(label string) (text string, busy, bad bool) {
	for _, s := range m.ld.sources {
		if s.label != label || s.removed {
			continue
		}
		switch {
		case s.remote:
			return s.status.String(), s.streaming, s.status.State == registry.StateError
		case s.err != nil:
			return "error: " + sanitize.Line(s.err.Error()), false, true
		}
		return "", false, false
	}
	return "", false, false
}

// pulledMsg: a remote skill was copied into a local folder.
type pulledMsg struct {
	pulled registry.Pulled
	err    error
}

// pull copies the selected remote (or built-in) skill into PullDir.
func (m *Model) pull() tea.Cmd {
	e := m.lib.Selected()
	if m.focus == focusSkill && m.skill.entry != nil {
		e = m.skill.entry
	}
	if e == nil {
		return nil
	}
	name := e.Skill.Name
	switch s := m.ld.sources[e.src]; {
	case e.Base.Local:
		m.setStatus(name+" is already a local skill: edit it where it is.", false)
		return nil
	case e.stub && !e.failed:
		m.setStatus(name+" is still being fetched; pull it once its row fills in.", false)
		return nil
	case e.failed || s.opened.Base.FS == nil:
		m.setStatus(name+" could not be fetched, so it cannot be pulled; the Lint tab's library findings say why.", true)
		return nil
	default:
		o, dir, opts, spec := s.opened, m.pullDir(), m.readerOptions(), s.spec
		pull := func() tea.Cmd {
			m.setStatus("Pulling "+name+"…", false)
			return func() tea.Msg {
				p, err := registry.Pull(context.Background(), o, name, dir, opts)
				if err == nil && o.Base.Source != registry.EmbeddedSource {
					err = recordPull(spec, dir, p)
				}
				return pulledMsg{p, err}
			}
		}
		if o.Base.Source == registry.EmbeddedSource {
			return pull() // the built-in examples are ours
		}
		return m.askPull(e, dir, pull)
	}
}

func (m *Model) pullDir() string {
	if m.opts.PullDir != "" {
		return m.opts.PullDir
	}
	return m.c.WorkDir
}

// onPulled says where the copy went and brings it into the library,
// selected: a rescan of the local source holding it, or a new source.
func (m *Model) onPulled(msg pulledMsg) tea.Cmd {
	if msg.err != nil {
		m.setStatus("Pull failed: "+msg.err.Error(), true)
		return nil
	}
	p := msg.pulled
	main := p.Dest
	if p.Skill != nil && p.Skill.Format != model.FormatXGS {
		main = filepath.Join(p.Dest, path.Base(p.Skill.Location.File))
	}
	m.pendingNew = cleanAbs(main)
	m.setStatus(fmt.Sprintf("Pulled %s into %s (%s).", p.Skill.Name, displayPath(m.c.WorkDir, p.Dest), plural(p.Files, "file", "files")), false)
	for _, s := range m.ld.sources {
		if !s.removed && s.err == nil && s.opened.Base.Local && within(cleanAbs(s.opened.Base.Root), m.pendingNew) {
			return func() tea.Msg { return RescanMsg{} }
		}
	}
	dest := p.Dest
	return func() tea.Msg { return AddSourceMsg{Spec: dest} }
}

// streamingLine is the status bar's line while remote sources arrive.
func (m *Model) streamingLine() string {
	for _, s := range m.ld.sources {
		if s.streaming && !s.removed {
			return s.label + ": " + s.status.String()
		}
	}
	return ""
}

// failedSourceLine says why the first source that could not be opened
// failed, whole ("" when none did).
func (m *Model) failedSourceLine() string {
	for _, s := range m.ld.sources {
		if s.err != nil && !s.removed {
			return fmt.Sprintf("Could not open %s: %s.", sanitize.Line(s.label), strings.TrimSuffix(sanitize.Line(s.err.Error()), "."))
		}
	}
	return ""
}

// styledSourceStatus is sourceStatus for a group header: a spinner while
// the source streams, red when it failed.
func (m *Model) styledSourceStatus(label string) string {
	text, busy, bad := m.sourceStatus(label)
	st := m.c.Styles
	switch {
	case text == "":
		return ""
	case bad:
		return st.Error.Render(text)
	case busy:
		return m.spin.View() + " " + st.Dim.Render(text)
	}
	return st.Dim.Render(text)
}

// markWithheld keeps a skill the registry did not use in the list, marked
// withheld with why (a digest mismatch or a failed fetch), instead of
// leaving a stub that only turns into an error row at the end.
func (m *Model) markWithheld(src int, w *registry.Withheld) tea.Cmd {
	if w == nil {
		return nil
	}
	id, ok := m.ld.known[remoteKey(src, w.Entry.Path)]
	if !ok {
		return nil
	}
	e := m.entries[id]
	if e == nil {
		return nil
	}
	e.failed, e.withheld = true, w
	return m.lib.refresh()
}
