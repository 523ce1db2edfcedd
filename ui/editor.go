package ui

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"
)

// errNoEditor: neither $VISUAL nor $EDITOR is set.
var errNoEditor = errors.New("no editor: set $VISUAL or $EDITOR (for example: export EDITOR=vim)")

// EditorCommand builds the command that opens file at line in the user's
// editor ($VISUAL, else $EDITOR; either may carry arguments, as in
// "code --wait"). Editors differ in how they take a line: vi, vim, nvim,
// nano, emacs, micro, kak take +LINE before the file; VS Code and its
// forks take --goto FILE:LINE; Sublime, Helix and Zed take FILE:LINE.
func EditorCommand(getenv func(string) string, file string, line int) (*exec.Cmd, error) {
	spec := strings.TrimSpace(getenv("VISUAL"))
	if spec == "" {
		spec = strings.TrimSpace(getenv("EDITOR"))
	}
	if spec == "" {
		return nil, errNoEditor
	}
	fields := strings.Fields(spec)
	name, args := fields[0], fields[1:]
	args = append(args, editorArgs(name, file, line)...)
	return exec.Command(name, args...), nil
}

func editorArgs(editor, file string, line int) []string {
	if line < 1 {
		return []string{file}
	}
	at := file + ":" + strconv.Itoa(line)
	switch strings.TrimSuffix(filepath.Base(editor), ".exe") {
	case "code", "code-insiders", "codium", "cursor", "windsurf":
		return []string{"--goto", at}
	case "subl", "sublime_text", "hx", "helix", "zed", "zeditor":
		return []string{at}
	}
	return []string{"+" + strconv.Itoa(line), file}
}

// editorDoneMsg: the editor exited; re-read the skill.
type editorDoneMsg struct {
	entryID int
	err     error
}

// openEditorCmd suspends the studio and runs the editor on file:line.
// Without an editor, or for a skill that is not on this disk, it returns a
// status message instead: never an exit.
func openEditorCmd(e *Entry, fsPath string, line int) tea.Cmd {
	if e == nil {
		return nil
	}
	if !e.Local() {
		return statusCmd(fmt.Sprintf("%s is read-only here (%s): p pulls a copy into this folder to edit.", e.row.name, e.Source), true)
	}
	file := e.OSPath(fsPath)
	cmd, err := EditorCommand(os.Getenv, file, line)
	if err != nil {
		return statusCmd(err.Error(), true)
	}
	id := e.ID
	return tea.ExecProcess(cmd, func(err error) tea.Msg { return editorDoneMsg{entryID: id, err: err} })
}

func statusCmd(text string, isErr bool) tea.Cmd {
	return func() tea.Msg { return StatusMsg{Text: text, Error: isErr} }
}
