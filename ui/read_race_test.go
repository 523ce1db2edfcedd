package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// runMsgs runs cmd and every command in its batches, and returns the messages
// they bring without delivering them, so a test can deliver them in the
// order a loaded machine might.
func runMsgs(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	switch msg := cmd().(type) {
	case nil:
		return nil
	case tea.BatchMsg:
		var out []tea.Msg
		for _, c := range msg {
			out = append(out, runMsgs(c)...)
		}
		return out
	default:
		return []tea.Msg{msg}
	}
}

// msgs is xs as messages.
func msgs[T tea.Msg](xs []T) []tea.Msg {
	out := make([]tea.Msg, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}

// deliverAll hands msgs to m and runs everything that follows.
func deliverAll(t *testing.T, m *Model, msgs ...tea.Msg) {
	t.Helper()
	for _, msg := range msgs {
		_, cmd := m.Update(msg)
		drain(t, m, cmd)
	}
}

// splitMsgs takes the messages of type T out of msgs.
func splitMsgs[T tea.Msg](msgs []tea.Msg) (of []T, rest []tea.Msg) {
	for _, msg := range msgs {
		if x, ok := msg.(T); ok {
			of = append(of, x)
		} else {
			rest = append(rest, msg)
		}
	}
	return of, rest
}

// showEntry makes e the library's selection, as a key or a batch landing does,
// and returns the messages of the commands that follow, undelivered.
func showEntry(m *Model, e *Entry) []tea.Msg {
	m.lib.selected = e.ID
	m.lib.rebuild()
	return runMsgs(m.followSelection())
}

// The e2e failure: the first batch of a library put skill B at the top, so
// the pane showed it and its whole read landed, starting the render
// debounce. A later batch put A above it and the untouched selection moved
// to A, whose whole read was still under way. The debounce then fired:
// it rendered the document now on top (A's name-and-description page)
// under the key it had been started for (B's body), so the cache held A's
// page as B's rendering. Coming back to B showed A's page for good.
func TestStaleRenderDebounceNeverRendersAnotherSkill(t *testing.T) {
	m := studio(t, Options{Sources: []string{fixtureLibrary(t)}}, 120, 40)
	a, b := entryNamed(m, "tide-tables"), entryNamed(m, "hello-world")
	deliverAll(t, m, showEntry(m, entryNamed(m, "word-count"))...)
	m.c.Render = NewRenderCache(16) // nothing rendered yet

	// B shown, its whole read delivered: the debounce starts.
	hydrated, rest := splitMsgs[skillHydratedMsg](showEntry(m, b))
	deliverAll(t, m, rest...)
	var wanted []renderWantedMsg
	for _, h := range hydrated {
		_, cmd := m.Update(h)
		w, more := splitMsgs[renderWantedMsg](runMsgs(cmd))
		wanted = append(wanted, w...)
		deliverAll(t, m, more...)
	}
	if len(wanted) != 1 {
		t.Fatalf("B's whole read started %d debounced renders, want 1", len(wanted))
	}

	// A batch lands and the selection moves to A before A is read whole.
	aHydrated, rest := splitMsgs[skillHydratedMsg](showEntry(m, a))
	deliverAll(t, m, rest...)

	// B's debounce fires now, then A's whole read lands.
	deliverAll(t, m, wanted[0])
	deliverAll(t, m, msgs(aHydrated)...)
	if f := content(m); !strings.Contains(f, "tide") {
		t.Errorf("A's Read tab does not show A:\n%s", ansi.Strip(f))
	}

	// Back to B: its Read tab shows B's body.
	deliverAll(t, m, showEntry(m, b)...)
	f := content(m)
	if !strings.Contains(f, "Hello") || strings.Contains(f, "no body text") {
		t.Errorf("B's Read tab shows another skill's page:\n%s", ansi.Strip(f))
	}
}

// A rendering asked for one skill that lands after the cursor moved to a
// skill still being read is not shown under the second skill's name.
func TestStaleRenderingNeverShownUnderAPendingSkill(t *testing.T) {
	m := studio(t, Options{Sources: []string{fixtureLibrary(t)}}, 120, 40)
	a, b := entryNamed(m, "tide-tables"), entryNamed(m, "hello-world")
	deliverAll(t, m, showEntry(m, entryNamed(m, "word-count"))...)
	m.c.Render = NewRenderCache(16) // nothing rendered yet

	// B shown whole; its debounce fires and the render starts.
	hydrated, rest := splitMsgs[skillHydratedMsg](showEntry(m, b))
	deliverAll(t, m, rest...)
	var rendered []renderedMsg
	for _, h := range hydrated {
		_, cmd := m.Update(h)
		w, more := splitMsgs[renderWantedMsg](runMsgs(cmd))
		deliverAll(t, m, more...)
		for _, msg := range w {
			_, cmd := m.Update(msg)
			r, more := splitMsgs[renderedMsg](runMsgs(cmd))
			rendered = append(rendered, r...)
			deliverAll(t, m, more...)
		}
	}
	if len(rendered) != 1 {
		t.Fatalf("B's whole read brought %d renderings, want 1", len(rendered))
	}

	// The cursor moves to A (its whole read under way), then B's
	// rendering lands.
	aHydrated, rest := splitMsgs[skillHydratedMsg](showEntry(m, a))
	deliverAll(t, m, rest...)
	deliverAll(t, m, rendered[0])
	if f := content(m); strings.Contains(f, "Hello") || !strings.Contains(f, "Reading") {
		t.Errorf("A's Read tab shows B's rendering while A is read:\n%s", ansi.Strip(f))
	}
	deliverAll(t, m, msgs(aHydrated)...)
	if f := content(m); strings.Contains(f, "Hello") {
		t.Errorf("A's Read tab shows B's rendering:\n%s", ansi.Strip(f))
	}
}
