package ui

import (
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/sanitize"
)

// buildDoneMsg: a Builder finished an .xgs.js skill.
type buildDoneMsg struct {
	entryID int
	result  BuildResult
}

// buildCmd builds the skill in the background when a Builder is set and
// the skill is a local .xgs.js file.
func (m *Model) buildCmd(e *Entry) tea.Cmd {
	b := m.c.Builder
	if b == nil || e == nil || e.Candidate.Format != model.FormatXGS || !e.Base.Local {
		return nil
	}
	file, id := e.watchPath(), e.ID
	return func() tea.Msg { return buildDoneMsg{entryID: id, result: b.Build(file)} }
}

// BuildFailure is why e's last build failed, for the Lint tab; nil when
// it succeeded, has not finished, or e is not built.
func (m *Model) BuildFailure(e *Entry) error {
	if e == nil || m.c.Builder == nil {
		return nil
	}
	return m.builds[e.ID].Err
}

// buildStatus is the status bar's "last build" for the selected skill.
func (m *Model) buildStatus() string {
	e := m.lib.Selected()
	if e == nil || m.c.Builder == nil || e.Candidate.Format != model.FormatXGS || !e.Base.Local {
		return ""
	}
	st := m.c.Styles
	r, ok := m.builds[e.ID]
	switch {
	case !ok:
		return st.Dim.Render("building" + glyphEllip)
	case r.Err != nil:
		return st.Error.Render(glyphError+" build: ") + st.StatusError.Render(sanitize.Line(r.Err.Error()))
	}
	return st.OK.Render(glyphOK+" build ") + st.Dim.Render(fmt.Sprintf("%s · %s", humanBytes(r.Bytes), r.Duration.Round(100*time.Microsecond)))
}
