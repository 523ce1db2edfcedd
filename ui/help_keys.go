package ui

import "charm.land/bubbles/v2/key"

// keyClaims are the keys a help list has already promised. A key runs one
// action, so once the binding that acts on it is listed, a later binding
// for the same key (the studio's `n` "new skill" while the reader's `n`
// steps through matches, the pane's `esc` while it clears a search, the
// tab numbers while a quiz question takes 1-9) is left out. Claim in the
// order keys are handled: what the focused tab captures, then the pane,
// then the studio's global keys.
type keyClaims map[string]bool

// claim returns bs without the keys already claimed (a binding left with
// none is dropped) and claims the keys it keeps.
func (c keyClaims) claim(bs []key.Binding) []key.Binding {
	out := make([]key.Binding, 0, len(bs))
	for _, b := range bs {
		if !b.Enabled() {
			continue
		}
		var free []string
		for _, k := range b.Keys() {
			if !c[k] {
				free = append(free, k)
			}
		}
		if len(free) == 0 {
			continue
		}
		if len(free) < len(b.Keys()) {
			b = key.NewBinding(key.WithKeys(free...), key.WithHelp(b.Help().Key, b.Help().Desc))
		}
		for _, k := range free {
			c[k] = true
		}
		out = append(out, b)
	}
	return out
}

// claimColumns claims each column in turn, dropping columns left empty.
func (c keyClaims) claimColumns(cols [][]key.Binding) [][]key.Binding {
	out := make([][]key.Binding, 0, len(cols))
	for _, col := range cols {
		if kept := c.claim(col); len(kept) > 0 {
			out = append(out, kept)
		}
	}
	return out
}

// typer is a pane or tab that is taking typed text: every key but ctrl+c
// goes into its input, so the help offers no other pane's or global key.
type typer interface{ Typing() bool }

func isTyping(v any) bool {
	t, ok := v.(typer)
	return ok && t.Typing()
}
