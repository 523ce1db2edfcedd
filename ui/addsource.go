package ui

import (
	"os"
	"path/filepath"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/skillstudio/skillstudio/registry"
	"github.com/skillstudio/skillstudio/sanitize"
)

// The add-source prompt (`a`): one line taking the same SOURCE syntax as
// the command line — a folder or skill file, github:OWNER/REPO[@REF][//DIR],
// an https://…/index.json or registry.json, a domain for well-known
// discovery, or a raw .xgs.js / SKILL.md URL. The spec is checked as it is
// typed; enter opens it, streams its skills in and saves it in the user
// config file; esc goes back.

type addSourceScreen struct {
	c             *Common
	width, height int
	input         textinput.Model
	dir           string // relative folders resolve here
	problem       string // why the current text cannot be opened
}

func newAddSourceScreen(c *Common, ctx ScreenContext) *addSourceScreen {
	ti := textinput.New()
	ti.Prompt = "› "
	ti.Placeholder = "github:owner/repo, https://example.com, ~/skills…"
	ti.CharLimit = 500
	st := c.Styles
	s := textinput.DefaultStyles(st.Theme.Dark)
	s.Focused.Prompt, s.Blurred.Prompt = st.FilterPrompt, st.FilterPrompt
	s.Focused.Text, s.Blurred.Text = st.FilterText, st.FilterText
	s.Focused.Placeholder, s.Blurred.Placeholder = st.Dim, st.Dim
	s.Cursor.Blink = false
	ti.SetStyles(s)
	dir := c.WorkDir
	if ctx.Dir != "" {
		dir = ctx.Dir
	}
	return &addSourceScreen{c: c, input: ti, dir: dir}
}

func (s *addSourceScreen) Init() tea.Cmd { return s.input.Focus() }

func (s *addSourceScreen) SetSize(w, h int) {
	s.width, s.height = w, h
	s.input.SetWidth(max(min(w-8, 90), 10))
}

func (s *addSourceScreen) Update(msg tea.Msg) tea.Cmd {
	k := s.c.Keys
	if msg, ok := msg.(tea.KeyPressMsg); ok {
		switch {
		case key.Matches(msg, k.ClearFilter):
			return func() tea.Msg { return CloseScreenMsg{} }
		case key.Matches(msg, k.AcceptInput):
			spec, problem := s.resolve()
			if problem != "" {
				s.problem = problem
				return nil
			}
			return tea.Batch(
				func() tea.Msg { return CloseScreenMsg{} },
				func() tea.Msg { return AddSourceMsg{Spec: spec, Save: true} },
			)
		}
	}
	var cmd tea.Cmd
	s.input, cmd = s.input.Update(msg)
	s.problem = ""
	return cmd
}

// resolve turns the typed text into a spec the studio can open, or says
// why it cannot: a remote spec must parse, a local path must exist.
// Local paths are stored absolute, so the config file means the same
// thing from any folder.
func (s *addSourceScreen) resolve() (spec, problem string) {
	text := strings.TrimSpace(s.input.Value())
	switch {
	case text == "":
		return "", "Type a folder, a skill file or a remote source."
	case registry.IsRemote(text) && !strings.HasPrefix(text, "~"):
		if _, err := registry.ParseSpec(text); err != nil {
			return "", err.Error()
		}
		return text, ""
	}
	p := text
	if rest, ok := strings.CutPrefix(p, "~"); ok {
		if home, err := os.UserHomeDir(); err == nil {
			p = filepath.Join(home, rest)
		}
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(s.dir, p)
	}
	if _, err := os.Stat(p); err != nil {
		return "", "No file or folder " + text + " here (" + p + "), and it is not a remote source either."
	}
	return filepath.Clean(p), ""
}

func (s *addSourceScreen) ShortHelp() []key.Binding {
	k := s.c.Keys
	return []key.Binding{
		key.NewBinding(key.WithKeys(k.AcceptInput.Keys()...), key.WithHelp(k.AcceptInput.Help().Key, "add")),
		key.NewBinding(key.WithKeys(k.ClearFilter.Keys()...), key.WithHelp(k.ClearFilter.Help().Key, "cancel")),
	}
}

func (s *addSourceScreen) FullHelp() [][]key.Binding { return [][]key.Binding{s.ShortHelp()} }

func (s *addSourceScreen) View() string {
	st := s.c.Styles
	w := max(s.width-4, 20)
	var b strings.Builder
	b.WriteString("\n  " + st.Heading.Render("Add a source") + "\n\n")
	b.WriteString(indent(wrap("Skills from it join the library, grouped under the source with its status line. It is saved in your config file, so the studio opens it next time too.", w), "  ") + "\n\n")
	b.WriteString("  " + s.input.View() + "\n")
	if s.problem != "" {
		b.WriteString("\n" + st.Error.Render(indent(wrap(sanitize.Line(s.problem), w-2), "  "+glyphError+" ")) + "\n")
	} else {
		b.WriteString("\n")
	}
	b.WriteString("\n  " + st.Dim.Render("The same syntax as the command line:") + "\n")
	examples := [][2]string{
		{"~/skills, ./team-skills", "a folder, or one skill's folder or file"},
		{"github:OWNER/REPO[@REF][//DIR]", "a repository (OS Loop, SKILL.md, .xgs.js)"},
		{"https://HOST/…/index.json", "an OS Loop index"},
		{"https://HOST or HOST", "Agent Skills well-known discovery"},
		{"https://HOST/…/registry.json", "an xgoose registry"},
		{"https://HOST/…/NAME.xgs.js", "one raw skill file (or …/SKILL.md)"},
	}
	for _, e := range examples {
		line := "    " + st.Key.Render(pad(e[0], 32)) + " " + st.Dim.Render(e[1])
		b.WriteString(fit(line, s.width) + "\n")
	}
	k := s.c.Keys
	b.WriteString("\n  " + st.Key.Render(k.AcceptInput.Help().Key) + st.Dim.Render(" add · ") + st.Key.Render(k.ClearFilter.Help().Key) + st.Dim.Render(" cancel"))
	return fitLines(b.String(), s.width, s.height)
}
