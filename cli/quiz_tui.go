package cli

import (
	"os"

	"github.com/spf13/cobra"

	"github.com/skillstudio/skillstudio/internal/theme"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/quiz"
	"github.com/skillstudio/skillstudio/ui"
)

// runQuizTUI is the interactive quiz: the studio's Quiz tab alone, full
// screen.
func runQuizTUI(cmd *cobra.Command, s *model.Skill, r quiz.Resolver) error {
	choice, err := theme.Resolve("", "", os.Environ())
	if err != nil {
		return usageError{err}
	}
	return ui.RunQuiz(cmd.Context(), s, r, ui.ThemeOf(choice))
}
