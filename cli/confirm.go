package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"
)

// errNotTerminal is why pull refuses without --yes when nobody can answer.
var errNotTerminal = errors.New("pull asks before copying, but stdin is not a terminal: read the review above and rerun with --yes to copy anyway")

// confirm asks a yes/no question on stderr and reads the answer from
// stdin; anything but y or yes is no. Without a terminal it refuses.
func (a *app) confirm(cmd *cobra.Command, question string) (bool, error) {
	if !a.stdinTerminal() {
		return false, errNotTerminal
	}
	fmt.Fprint(cmd.ErrOrStderr(), question)
	line, err := bufio.NewReader(io.LimitReader(a.stdin, 1024)).ReadString('\n')
	if err != nil && line == "" {
		return false, nil
	}
	switch strings.ToLower(strings.TrimSpace(line)) {
	case "y", "yes":
		return true, nil
	}
	return false, nil
}

// osStdinIsTerminal is the real check; tests replace app.stdinTerminal.
func osStdinIsTerminal() bool { return term.IsTerminal(os.Stdin.Fd()) }
