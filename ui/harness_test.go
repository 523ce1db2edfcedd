package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// writeFile writes text to rel (a slash path) under dir, making folders.
func writeFile(t testing.TB, dir, rel, text string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// fixtureLibrary copies ui/testdata/library into a temp folder, so a test
// may break files on disk, and returns its absolute path. Frames show
// paths relative to the folder above it (see studio), so they do not
// depend on where the test ran.
func fixtureLibrary(t testing.TB) string {
	t.Helper()
	src := filepath.Join("testdata", "library")
	dst := filepath.Join(t.TempDir(), "lib")
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	return dst
}

// studio makes a model on opts at a size and runs Init's commands until
// the library is loaded and checked.
func studio(t testing.TB, opts Options, w, h int) *Model {
	t.Helper()
	if opts.Theme == "" {
		opts.Theme = "dark"
	}
	if opts.WorkDir == "" {
		// Show paths relative to the temp folder holding the sources.
		for _, src := range append(opts.Sources, opts.DefaultSource) {
			if filepath.IsAbs(src) {
				opts.WorkDir = filepath.Dir(src)
				break
			}
		}
	}
	m := New(opts)
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	drain(t, m, m.Init())
	return m
}

// drain runs cmd and every command that follows from it, delivering
// messages to m, until nothing more arrives for a while. Commands still
// running then (a file watch) are abandoned; studios in tests do not
// watch, so in practice every command finishes.
func drain(t testing.TB, m *Model, cmd tea.Cmd) {
	t.Helper()
	results := make(chan tea.Msg, 4096)
	pending := 0
	run := func(c tea.Cmd) {
		if c == nil {
			return
		}
		pending++
		go func() { results <- c() }()
	}
	run(cmd)
	// Generous: on a loaded CI machine one chunk of reviews can take seconds,
	// and drain normally ends when every command has finished, not here.
	const quiet = 15 * time.Second
	deadline := time.Now().Add(60 * time.Second)
	for pending > 0 {
		if time.Now().After(deadline) {
			t.Fatal("drain: commands kept coming for 60s")
		}
		select {
		case msg := <-results:
			pending--
			switch msg := msg.(type) {
			case nil:
			case tea.BatchMsg:
				for _, c := range msg {
					run(c)
				}
			case tea.QuitMsg:
				return
			default:
				_, c := m.Update(msg)
				run(c)
			}
		case <-time.After(quiet):
			return
		}
	}
}

// keyPress makes a key press from a name: "down", "enter", "shift+tab", or a
// single character.
func keyPress(name string) tea.KeyPressMsg {
	codes := map[string]rune{
		"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
		"enter": tea.KeyEnter, "esc": tea.KeyEscape, "tab": tea.KeyTab, "backspace": tea.KeyBackspace,
		"pgdown": tea.KeyPgDown, "pgup": tea.KeyPgUp, "home": tea.KeyHome, "end": tea.KeyEnd,
	}
	if name == "shift+tab" {
		return tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift}
	}
	if name == "ctrl+c" {
		return tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}
	}
	if c, ok := codes[name]; ok {
		return tea.KeyPressMsg{Code: c}
	}
	r, _ := utf8.DecodeRuneInString(name)
	return tea.KeyPressMsg{Code: r, Text: name}
}

// press sends keys one by one, running what each returns.
func press(t testing.TB, m *Model, keys ...string) {
	t.Helper()
	for _, k := range keys {
		_, cmd := m.Update(keyPress(k))
		drain(t, m, cmd)
	}
}

// typeText types each character of s.
func typeText(t testing.TB, m *Model, s string) {
	t.Helper()
	for _, r := range s {
		press(t, m, string(r))
	}
}

// content is the frame the model draws now.
func content(m *Model) string { return m.View().Content }

// checkFrame asserts what every frame must satisfy: exactly the window's
// height, no line wider than the window, and no escape sequence but the
// SGR styles and OSC 8 links the studio's own renderers write — so nothing
// from a skill's text can retitle the terminal, write the clipboard or
// move the cursor.
func checkFrame(t testing.TB, m *Model) {
	t.Helper()
	out := content(m)
	lines := strings.Split(out, "\n")
	if len(lines) != m.c.Height {
		t.Errorf("frame has %d lines, want %d", len(lines), m.c.Height)
	}
	for i, l := range lines {
		if w := ansi.StringWidth(l); w > m.c.Width {
			t.Errorf("line %d is %d cells wide, window is %d: %q", i+1, w, m.c.Width, ansi.Strip(l))
		}
		// The renderer measures by code point (wcwidth) unless the
		// terminal speaks mode 2027; lipgloss lays out by cluster. A line
		// the two measure differently overflows and is cut on most
		// terminals (the pane's right border, or the next pane, is lost).
		if w, wc := ansi.StringWidth(l), ansi.StringWidthWc(l); w != wc {
			t.Errorf("line %d is %d cells by cluster but %d by code point: %q", i+1, w, wc, ansi.Strip(l))
		}
	}
	if err := onlyOwnEscapes(out); err != "" {
		t.Errorf("frame holds a foreign escape sequence: %s", err)
	}
}

// onlyOwnEscapes returns "" when s holds no escape sequence other than
// the studio's own — SGR (ESC [ params m) and OSC 8 hyperlinks whose
// parameters and URI are printable and do not point at evil.example (the
// fixtures' forged link) — and no other control: no C0 but newline and
// tab, no DEL, no C1 (as UTF-8 or raw bytes), no invalid UTF-8, no bidi
// embedding, override, isolate or mark. Else it describes the first
// offender. Zero-width and tag characters are allowed: they move nothing
// on a terminal, and the review tab names them (review/hidden.go).
func onlyOwnEscapes(s string) string {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == 0x1b:
			n, why := ownEscape(s[i:])
			if why != "" {
				return why + ": " + quoteAround(s, i)
			}
			i += n
			continue
		case c == '\n' || c == '\t':
		case c < 0x20 || c == 0x7f:
			return fmt.Sprintf("control byte %#02x: %s", c, quoteAround(s, i))
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(s[i:])
			switch {
			case r == utf8.RuneError && size == 1:
				return fmt.Sprintf("invalid UTF-8 byte %#02x: %s", c, quoteAround(s, i))
			case r >= 0x80 && r <= 0x9f:
				return fmt.Sprintf("C1 control U+%04X: %s", r, quoteAround(s, i))
			case r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 || r == 0x200e || r == 0x200f || r == 0x061c:
				return fmt.Sprintf("bidi control U+%04X: %s", r, quoteAround(s, i))
			}
			i += size
			continue
		}
		i++
	}
	return ""
}

// ownEscape parses the escape sequence at the start of s (s[0] is ESC)
// and returns its length, or why it is not one the studio writes.
func ownEscape(s string) (int, string) {
	if len(s) < 2 {
		return 0, "a lone ESC at the end"
	}
	switch s[1] {
	case '[': // CSI: parameter bytes, intermediate bytes, one final byte
		j := 2
		for j < len(s) && s[j] >= 0x30 && s[j] <= 0x3f {
			j++
		}
		for j < len(s) && s[j] >= 0x20 && s[j] <= 0x2f {
			j++
		}
		if j >= len(s) {
			return 0, "an unterminated CSI"
		}
		if s[j] != 'm' || j > 2 && s[j-1] < 0x30 {
			return 0, fmt.Sprintf("CSI with final %q (only SGR m is the studio's)", s[j])
		}
		return j + 1, ""
	case ']': // OSC: only 8 (hyperlinks), ended by BEL or ST
		body, n := oscBody(s[2:])
		if n < 0 {
			return 0, "an unterminated OSC"
		}
		params, uri, ok := strings.Cut(strings.TrimPrefix(body, "8;"), ";")
		if !strings.HasPrefix(body, "8;") || !ok {
			return 0, "OSC other than 8 (title, clipboard, colour…)"
		}
		for _, r := range params + uri {
			if r < 0x21 || r == 0x7f || r >= 0x80 && r <= 0x9f || unicode.Is(unicode.Bidi_Control, r) {
				return 0, fmt.Sprintf("OSC 8 holding U+%04X", r)
			}
		}
		if strings.Contains(uri, "evil.example") {
			return 0, "the fixture's forged OSC 8 link"
		}
		return 2 + n, ""
	case 'P':
		return 0, "DCS"
	case '_':
		return 0, "APC"
	case 'X', '^':
		return 0, "SOS/PM"
	}
	return 0, fmt.Sprintf("escape ESC %q", s[1])
}

// oscBody returns an OSC's text up to its terminator (BEL or ESC \) and
// the length of text and terminator, or -1 when there is none.
func oscBody(s string) (string, int) {
	for j := 0; j < len(s); j++ {
		switch {
		case s[j] == 0x07:
			return s[:j], j + 1
		case s[j] == 0x1b && j+1 < len(s) && s[j+1] == '\\':
			return s[:j], j + 2
		case s[j] == 0x1b:
			return "", -1
		}
	}
	return "", -1
}

func quoteAround(s string, i int) string {
	return strings.ReplaceAll(strings.ReplaceAll(s[max(i-20, 0):min(i+30, len(s))], "\x1b", "\\e"), "\n", "\\n")
}

// selectSkill filters the library to name and opens it in the skill pane.
func selectSkill(t testing.TB, m *Model, name string) {
	t.Helper()
	for _, e := range m.lib.entries {
		if e.Skill.Name == name {
			m.lib.selected = e.ID
			m.lib.rebuild()
			drain(t, m, m.skill.setEntry(e, false))
			return
		}
	}
	t.Fatalf("no skill %q in the library", name)
}

// openTab activates the tab with that title.
func openTab(t testing.TB, m *Model, title string) {
	t.Helper()
	drain(t, m, m.skill.showTab(title))
}
