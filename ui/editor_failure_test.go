package ui

import (
	"os/exec"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// An editor that fails said only "The editor failed: exit status 2": not
// which editor, nor that the skill was read again. The status bar now
// names the editor and its status, whole at 80 columns.
func TestEditorFailureSaysWhichEditorAndWhatNext(t *testing.T) {
	exitErr := exec.Command("sh", "-c", "exit 2").Run()
	if exitErr == nil {
		t.Skip("no sh to make an exit status with")
	}
	notFound := exec.Command("skillstudio-no-such-editor").Run()
	cases := []struct {
		editor string
		err    error
		want   []string
	}{
		{"/usr/local/bin/ed-script", exitErr, []string{"ed-script", "exited with status 2", "read again"}},
		{"skillstudio-no-such-editor", notFound, []string{"skillstudio-no-such-editor", "not found", "$EDITOR"}},
	}
	for _, c := range cases {
		lib := fixtureLibrary(t)
		m := studio(t, Options{Sources: []string{lib}}, 80, 24)
		selectSkill(t, m, "hello-world")
		id := m.skill.entry.ID
		drain(t, m, func() tea.Msg { return editorDoneMsg{entryID: id, editor: c.editor, err: c.err} })
		bar := statusBarLine(m)
		for _, w := range c.want {
			if !strings.Contains(bar, w) {
				t.Errorf("%s: status bar %q lacks %q", c.editor, bar, w)
			}
		}
		if strings.Contains(bar, glyphEllip) {
			t.Errorf("%s: status bar is cut at 80 columns: %q", c.editor, bar)
		}
	}
}

// A read-only skill's "why not" was cut at 80 columns before its next
// step ("… p pulls a copy into this fol…"): the step now comes first.
func TestReadOnlyEditSaysTheNextStepAt80Columns(t *testing.T) {
	m := studio(t, Options{Examples: true}, 80, 24)
	// The first skill (Broken Weather) from the library: e edits it. (enter
	// on a Lint finding shows the finding's file instead: wave 19.)
	press(t, m, "e")
	bar := statusBarLine(m)
	if !strings.Contains(bar, "read-only: p pulls a copy here to edit") {
		t.Errorf("80x24 status bar = %q, want the next step whole", bar)
	}
}
