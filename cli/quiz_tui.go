package main

import (
	"os"

	"github.com/spf13/cobra"

	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/quiz"
	"github.com/skillstudio/skillstudio/ui"
)

// The interactive quiz is the studio's Quiz tab alone, full screen.
func init() {
	runQuizInteractive = func(cmd *cobra.Command, s *model.Skill, r quiz.Resolver) error {
		theme := ui.Theme{Dark: true, NoColor: os.Getenv("NO_COLOR") != ""}
		if t := os.Getenv("SKILLSTUDIO_THEME"); t == "light" {
			theme.Dark = false
		}
		return ui.RunQuiz(cmd.Context(), s, r, theme)
	}
}
