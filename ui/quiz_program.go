package ui

import (
	"context"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/quiz"
)

// RunQuiz runs the Quiz tab alone, full screen, for `skillstudio quiz
// PATH` on a terminal: the same exam as in the studio, with load-skill
// resolved by r (the skill's library, as the headless runner resolves it).
// It returns the run as it stood when the user quit (stopped: an
// unfinished gate counts as closed), or nil when no run was going.
func RunQuiz(ctx context.Context, s *model.Skill, r quiz.Resolver, theme Theme) (*quiz.Transcript, error) {
	c := NewCommon(theme)
	tab := newQuizTab(c)
	tab.SetEntry(&Entry{
		ID:        1,
		Candidate: formats.Candidate{Format: s.Format, Path: s.Location.Dir},
		Base:      s.Location,
		Source:    s.Location.Source,
		Skill:     s,
		loaded:    s,
		row:       newRow(s),
	}, false)
	tab.resolver = r
	_, err := tea.NewProgram(quizProgram{c: c, tab: tab}, tea.WithContext(ctx)).Run()
	if tab.run == nil {
		return nil, err // never started, or ended with x
	}
	// The full screen is gone once the program ends: the run is handed
	// back so the command can say how it ended.
	tab.run.Stop()
	t := tab.run.Transcript()
	return &t, err
}

// quizProgram is the stand-alone exam: the tab, a title line, quit keys.
type quizProgram struct {
	c   *Common
	tab *quizTab
}

func (m quizProgram) Init() tea.Cmd { return nil }

func (m quizProgram) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.c.Width, m.c.Height = msg.Width, msg.Height
		m.tab.SetSize(msg.Width, max(msg.Height-1, 1))
		return m, m.tab.refresh()
	case tea.KeyPressMsg:
		k := m.c.Keys
		if key.Matches(msg, k.ForceQuit) || key.Matches(msg, k.Quit) && m.tab.reader == nil {
			return m, tea.Quit
		}
		if key.Matches(msg, k.Quit) {
			// q in the reference viewer closes it, as in less.
			m.tab.reader = nil
			return m, nil
		}
	case GotoHeadingMsg, OpenFileMsg, OpenSkillMsg:
		// Alone there is no studio to open things in; the reader already
		// shows them.
		return m, nil
	}
	return m, m.tab.Update(msg)
}

func (m quizProgram) View() tea.View {
	st := m.c.Styles
	title := fit(" "+st.AppTitle.Render("skillstudio quiz")+"  "+st.Name.Render(sanitizeTitle(m.tab.entry.Skill.Name)), m.c.Width)
	v := tea.NewView(title + "\n" + m.tab.View())
	v.AltScreen = true
	return v
}
