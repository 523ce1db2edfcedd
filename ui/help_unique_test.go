package ui

import (
	"fmt"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
)

// helpDuplicates names every key two bindings of one help list claim: the
// help would promise two actions for one key, and only one of them runs.
func helpDuplicates(bs []key.Binding) []string {
	owner := map[string]string{}
	var dups []string
	for _, b := range bs {
		if !b.Enabled() || b.Help().Key == "" {
			continue
		}
		for _, k := range b.Keys() {
			if first, ok := owner[k]; ok {
				dups = append(dups, fmt.Sprintf("%q is both %q and %q", k, first, b.Help().Desc))
				continue
			}
			owner[k] = b.Help().Desc
		}
	}
	return dups
}

// checkHelpUnique checks the short help and the full help the studio
// shows now.
func checkHelpUnique(t *testing.T, m *Model, where string) {
	t.Helper()
	h := m.helpKeys()
	if d := helpDuplicates(h.ShortHelp()); len(d) > 0 {
		t.Errorf("%s: short help: %s", where, strings.Join(d, "; "))
	}
	var all []key.Binding
	for _, col := range h.FullHelp() {
		all = append(all, col...)
	}
	if d := helpDuplicates(all); len(d) > 0 {
		t.Errorf("%s: full help: %s", where, strings.Join(d, "; "))
	}
}

// TestHelpListsEachKeyOnce: no help list, short or full, of any tab of
// any kind of skill (nor of the library), in any state that changes what
// keys do (a search under way, the outline open, a quiz running), names a
// key twice.
func TestHelpListsEachKeyOnce(t *testing.T) {
	m := embeddedStudio(t, 120, 50)
	checkHelpUnique(t, m, "library")
	press(t, m, "/")
	checkHelpUnique(t, m, "library filter")
	press(t, m, "esc")
	for _, name := range []string{"webhook-verification", "secrets-handling", "forgejo-api", "Broken Weather", "Broken_Onboarding", "currency-converter", "feed-reader"} {
		selectSkill(t, m, name)
		m.focus = focusSkill
		m.syncFocus()
		for _, i := range m.skill.visible() {
			title := m.skill.tabs[i].Title()
			drain(t, m, m.skill.activate(i))
			where := name + " " + title
			checkHelpUnique(t, m, where)
			switch title {
			case "Read":
				press(t, m, "/")
				checkHelpUnique(t, m, where+" typing a search")
				typeText(t, m, "the")
				press(t, m, "enter")
				checkHelpUnique(t, m, where+" with a search")
				press(t, m, "esc", "t")
				checkHelpUnique(t, m, where+" outline")
				press(t, m, "t")
			case "Quiz":
				press(t, m, "enter")
				checkHelpUnique(t, m, where+" running")
			}
		}
	}
}
