package ui

import (
	"os"

	tea "charm.land/bubbletea/v2"

	"github.com/skillstudio/skillstudio/internal/theme"
	"github.com/skillstudio/skillstudio/templates"
)

// wizardProgram runs the wizard as a program of its own (`skillstudio
// new` in a terminal).
type wizardProgram struct {
	c *Common
	w *newSkillWizard
}

func (p *wizardProgram) Init() tea.Cmd {
	return tea.Batch(p.w.Init(), tea.RequestBackgroundColor)
}

func (p *wizardProgram) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.BackgroundColorMsg:
		p.c.SetTheme(Theme{Dark: msg.IsDark(), NoColor: p.c.Theme.NoColor})
		return p, nil
	case tea.KeyPressMsg:
		if msg.String() == "ctrl+c" {
			p.w.done = true
			return p, tea.Quit
		}
	}
	return p, p.w.Update(msg)
}

func (p *wizardProgram) View() tea.View {
	v := tea.NewView(fitLines(p.w.View(), p.w.w, p.w.h))
	v.AltScreen = true
	v.WindowTitle = "skillstudio new"
	return v
}

// RunNewSkillWizard asks for what req leaves open in a form on the
// terminal and writes the skill. It returns the written plan, or nil when
// the user cancelled.
func RunNewSkillWizard(req NewSkillRequest) (*templates.Plan, error) {
	c := NewCommon(Theme{Dark: true, NoColor: theme.NoColor(os.Environ())})
	w := newWizard(c, req)
	w.standalone = true
	if _, err := tea.NewProgram(&wizardProgram{c: c, w: w}).Run(); err != nil {
		return nil, err
	}
	return w.written, nil
}
