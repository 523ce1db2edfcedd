package ui

import (
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/skillstudio/skillstudio/config"
	"github.com/skillstudio/skillstudio/internal/pathname"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/registry"
	"github.com/skillstudio/skillstudio/sanitize"
)

// Adding and removing sources from the studio, and the findings about
// sources themselves (library findings: search problems, rejected index
// entries, index checks), which the Lint tab shows above a skill's own.

// SourceFindings returns the library findings of e's source
// (LibraryLookup), for the Lint tab.
func (m *Model) SourceFindings(e *Entry) []model.Diagnostic {
	if e == nil || e.src < 0 || e.src >= len(m.ld.sources) {
		return nil
	}
	s := m.ld.sources[e.src]
	if s.removed {
		return nil
	}
	out := append(slices.Clone(s.notes), s.checked...)
	if !s.remote {
		out = append(out, m.configNotes...) // the config's own problems
	}
	return out
}

// UnlistedSourceFindings returns the findings about each source no listed
// skill comes from (for every Lint tab: no skill of theirs would show
// them). The config's own problems go with the listed local sources.
func (m *Model) UnlistedSourceFindings() []sourceFindings {
	listed := make(map[int]bool, len(m.ld.sources))
	for _, e := range m.lib.entries {
		listed[e.src] = true
	}
	var out []sourceFindings
	for i, s := range m.ld.sources {
		if s.removed || listed[i] || len(s.notes)+len(s.checked) == 0 {
			continue
		}
		out = append(out, sourceFindings{label: s.label, findings: append(slices.Clone(s.notes), s.checked...)})
	}
	return out
}

// allLibraryFindings is every source's findings, for the status bar.
func (m *Model) allLibraryFindings() []model.Diagnostic {
	out := slices.Clone(m.configNotes)
	for _, s := range m.ld.sources {
		if !s.removed {
			out = append(out, s.notes...)
			out = append(out, s.checked...)
		}
	}
	return out
}

// configSavedMsg: the user config file was edited (or not).
type configSavedMsg struct {
	verb, spec string
	changed    bool
	err        error
}

// saveSourceCmd adds or removes spec in the user config file's sources:.
func (m *Model) saveSourceCmd(add bool, spec string) tea.Cmd {
	p := m.opts.ConfigPath
	if p == "" {
		return nil
	}
	shown := spec
	return func() tea.Msg {
		// A folder the user named here is relative to the working folder;
		// the file's are relative to the file's (config.ReadFile), so it
		// is saved, and looked for, as an absolute path.
		if !registry.IsRemote(spec) && !filepath.IsAbs(spec) && !strings.HasPrefix(spec, "~") {
			if abs, err := filepath.Abs(spec); err == nil {
				spec = abs
			}
		}
		var changed bool
		var err error
		verb := "Added"
		if add {
			changed, err = config.AddSource(p, spec)
		} else {
			verb = "Removed"
			changed, err = config.RemoveSource(p, spec)
		}
		return configSavedMsg{verb: verb, spec: shown, changed: changed, err: err}
	}
}

func (m *Model) onConfigSaved(msg configSavedMsg) {
	where := homePath(m.opts.ConfigPath)
	spec := sanitize.Line(msg.spec)
	switch {
	case msg.err != nil:
		m.setStatus(fmt.Sprintf("%s %s for now, but the config file was not changed: %s", msg.verb, spec, sanitize.Line(msg.err.Error())), true)
	case msg.changed && msg.verb == "Added":
		m.setStatus(fmt.Sprintf("Added %s; saved in %s.", spec, where), false)
	case msg.changed:
		m.setStatus(fmt.Sprintf("Removed %s; it is gone from %s too.", spec, where), false)
	case msg.verb == "Added":
		m.setStatus(fmt.Sprintf("Added %s (already listed in %s).", spec, where), false)
	default:
		m.setStatus(fmt.Sprintf("Removed %s for this session (it is not in %s: it came from the command line or a project file).", spec, where), false)
	}
}

// onAddSource opens a source the user named (or a pulled skill's folder).
func (m *Model) onAddSource(msg AddSourceMsg) tea.Cmd {
	for _, s := range m.ld.sources {
		if !s.removed && s.spec == msg.Spec {
			m.setStatus(sanitize.Line(msg.Spec)+" is already open.", false)
			return nil
		}
	}
	m.lib.group = true
	cmds := []tea.Cmd{m.addSource(msg.Spec, false), m.spin.Tick}
	if msg.Save {
		cmds = append(cmds, m.saveSourceCmd(true, msg.Spec))
	}
	return tea.Batch(cmds...)
}

// confirmation is a yes/no question in the status bar; every other key
// answers no.
type confirmation struct {
	question string
	yes      func() tea.Cmd
	// retry, when set, is what `r` does (a failed source opened again).
	retry func() tea.Cmd
	// detail, when set, is shown wrapped in the skill pane while the
	// question waits: a failed source's whole error, which one status
	// line would cut off.
	detailTitle, detail string
	// detailMore says where the rest of a detail too long for the pane
	// can be read.
	detailMore string
	// no is the status line after any other key ("" : nothing removed).
	no string
	// always, when set, is what `a` does (consent remembered).
	always func() tea.Cmd
}

// confirmKeys is the help while a question waits: its answers only.
// Typing: no pane's or global key is offered, since any other key answers
// no (ctrl+c still quits).
type confirmKeys struct {
	c *confirmation
	k *KeyMap
}

func (h confirmKeys) Typing() bool { return true }

func (h confirmKeys) ShortHelp() []key.Binding {
	bs := []key.Binding{h.k.Confirm}
	if h.c.always != nil {
		bs = append(bs, keyAlways)
	}
	if h.c.retry != nil {
		bs = append(bs, h.k.Retry)
	}
	return append(bs, key.NewBinding(key.WithKeys(h.k.Cancel.Keys()...), key.WithHelp(h.k.Cancel.Help().Key, "no (any other key too)")))
}

func (h confirmKeys) FullHelp() [][]key.Binding { return [][]key.Binding{h.ShortHelp()} }

// askRemoveSource asks before removing the selected skill's source.
func (m *Model) askRemoveSource() tea.Cmd {
	if i := m.failedSource(); i >= 0 {
		return m.askAboutFailedSource(i)
	}
	e := m.lib.Selected()
	if e == nil {
		return nil
	}
	if len(m.lib.sources) < 2 {
		// Grouping would not help: there is nothing to pick from.
		m.setStatus(fmt.Sprintf("%s is the only source; add another (%s) before removing one.", sanitize.Line(e.Source), m.c.Keys.AddSource.Help().Key), false)
		return nil
	}
	if !m.lib.group {
		m.setStatus(fmt.Sprintf("Group by source (%s) to pick a source to remove.", m.c.Keys.Group.Help().Key), false)
		return nil
	}
	i := e.src
	s := m.ld.sources[i]
	n := 0
	for _, x := range m.lib.entries {
		if x.src == i {
			n++
		}
	}
	k := m.c.Keys
	m.confirm = &confirmation{
		question: fmt.Sprintf("Remove the source %s (%s) from the studio%s? %s/%s", s.label, plural(n, "skill", "skills"), m.savedHint(), k.Confirm.Help().Key, k.Cancel.Help().Key),
		yes:      func() tea.Cmd { return m.removeSource(i) },
	}
	return nil
}

func (m *Model) savedHint() string {
	if m.opts.ConfigPath == "" {
		return ""
	}
	return " and your config file"
}

// answerConfirm handles the key that answers the open question.
func (m *Model) answerConfirm(msg tea.KeyPressMsg) tea.Cmd {
	c := m.confirm
	m.confirm = nil
	if key.Matches(msg, m.c.Keys.Confirm) {
		return c.yes()
	}
	if c.retry != nil && key.Matches(msg, m.c.Keys.Retry) {
		return c.retry()
	}
	if c.always != nil && key.Matches(msg, keyAlways) {
		return c.always()
	}
	m.setStatus(cmp.Or(c.no, "Nothing removed."), false)
	return nil
}

// removeSource drops source i and its skills; nothing on disk changes but
// the config file's sources: list.
func (m *Model) removeSource(i int) tea.Cmd {
	s := m.ld.sources[i]
	if s.cancel != nil {
		s.cancel()
	}
	s.removed, s.streaming = true, false
	kept := m.lib.entries[:0:0]
	for _, e := range m.lib.entries {
		if e.src == i {
			// A watched file that changes later finds no entry and is
			// ignored.
			delete(m.entries, e.ID)
			continue
		}
		kept = append(kept, e)
	}
	for k, id := range m.ld.known {
		if m.entries[id] == nil {
			delete(m.ld.known, k)
		}
	}
	m.lib.removeSource(s.label, kept)
	m.setStatus("Removed "+s.label+".", false)
	cmds := []tea.Cmd{m.requestCheck(), m.saveSourceCmd(false, s.spec)}
	if sel := m.lib.Selected(); sel != m.skill.entry {
		cmds = append(cmds, m.skill.setEntry(sel, false))
	}
	return tea.Batch(cmds...)
}

// homePath shows a path under the home folder as ~/….
func homePath(p string) string {
	home, err := os.UserHomeDir()
	if err != nil || home == "" {
		return p
	}
	if rel, ok := pathname.Rel(home, p); ok {
		return filepath.Join("~", rel)
	}
	return p
}

// failedSource is the first source that could not be opened and is still
// in the studio (it has no rows to select), or -1.
func (m *Model) failedSource() int {
	for i, s := range m.ld.sources {
		if s.err != nil && !s.removed {
			return i
		}
	}
	return -1
}

// askAboutFailedSource shows a failed source's whole error and offers to
// remove it (from the config file too) or to open it again.
func (m *Model) askAboutFailedSource(i int) tea.Cmd {
	s := m.ld.sources[i]
	k := m.c.Keys
	m.confirm = &confirmation{
		// The pane above names the source and its error; the question is
		// kept short so its keys are never cut off at the bar's edge.
		question: fmt.Sprintf("Remove this failed source from the studio%s? %s/%s, %s retries",
			m.savedHint(), k.Confirm.Help().Key, k.Cancel.Help().Key, k.Retry.Help().Key),
		detailTitle: "This source could not be opened:",
		detail:      s.err.Error(),
		yes:         func() tea.Cmd { return m.removeSource(i) },
		retry: func() tea.Cmd {
			// Drop the failed attempt and open the spec again.
			s.removed = true
			// No message of its own: a fixed "Opening … again…" outlived
			// the opening (it stayed until the next key) and hid the
			// spinner and progress the status bar shows meanwhile.
			m.setStatus("", false)
			return tea.Batch(m.addSource(s.spec, false), m.spin.Tick)
		},
	}
	return nil
}

// confirmDetail draws the pending question's detail (a failed source's
// error, a pull's evidence) wrapped to the pane; what does not fit is
// counted, and detailMore says where to read it.
func (m *Model) confirmDetail(w, h int) string {
	st := m.c.Styles
	var b strings.Builder
	b.WriteString(fit(" "+st.Error.Render(ansi.Truncate(m.confirm.detailTitle, max(w-2, 1), glyphEllip)), w) + "\n\n")
	var lines []string
	for _, line := range strings.Split(sanitize.Display(m.confirm.detail), "\n") {
		// A hanging indent: a wrapped message's later lines stay under
		// its first, not at the margin where the next finding starts.
		body := strings.TrimLeft(line, " ")
		pad := strings.Repeat(" ", 1+len(line)-len(body))
		lines = append(lines, strings.Split(indent(wrap(body, max(w-len(pad)-1, 1)), pad), "\n")...)
	}
	if room := h - 2; room > 0 && len(lines) > room {
		// Cut without a word, the evidence shown looked like all of it.
		more := len(lines) - room + 1
		lines = append(lines[:room-1], st.Dim.Render(fmt.Sprintf(" %s %d more lines: %s", glyphEllip, more, cmp.Or(m.confirm.detailMore, "a bigger window shows them"))))
	}
	b.WriteString(strings.Join(lines, "\n"))
	return fitLines(b.String(), w, h)
}
