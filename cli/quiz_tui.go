package cli

import (
	"os"

	"github.com/spf13/cobra"

	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/quiz"
	"github.com/skillstudio/skillstudio/ui"
)

// runQuizTUI is the interactive quiz: the studio's Quiz tab alone, full
// screen.
func runQuizTUI(cmd *cobra.Command, s *model.Skill, r quiz.Resolver) error {
	theme := ui.Theme{Dark: true, NoColor: os.Getenv("NO_COLOR") != ""}
	if t := os.Getenv(themeEnv); t == "light" {
		theme.Dark = false
	}
	return ui.RunQuiz(cmd.Context(), s, r, theme)
}
