package cli

import (
	"io"

	"github.com/charmbracelet/x/term"
)

// terminalFd is the file descriptor under w and whether it is a terminal.
// Run wraps stdout in a termout.File, which keeps the file's Fd; asking w
// for an *os.File missed it, so in a real terminal `show` printed without
// colour at 80 columns and `quiz PATH` refused to start, saying it needed
// a terminal.
func terminalFd(w io.Writer) (uintptr, bool) {
	f, ok := w.(interface{ Fd() uintptr })
	if !ok {
		return 0, false
	}
	fd := f.Fd()
	return fd, term.IsTerminal(fd)
}
