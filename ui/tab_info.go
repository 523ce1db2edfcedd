package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/sanitize"
)

// infoTab shows the parsed header, frontmatter or manifest (Skill.Fields)
// as a two-column table; nested objects are indented under their name.
type infoTab struct {
	scrollView
	entry *Entry
}

func newInfoTab(c *Common) *infoTab { return &infoTab{scrollView: newScrollView(c)} }

func (t *infoTab) Title() string         { return "Info" }
func (t *infoTab) Badge(*Entry) string   { return "" }
func (t *infoTab) BadgeWidth(*Entry) int { return 0 }
func (t *infoTab) Applies(e *Entry) bool { return true }

func (t *infoTab) SetSize(w, h int) {
	t.setSize(w, h)
	t.redraw(true)
}

func (t *infoTab) SetEntry(e *Entry, same bool) tea.Cmd {
	t.entry = e
	t.redraw(same)
	return nil
}

func (t *infoTab) redraw(keep bool) {
	if t.entry == nil || t.width <= 0 {
		return
	}
	t.setContent(infoContent(t.c.Styles, t.entry, t.width), keep)
}

func (t *infoTab) Update(msg tea.Msg) tea.Cmd { t.update(msg); return nil }
func (t *infoTab) View() string               { return t.view() }
func (t *infoTab) ShortHelp() []key.Binding   { return t.shortHelp() }
func (t *infoTab) FullHelp() [][]key.Binding  { return t.fullHelp() }

// fieldsOf returns the reader's table, or a basic one made from the
// format-neutral fields when the reader gave none.
func fieldsOf(e *Entry) []model.Field {
	s := e.Skill
	if len(s.Fields) > 0 {
		return s.Fields
	}
	var fs []model.Field
	add := func(name, value string) {
		if value != "" {
			fs = append(fs, model.Field{Name: name, Value: value})
		}
	}
	add("name", s.Name)
	add("namespace", s.Namespace)
	add("version", s.Version)
	add("description", s.Description)
	add("author", s.Author)
	add("license", s.License)
	add("homepage", s.Homepage)
	if len(s.Keywords) > 0 {
		fs = append(fs, model.Field{Name: "keywords", List: s.Keywords})
	}
	if len(s.Requires) > 0 {
		fs = append(fs, model.Field{Name: "requires", List: s.Requires})
	}
	return fs
}

// infoContent draws the table: names in a fixed column, values wrapped
// beside them, lists one item a line, children indented.
func infoContent(st *Styles, e *Entry, width int) string {
	fs := fieldsOf(e)
	var b strings.Builder
	if len(fs) == 0 {
		b.WriteString(st.Dim.Render(" The reader found no metadata in this skill; see the Lint tab."))
		return b.String()
	}
	nameW := 0
	var measure func(fs []model.Field, depth int)
	measure = func(fs []model.Field, depth int) {
		for _, f := range fs {
			nameW = max(nameW, depth*2+ansi.StringWidth(sanitize.Line(f.Name)))
			measure(f.Children, depth+1)
		}
	}
	measure(fs, 0)
	nameW = min(nameW, max(width/3, 10), 28)
	valueW := max(width-nameW-4, 10) // a space, the name, two spaces, the value, a margin
	var draw func(fs []model.Field, depth int)
	draw = func(fs []model.Field, depth int) {
		for _, f := range fs {
			name := strings.Repeat("  ", depth) + sanitize.Line(f.Name)
			name = pad(ansi.Truncate(name, nameW, glyphEllip), nameW)
			var values []string
			if f.Value != "" {
				values = append(values, sanitize.Display(f.Value))
			}
			for _, item := range f.List {
				bullet := "• "
				if len(f.List) == 1 && f.Value == "" {
					bullet = ""
				}
				values = append(values, bullet+sanitize.Line(item))
			}
			first := true
			for _, v := range values {
				for _, line := range strings.Split(wrap(v, valueW), "\n") {
					label := strings.Repeat(" ", nameW)
					if first {
						label = name
						first = false
					}
					b.WriteString(" " + st.Key.Render(label) + "  " + st.Row.Render(line) + "\n")
				}
			}
			if first { // no value: a heading for its children
				b.WriteString(" " + st.Key.Render(name) + "\n")
			}
			draw(f.Children, depth+1)
		}
	}
	draw(fs, 0)
	return strings.TrimRight(b.String(), "\n")
}
