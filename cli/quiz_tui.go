package cli

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/skillstudio/skillstudio/internal/theme"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/quiz"
	"github.com/skillstudio/skillstudio/sanitize"
	"github.com/skillstudio/skillstudio/ui"
)

// runQuizTUI is the interactive quiz: the studio's Quiz tab alone, full
// screen. The screen is gone when it ends, so how the run ended is printed
// after it, and the exit status is --answers' (1: a gate stayed closed).
func runQuizTUI(cmd *cobra.Command, s *model.Skill, r quiz.Resolver) error {
	choice, err := theme.Resolve("", "", os.Environ())
	if err != nil {
		return usageError{err}
	}
	t, err := ui.RunQuiz(cmd.Context(), s, r, ui.ThemeOf(choice))
	if err != nil || t == nil {
		return err
	}
	if err := writeQuizEnd(cmd.OutOrStdout(), t, cmd.Flags().Arg(0)); err != nil {
		return err
	}
	if !t.GatesOpen {
		return exitError{1}
	}
	return nil
}

// writeQuizEnd is one line per block of an interactive run, and, when the
// run was answered to its end, the --answers list that replays it
// (path: the PATH the user gave).
func writeQuizEnd(w io.Writer, t *quiz.Transcript, path string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Quiz: %s\n", sanitize.Line(t.Skill))
	var answers []string
	complete := true
	for _, blk := range t.Blocks {
		title := blk.Title
		if title == "" {
			title = "(untitled)"
		}
		fmt.Fprintf(&b, "  Block %d: %s  ", blk.Index+1, sanitize.Line(title))
		n := len(blk.Attempts)
		var last quiz.AttemptRecord
		if n > 0 {
			last = blk.Attempts[n-1]
		}
		for _, a := range blk.Attempts {
			for _, ans := range a.Answers {
				answers = append(answers, fmt.Sprint(ans.Choice+1))
			}
		}
		switch {
		case blk.State == quiz.GateBlocked:
			b.WriteString("blocked by an earlier closed gate\n")
			continue
		case blk.State == quiz.GateNotReached || n == 0:
			complete = false
			b.WriteString("not reached\n")
			continue
		case !last.Complete:
			complete = false
			fmt.Fprintf(&b, "stopped after %d of %d questions", len(last.Answers), last.Total)
		default:
			fmt.Fprintf(&b, "%d/%d (%g%%)", last.Correct, last.Total, last.Score)
		}
		if n > 1 {
			fmt.Fprintf(&b, " on attempt %d", n)
		}
		switch blk.State {
		case quiz.GateOpen:
			b.WriteString(", gate open")
		case quiz.GateClosed:
			b.WriteString(", gate closed")
		}
		b.WriteString("\n")
	}
	if complete && len(answers) > 0 {
		fmt.Fprintf(&b, "Replay: skillstudio quiz %s --answers %s\n", shellWord(path), strings.Join(answers, ","))
	}
	_, err := io.WriteString(w, b.String())
	return err
}
