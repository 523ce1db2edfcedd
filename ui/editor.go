package ui

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// errNoEditor: neither $VISUAL nor $EDITOR is set.
var errNoEditor = errors.New("no editor: set $VISUAL or $EDITOR (for example: export EDITOR=vim)")

// EditorCommand builds the command that opens file at line in the user's
// editor; EditorCommandAt with no column.
func EditorCommand(getenv func(string) string, file string, line int) (*exec.Cmd, error) {
	return EditorCommandAt(getenv, file, line, 0)
}

// EditorCommandAt builds the command that opens file at line and column
// (1-based; 0 for none) in the user's editor ($VISUAL, else $EDITOR;
// either may carry arguments, as in "code --wait"). Editors differ in how
// they take a place (editorArgs); one not known gets the file alone, since
// a "+12" it does not understand may be read as a file name to create.
//
// The value is split into words as git's shell would split it, quotes
// and backslashes included, so "'/Applications/Sublime Text.app/…/subl' -w"
// names one program; a value that is a path to an existing file as it
// stands ("/opt/My Editor/ed", unquoted) is taken whole. The file is
// always one argument of its own, never read by a shell.
func EditorCommandAt(getenv func(string) string, file string, line, col int) (*exec.Cmd, error) {
	spec, from := strings.TrimSpace(getenv("VISUAL")), "VISUAL"
	if spec == "" {
		spec, from = strings.TrimSpace(getenv("EDITOR")), "EDITOR"
	}
	if spec == "" {
		return nil, errNoEditor
	}
	fields, err := editorWords(spec)
	if err != nil {
		return nil, fmt.Errorf("$%s: %w", from, err)
	}
	name, args := fields[0], fields[1:]
	// A relative file name starting with - or + would be read as an
	// option (vim +cmd): make it a path.
	if !filepath.IsAbs(file) && (strings.HasPrefix(file, "-") || strings.HasPrefix(file, "+")) {
		file = "." + string(filepath.Separator) + file
	}
	args = append(args, editorArgs(name, file, line, col)...)
	return exec.Command(name, args...), nil
}

// editorWords splits an editor command as sh does for a plain command:
// words at blanks, '…' literal, "…" with \ \" \$ \` escapes, \ escaping
// the next byte outside quotes. A value that names an existing file as
// it stands is one word.
func editorWords(spec string) ([]string, error) {
	if strings.ContainsAny(spec, " \t") && !strings.ContainsAny(spec, "'\"\\") {
		if info, err := os.Stat(spec); err == nil && info.Mode().IsRegular() {
			return []string{spec}, nil
		}
	}
	var words []string
	var w strings.Builder
	inWord := false
	for i := 0; i < len(spec); i++ {
		c := spec[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		case c == '\'':
			j := strings.IndexByte(spec[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("a ' is not closed in %q; quote a path with spaces as '/path/to/my editor' --flag", spec)
			}
			w.WriteString(spec[i+1 : i+1+j])
			i += 1 + j
			inWord = true
		case c == '"':
			i++
			for ; i < len(spec) && spec[i] != '"'; i++ {
				if spec[i] == '\\' && i+1 < len(spec) && strings.IndexByte("\\\"$`", spec[i+1]) >= 0 {
					i++
				}
				w.WriteByte(spec[i])
			}
			if i >= len(spec) {
				return nil, fmt.Errorf("a \" is not closed in %q; quote a path with spaces as \"/path/to/my editor\" --flag", spec)
			}
			inWord = true
		case c == '\\' && i+1 < len(spec):
			i++
			w.WriteByte(spec[i])
			inWord = true
		default:
			w.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	if len(words) == 0 || words[0] == "" {
		return nil, errNoEditor
	}
	return words, nil
}

// editorArgs is how editor takes file at line and column: +LINE before
// the file for the vi family and the terminal editors that follow it,
// with the column where the editor reads one (nano +L,C; emacs, micro and
// kak +L:C; vim and nvim by a cursor() call); FILE:LINE:COL for VS Code
// and its forks (--goto), Sublime, Helix and Zed; --line for JetBrains
// IDEs. An editor not named here gets the file alone.
func editorArgs(editor, file string, line, col int) []string {
	if line < 1 {
		return []string{file}
	}
	l := strconv.Itoa(line)
	at, lc := file+":"+l, l
	if col > 0 {
		at += ":" + strconv.Itoa(col)
		lc += ":" + strconv.Itoa(col)
	}
	name := strings.ToLower(strings.TrimSuffix(filepath.Base(editor), ".exe"))
	switch name {
	case "code", "code-insiders", "codium", "vscodium", "cursor", "windsurf":
		return []string{"--goto", at}
	case "subl", "sublime_text", "hx", "helix", "zed", "zeditor":
		return []string{at}
	case "vim", "nvim", "gvim", "mvim", "vimx":
		if col > 0 {
			return []string{"+call cursor(" + l + "," + strconv.Itoa(col) + ")", file}
		}
		return []string{"+" + l, file}
	case "nano", "pico":
		if col > 0 {
			return []string{"+" + l + "," + strconv.Itoa(col), file}
		}
		return []string{"+" + l, file}
	case "emacs", "emacsclient", "micro", "kak", "kakoune":
		return []string{"+" + lc, file}
	case "vi", "nvi", "vis", "view", "ex", "joe", "jmacs", "jstar", "jpico", "mcedit", "ne", "gedit", "pluma", "mg", "zile":
		return []string{"+" + l, file}
	case "idea", "idea64", "goland", "pycharm", "webstorm", "phpstorm", "rubymine", "clion", "rider", "fleet":
		return []string{"--line", l, file}
	case "mate":
		return []string{"-l", l, file}
	}
	return []string{file}
}

// editorDoneMsg: the editor exited; re-read the skill. editor is the
// program that ran, for the message when it failed.
type editorDoneMsg struct {
	entryID int
	editor  string
	err     error
}

// editorFailure says which editor failed and how, and what happened
// next: "exit status 2" alone did not say whose status, nor that the
// skill is read again as the editor left it. The status bar sanitizes it.
func editorFailure(editor string, err error) string {
	name := filepath.Base(editor) // the bar has 80 columns for it all
	var exit *exec.ExitError
	switch {
	case errors.Is(err, exec.ErrNotFound), errors.Is(err, os.ErrNotExist):
		return fmt.Sprintf("Editor %s not found: set $VISUAL or $EDITOR.", name)
	case errors.As(err, &exit) && exit.ExitCode() >= 0:
		return fmt.Sprintf("The editor %s exited with status %d; the skill was read again.", name, exit.ExitCode())
	}
	return fmt.Sprintf("The editor %s failed (%s); the skill was read again.", name, err.Error())
}

// openEditorCmd suspends the studio and runs the editor on file:line.
// Without an editor, or for a skill that is not on this disk, it returns a
// status message instead: never an exit.
func openEditorCmd(e *Entry, fsPath string, line int) tea.Cmd {
	return openEditorAtCmd(e, fsPath, line, 0)
}

// openEditorAtCmd is openEditorCmd at a column too (0: none).
func openEditorAtCmd(e *Entry, fsPath string, line, col int) tea.Cmd {
	if e == nil {
		return nil
	}
	if !e.Local() {
		// The next step first: at 80 columns the bar cuts the end, and a
		// source's label (a URL) is the part that may go.
		return statusCmd(fmt.Sprintf("%s is read-only: p pulls a copy here to edit (from %s).", e.row.name, e.Source), true)
	}
	file := e.OSPath(fsPath)
	cmd, err := EditorCommandAt(os.Getenv, file, line, col)
	if err != nil {
		return statusCmd(err.Error(), true)
	}
	id, editor := e.ID, cmd.Args[0]
	return tea.ExecProcess(cmd, func(err error) tea.Msg { return editorDoneMsg{entryID: id, editor: editor, err: err} })
}

// findingCmd opens a finding's file: in $EDITOR at its line and column
// for a skill on this disk; in the Read tab at its line for one that is
// not (remote, built in), where the editor only said "read-only" though
// the help offered it. backspace returns to the finding. A file outside
// the skill's folder (a library finding's) goes to openEditorCmd, which
// says what to do.
func findingCmd(e *Entry, fsPath string, line, col int) tea.Cmd {
	if e != nil && !e.Local() && e.Skill != nil {
		dir := e.Skill.Location.Dir
		rel, ok := fsPath, dir == "."
		if !ok {
			rel, ok = strings.CutPrefix(fsPath, dir+"/")
		}
		if ok && rel != "" {
			return func() tea.Msg { return OpenFileMsg{Path: rel, Line: line, Return: true} }
		}
	}
	return openEditorAtCmd(e, fsPath, line, col)
}

// findingKey is what enter does on a finding of e, for the help.
func findingKey(k *KeyMap, e *Entry) key.Binding {
	if e != nil && !e.Local() {
		return key.NewBinding(key.WithKeys(k.Edit.Keys()...), key.WithHelp(k.Edit.Help().Key, "show the file"))
	}
	return k.Edit
}

func statusCmd(text string, isErr bool) tea.Cmd {
	return func() tea.Msg { return StatusMsg{Text: text, Error: isErr} }
}
