package ui

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/registry"
	"github.com/skillstudio/skillstudio/sanitize"
)

// A local (or the embedded) source is read by a formats.Stream; each
// command reads one event of it and its message carries the command that
// reads the next, so batches land one message at a time.

// sourceFoundMsg: a source was opened and searched (or could not be).
type sourceFoundMsg struct {
	src      int
	opened   registry.Opened
	searched *formats.Searched
	// fresh is how many of searched's candidates the stream reads (those
	// not in the library when it started).
	fresh int
	err   error
	next  tea.Cmd
}

// batchLoadedMsg: a batch of skills was read; its entries get IDs when
// they are filed.
type batchLoadedMsg struct {
	src     int
	entries []*Entry
	next    tea.Cmd
}

// sourceReadMsg: a source's stream ended.
type sourceReadMsg struct{ src int }

// streamLocal (re)reads source i: opened again, searched, and every
// candidate not in the library yet read.
func (m *Model) streamLocal(i int) tea.Cmd {
	s := m.ld.sources[i]
	if s.cancel != nil {
		s.cancel() // a rescan replaces a stream still running
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel, s.reading, s.searching = cancel, true, true
	known := m.knownPaths(i)
	embedded, spec, openSpec := s.embedded, s.spec, m.opts.Open
	var opened registry.Opened // set by open before the stream's first event
	open := func() (formats.Source, error) {
		if embedded {
			opened = registry.Embedded()
			return opened.Source(), nil
		}
		var err error
		opened, err = openSpec(spec)
		return opened.Source(), err
	}
	set := formats.Settings{Options: m.readerOptions(), Rules: m.opts.Config, BatchSize: m.opts.BatchSize,
		Skip: func(c formats.Candidate) bool { return known[c.Path] }}
	ch := formats.Stream(ctx, open, set)
	label := s.label
	events := &eventReader{ch: ch}
	var read tea.Cmd
	read = func() tea.Msg {
		ev, ok := events.next()
		switch {
		case !ok:
			return sourceReadMsg{src: i}
		case ev.Err != nil:
			return sourceFoundMsg{src: i, err: ev.Err, next: read}
		case ev.Searched != nil:
			// The search ends while reading goes on (batches can come
			// first), so what this stream reads is counted here, against
			// the library as it was when the stream started.
			fresh := 0
			for _, c := range ev.Searched.Found.Candidates {
				if !known[c.Path] {
					fresh++
				}
			}
			return sourceFoundMsg{src: i, opened: opened, searched: ev.Searched, fresh: fresh, next: read}
		}
		batch := ev.Batch
		es := make([]*Entry, len(batch))
		for j, l := range batch {
			e := &Entry{Candidate: l.Candidate, Base: opened.Base, Source: label, src: i, annotate: opened.Annotate}
			e.adopt(l.Skill, false)
			e.setSkill(e.loaded)
			es[j] = e
		}
		return batchLoadedMsg{src: i, entries: es, next: read}
	}
	return read
}

// eventReader reads a stream's events for the studio. Each message costs
// an update and a frame (about 10 ms at 10,000 skills), so a batch comes
// with every batch already waiting behind it, up to maxCoalesced skills:
// the studio then takes skills in at the readers' pace, not a frame per
// 32 (10,000 skills: a third less CPU, about 40% sooner listed). An event
// that is not a batch waits for the next call. One call runs at a time
// (each message carries the command for the next).
type eventReader struct {
	ch      <-chan formats.Event
	pending *formats.Event
}

// maxCoalesced bounds the skills one message carries, and so the work of
// one update.
const maxCoalesced = 1024

func (r *eventReader) next() (formats.Event, bool) {
	var ev formats.Event
	if r.pending != nil {
		ev, r.pending = *r.pending, nil
	} else {
		var ok bool
		if ev, ok = <-r.ch; !ok {
			return ev, false
		}
	}
	if ev.Batch == nil {
		return ev, true
	}
	for len(ev.Batch) < maxCoalesced {
		select {
		case more, ok := <-r.ch:
			if !ok {
				return ev, true // the next call finds it closed too
			}
			if more.Batch == nil {
				r.pending = &more
				return ev, true
			}
			ev.Batch = append(ev.Batch, more.Batch...)
		default:
			return ev, true
		}
	}
	return ev, true
}

// knownPaths are the candidate paths of source i already in the library.
func (m *Model) knownPaths(i int) map[string]bool {
	known := map[string]bool{}
	prefix := strconv.Itoa(i) + "\x00"
	for k := range m.ld.known {
		if p, ok := strings.CutPrefix(k, prefix); ok {
			known[p] = true
		}
	}
	return known
}

// onSourceFound records a searched source and counts what it will read.
func (m *Model) onSourceFound(msg sourceFoundMsg) tea.Cmd {
	src := m.ld.sources[msg.src]
	if src.removed {
		return nil
	}
	src.searching = false
	if msg.err != nil {
		src.err = msg.err
		m.setStatus(fmt.Sprintf("Cannot open %s: %s", sanitize.Line(src.spec), sanitize.Line(msg.err.Error())), true)
		return msg.next
	}
	src.opened, src.searched = msg.opened, msg.searched
	if src.notes == nil {
		// Search problems and source notes count once, not per rescan.
		src.notes = append([]model.Diagnostic{}, msg.searched.Notes...)
	}
	m.ld.total += msg.fresh
	return msg.next
}

// onBatchLoaded files a batch into the library.
func (m *Model) onBatchLoaded(msg batchLoadedMsg) tea.Cmd {
	if s := m.ld.sources[msg.src]; s.removed {
		return nil
	}
	m.ld.done += len(msg.entries)
	var add []*Entry
	for _, e := range msg.entries {
		k := remoteKey(msg.src, e.Candidate.Path)
		if _, ok := m.ld.known[k]; ok {
			continue // already in the library
		}
		m.ld.nextID++
		e.ID = m.ld.nextID
		m.ld.known[k] = e.ID
		m.entries[e.ID] = e
		add = append(add, e)
	}
	return tea.Batch(msg.next, m.addToLibrary(add...), m.watchMore(add), m.selectPendingNew(add), m.followRenamed(add))
}

// onSourceRead closes a source's stream, and finishes loading when it was
// the last.
func (m *Model) onSourceRead(msg sourceReadMsg) tea.Cmd {
	m.ld.sources[msg.src].reading = false
	if g := m.followGone; g != nil && g.src == msg.src {
		m.followGone = nil // the rescan is over: it was deleted, not renamed
	}
	if m.loading() {
		return nil
	}
	if m.ld.fallback && m.ld.total == 0 && !m.usesEmbedded() && !m.anyRemote() {
		// Nothing in the default folder: show the examples instead.
		m.ld.fallback = false
		where := "this folder"
		if spec := m.ld.sources[0].spec; spec != "." {
			where = m.ld.sources[0].label
		}
		m.notice = fmt.Sprintf("No skills in %s: showing the example library built into skillstudio.", where)
		m.noticeShort = "No skills here: showing the examples."
		return m.addSource(registry.EmbeddedSource, true)
	}
	var cmds []tea.Cmd
	if !m.loaded {
		m.loaded = true
		cmds = append(cmds, m.startWatching())
	}
	return tea.Batch(append(cmds, m.requestCheck())...)
}

// searching reports whether a local source's search is still running (its
// skills stream in meanwhile, so the total is not known yet).
func (m *Model) searching() bool {
	for _, s := range m.ld.sources {
		if s.reading && s.searching && !s.removed {
			return true
		}
	}
	return false
}

// loading reports whether a local source is still being read.
func (m *Model) loading() bool {
	for _, s := range m.ld.sources {
		if s.reading && !s.removed {
			return true
		}
	}
	return false
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

func (m *Model) readerOptions() model.Options {
	return model.Options{Profile: m.opts.Profile, ListingAgents: m.opts.ListingAgents, ContextTokens: m.opts.ContextTokens, Exclude: m.opts.Exclude, Folders: m.opts.Folders}
}
