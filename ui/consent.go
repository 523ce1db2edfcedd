package ui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/skillstudio/skillstudio/sanitize"
)

// SourceConsent is a checkout's own .skillstudio.yaml whose sources: wait
// for the user's consent: a remote one is a beacon on open, a folder may
// lie outside the checkout. Like VS Code's workspace trust, the studio
// opens (the sources the user named load meanwhile) and asks; like direnv
// allow, "always" is kept per file path and content hash.
type SourceConsent struct {
	// File is the project file; Items what it lists and what each would
	// reach.
	File  string
	Items []ConsentItem
	// Remember keeps "always" (the state file); nil offers once/no only.
	Remember func() error
	// StateErr is why "always" cannot be kept (a corrupt state file).
	StateErr string
}

// ConsentItem is one source and what opening it reaches (hosts or an
// absolute folder), worked out without opening it.
type ConsentItem struct {
	Spec, Reach string
	Remote      bool
}

var keyAlways = key.NewBinding(key.WithKeys("a", "A"), key.WithHelp("a", "always"))

// askConsent puts the consent question up; called once from Init.
func (m *Model) askConsent() {
	c := m.opts.Consent
	if c == nil || len(c.Items) == 0 || m.opts.Examples {
		return
	}
	k := m.c.Keys
	n := len(c.Items)
	// Short, so the keys are not cut off at the bar's edge.
	q := fmt.Sprintf("Open %s this checkout's config lists? %s once · %s always · %s no",
		plural(n, "source", "sources"), k.Confirm.Help().Key, keyAlways.Help().Key, k.Cancel.Help().Key)
	if c.Remember == nil {
		q = fmt.Sprintf("Open %s this checkout's config lists? %s once · %s no",
			plural(n, "source", "sources"), k.Confirm.Help().Key, k.Cancel.Help().Key)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s came with this checkout. Nothing it lists has been opened yet.\n\n", c.File)
	for _, it := range c.Items {
		kind := "folder"
		if it.Remote {
			kind = "network"
		}
		fmt.Fprintf(&b, "  %s\n    %s: %s\n", it.Spec, kind, it.Reach)
	}
	b.WriteString("\ny opens them this time; a opens them and remembers this file as it is now (a change asks again); n or any other key leaves them closed (`skillstudio trust` allows them later).")
	if c.StateErr != "" {
		b.WriteString("\n\nCannot remember an answer: " + c.StateErr)
	}
	m.confirm = &confirmation{
		question:    q,
		detailTitle: "Sources from a checkout's config:",
		detail:      b.String(),
		no:          "Not opened: the sources " + sanitize.Line(c.File) + " lists (skillstudio trust allows them).",
		yes:         func() tea.Cmd { return m.openConsented(false) },
	}
	if c.Remember != nil {
		m.confirm.always = func() tea.Cmd { return m.openConsented(true) }
	}
}

// openConsented opens the consented sources as the add-source prompt does.
func (m *Model) openConsented(remember bool) tea.Cmd {
	c := m.opts.Consent
	m.opts.Consent = nil
	status := fmt.Sprintf("Opening %s from %s.", plural(len(c.Items), "source", "sources"), sanitize.Line(c.File))
	isErr := false
	if remember {
		if err := c.Remember(); err != nil {
			status, isErr = "Opened this time only; not remembered: "+sanitize.Line(err.Error()), true
		} else {
			status = fmt.Sprintf("Opening %s; %s is trusted as it is now.", plural(len(c.Items), "source", "sources"), sanitize.Line(c.File))
		}
	}
	m.setStatus(status, isErr)
	m.lib.group = true
	cmds := []tea.Cmd{m.spin.Tick}
	for _, it := range c.Items {
		open := true
		for _, s := range m.ld.sources {
			if !s.removed && s.spec == it.Spec {
				open = false
			}
		}
		if open {
			cmds = append(cmds, m.addSource(it.Spec, false))
		}
	}
	return tea.Batch(cmds...)
}
