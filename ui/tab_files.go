package ui

import (
	"path"
	"sort"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/skillstudio/skillstudio/sanitize"
)

// filesTab shows the skill's folder as a tree; enter opens a file in the
// Read tab.
type filesTab struct {
	scrollView
	entry *Entry
	rows  []fileRow
	sel   int
}

// fileRow is one line of the tree.
type fileRow struct {
	prefix string // tree glyphs
	name   string
	rel    string // path relative to the skill folder; "" for folders
}

func newFilesTab(c *Common) *filesTab { return &filesTab{scrollView: newScrollView(c)} }

func (t *filesTab) Title() string         { return "Files" }
func (t *filesTab) Badge(*Entry) string   { return "" }
func (t *filesTab) BadgeWidth(*Entry) int { return 0 }
func (t *filesTab) Applies(e *Entry) bool { return true }

func (t *filesTab) SetSize(w, h int) { t.setSize(w, h); t.redraw(true) }

func (t *filesTab) SetEntry(e *Entry, same bool) tea.Cmd {
	prev := ""
	if same && t.sel < len(t.rows) {
		prev = t.rows[t.sel].rel
	}
	t.entry = e
	t.rows = nil
	if e != nil {
		files := e.Skill.Files
		if len(files) == 0 && e.Skill.Location.File != "" {
			files = []string{strings.TrimPrefix(strings.TrimPrefix(e.Skill.Location.File, e.Skill.Location.Dir), "/")}
		}
		t.rows = fileTree(files)
	}
	t.sel = t.firstFile()
	for i, r := range t.rows {
		if prev != "" && r.rel == prev {
			t.sel = i
		}
	}
	t.redraw(same)
	return nil
}

func (t *filesTab) firstFile() int {
	for i, r := range t.rows {
		if r.rel != "" {
			return i
		}
	}
	return 0
}

// fileTree turns slash paths (relative to the skill folder) into tree rows, folders
// first at each level, then files, each sorted by name.
func fileTree(files []string) []fileRow {
	type node struct {
		children map[string]*node
		file     bool
	}
	root := &node{children: map[string]*node{}}
	for _, f := range files {
		parts := strings.Split(path.Clean(f), "/")
		n := root
		for i, p := range parts {
			c := n.children[p]
			if c == nil {
				c = &node{children: map[string]*node{}}
				n.children[p] = c
			}
			if i == len(parts)-1 {
				c.file = true
			}
			n = c
		}
	}
	var rows []fileRow
	var walk func(n *node, prefix, rel string)
	walk = func(n *node, prefix, rel string) {
		names := make([]string, 0, len(n.children))
		for name := range n.children {
			names = append(names, name)
		}
		sort.Slice(names, func(i, j int) bool {
			a, b := n.children[names[i]], n.children[names[j]]
			if (len(a.children) > 0) != (len(b.children) > 0) {
				return len(a.children) > 0
			}
			return names[i] < names[j]
		})
		for i, name := range names {
			c := n.children[name]
			last := i == len(names)-1
			branch, cont := "├─ ", "│  "
			if last {
				branch, cont = "└─ ", "   "
			}
			p := path.Join(rel, name)
			if len(c.children) > 0 {
				rows = append(rows, fileRow{prefix: prefix + branch, name: name + "/"})
				walk(c, prefix+cont, p)
				continue
			}
			rows = append(rows, fileRow{prefix: prefix + branch, name: name, rel: p})
		}
	}
	walk(root, "", "")
	return rows
}

func (t *filesTab) redraw(keep bool) {
	if t.entry == nil || t.width <= 0 {
		return
	}
	st := t.c.Styles
	var b strings.Builder
	dir := sanitize.Line(displayPath(t.c.WorkDir, t.entry.OSPath(t.entry.Skill.Location.Dir)))
	b.WriteString(" " + st.Dim.Render(ansi.Truncate(dir, max(t.width-2, 1), glyphEllip)) + "\n")
	for i, r := range t.rows {
		name := sanitize.Line(r.name)
		mark := "  "
		switch {
		case i == t.sel && r.rel != "":
			mark = st.Heading.Render(st.RowCursor) + " "
			name = st.RowSelected.Render(name)
		case r.rel == "":
			name = st.GroupHeader.Render(name)
		default:
			name = st.Row.Render(name)
		}
		b.WriteString(mark + st.Dim.Render(r.prefix) + name + "\n")
	}
	if len(t.rows) == 0 {
		b.WriteString(st.Dim.Render(" No files listed for this skill."))
	}
	t.setContent(strings.TrimRight(b.String(), "\n"), keep)
	// Keep the selected row visible (row i is content line i+1).
	line := t.sel + 1
	if y := t.vp.YOffset(); line < y {
		t.vp.SetYOffset(line)
	} else if line >= y+t.vp.Height() {
		t.vp.SetYOffset(line - t.vp.Height() + 1)
	}
}

// EditsSelection: e opens the selected file (not the skill's main file)
// while a file, not a folder, is selected.
func (t *filesTab) EditsSelection() bool {
	return t.entry != nil && t.sel >= 0 && t.sel < len(t.rows) && t.rows[t.sel].rel != ""
}

func (t *filesTab) Update(msg tea.Msg) tea.Cmd {
	k := t.c.Keys
	if msg, ok := msg.(tea.KeyPressMsg); ok && len(t.rows) > 0 {
		switch {
		case key.Matches(msg, k.Up):
			t.move(-1)
			return nil
		case key.Matches(msg, k.Down):
			t.move(1)
			return nil
		case key.Matches(msg, k.EditFile) && t.EditsSelection():
			return openEditorCmd(t.entry, t.entry.Skill.Location.Join(t.rows[t.sel].rel), 1)
		case key.Matches(msg, k.Open):
			if r := t.rows[t.sel]; r.rel != "" {
				return func() tea.Msg { return OpenFileMsg{Path: r.rel, Return: true} } // backspace returns to Files
			}
			return nil
		}
	}
	t.update(msg)
	return nil
}

// move steps to the next file row in dir, skipping folders.
func (t *filesTab) move(dir int) {
	for i := t.sel + dir; i >= 0 && i < len(t.rows); i += dir {
		if t.rows[i].rel != "" {
			t.sel = i
			t.redraw(true)
			return
		}
	}
}

func (t *filesTab) View() string { return t.view() }

func (t *filesTab) ShortHelp() []key.Binding {
	k := t.c.Keys
	return []key.Binding{k.Down, k.Up, k.Open}
}

func (t *filesTab) FullHelp() [][]key.Binding {
	k := t.c.Keys
	editThis := key.NewBinding(key.WithKeys(k.EditFile.Keys()...), key.WithHelp(k.EditFile.Help().Key, "edit this file"))
	return [][]key.Binding{{k.Down, k.Up, k.Open, editThis, k.PageDown, k.PageUp}}
}
