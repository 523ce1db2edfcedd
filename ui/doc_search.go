package ui

import (
	"fmt"
	"strings"
	"unicode"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/skillstudio/skillstudio/sanitize"
)

// docSearch is search inside the document the reader shows, as in less
// and glow's pager: `/` opens a prompt, enter searches, `n`/`N` move
// between matches, matches are highlighted and counted, esc clears. It
// searches the rendered text (what is on screen), so a match is always
// somewhere the reader can scroll to. Case is ignored unless the query
// has a capital letter (smart case).
type docSearch struct {
	c      *Common
	input  textinput.Model
	typing bool   // the prompt has the keys
	query  string // the search in force ("" for none)
	// matches are the lines holding a match, in order; cur indexes them
	// (-1 before the first n).
	matches []int
	cur     int
	plain   []string // the searched lines without escapes (per document)
	lines   []string // the lines plain was made from
	// marks are the parts of each line to highlight; a match across a
	// code-wrap break (doc_search_wrap.go) has one on each line it spans.
	marks map[int][]mark
}

// mark is one highlighted part of a line: plain[from:to], of the match
// that starts on line first (which n/N move to).
type mark struct {
	from, to, first int
}

func newDocSearch(c *Common) docSearch {
	ti := textinput.New()
	ti.Prompt = "/"
	ti.CharLimit = 200
	// A steady cursor, as in the library's filter: a blinking one redraws
	// the screen twice a second for nothing.
	st := ti.Styles()
	st.Cursor.Blink = false
	ti.SetStyles(st)
	return docSearch{c: c, input: ti, cur: -1}
}

// active says whether a search is typed or in force.
func (s *docSearch) active() bool { return s.typing || s.query != "" }

// captures says whether the search wants msg before every other binding:
// all keys while the prompt is open, n/N/esc while a search is in force.
func (s *docSearch) captures(msg tea.KeyPressMsg) bool {
	k := s.c.Keys
	if s.typing {
		return true
	}
	if key.Matches(msg, k.Search) {
		return true
	}
	return s.query != "" && (key.Matches(msg, k.SearchNext) || key.Matches(msg, k.SearchPrev) || key.Matches(msg, k.ClearSearch))
}

// handle acts on a captured key. lines are the document's rendered lines;
// it returns the line to scroll to, or -1.
func (s *docSearch) handle(msg tea.KeyPressMsg, lines []string, y int) (int, tea.Cmd) {
	k := s.c.Keys
	if s.typing {
		switch msg.Code {
		case tea.KeyEnter:
			s.typing = false
			s.input.Blur()
			s.set(s.input.Value(), lines)
			return s.next(y, 1), nil
		case tea.KeyEscape:
			s.typing = false
			s.input.Blur()
			return -1, nil
		}
		var cmd tea.Cmd
		s.input, cmd = s.input.Update(msg)
		return -1, cmd
	}
	switch {
	case key.Matches(msg, k.Search):
		s.typing = true
		s.input.SetValue("")
		return -1, s.input.Focus()
	case key.Matches(msg, k.SearchNext):
		s.refresh(lines)
		return s.next(y, 1), nil
	case key.Matches(msg, k.SearchPrev):
		s.refresh(lines)
		return s.next(y, -1), nil
	case key.Matches(msg, k.ClearSearch):
		s.set("", lines)
	}
	return -1, nil
}

// set makes q the search in force over lines.
func (s *docSearch) set(q string, lines []string) {
	s.query = q
	s.cur = -1
	s.lines = nil
	s.refresh(lines)
}

// refresh finds the matches again when the document changed (another
// file, a re-render at a new width).
func (s *docSearch) refresh(lines []string) {
	if s.query == "" {
		s.matches, s.plain, s.lines, s.marks = nil, nil, nil, nil
		return
	}
	if sameLines(s.lines, lines) && s.matches != nil {
		return
	}
	s.lines = lines
	s.plain = make([]string, len(lines))
	s.matches = s.matches[:0]
	s.marks = map[int][]mark{}
	needle, fold := s.needle()
	for i, l := range lines {
		s.plain[i] = ansi.Strip(l)
	}
	for _, pieces := range logicalLines(lines, s.plain) {
		hay := make([]string, len(pieces))
		for k, p := range pieces {
			hay[k] = s.plain[p.line][p.from:p.to]
			// Folded only where folding keeps the byte offsets.
			if low := strings.ToLower(hay[k]); fold && len(low) == len(hay[k]) {
				hay[k] = low
			}
		}
		for _, m := range matchJoined(pieces, hay, needle) {
			first := m[0].line
			if n := len(s.matches); n == 0 || s.matches[n-1] != first {
				s.matches = append(s.matches, first)
			}
			for _, r := range m {
				s.marks[r.line] = append(s.marks[r.line], mark{r.from, r.to, first})
			}
		}
	}
	if s.cur >= len(s.matches) {
		s.cur = -1
	}
}

func sameLines(a, b []string) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// needle is the text looked for and whether case is folded.
func (s *docSearch) needle() (string, bool) {
	for _, r := range s.query {
		if unicode.IsUpper(r) {
			return s.query, false
		}
	}
	return strings.ToLower(s.query), true
}

// next moves to the next match after line y (dir 1) or before it (-1),
// wrapping around, and returns its line (-1: none).
func (s *docSearch) next(y, dir int) int {
	n := len(s.matches)
	if n == 0 {
		return -1
	}
	if s.cur >= 0 {
		s.cur = ((s.cur+dir)%n + n) % n
		return s.matches[s.cur]
	}
	// The first from where the reader is.
	s.cur = 0
	if dir < 0 {
		s.cur = n - 1
	}
	for i, l := range s.matches {
		if dir > 0 && l >= y {
			s.cur = i
			break
		}
		if dir < 0 && l < y {
			s.cur = i
		}
	}
	return s.matches[s.cur]
}

// highlight styles the matches on line i (an index into the searched
// lines), keeping the line's own colours around them.
func (s *docSearch) highlight(i int, line string) string {
	if s.query == "" || i >= len(s.plain) || s.lines == nil {
		return line
	}
	plain := s.plain[i]
	current := -1
	if s.cur >= 0 && s.cur < len(s.matches) {
		current = s.matches[s.cur]
	}
	var ranges []lipgloss.Range
	for _, m := range s.marks[i] {
		st := s.c.Styles.SearchMatch
		if m.first == current {
			st = s.c.Styles.SearchCurrent
		}
		ranges = append(ranges, lipgloss.NewRange(ansi.StringWidth(plain[:m.from]), ansi.StringWidth(plain[:m.to]), st))
	}
	if len(ranges) == 0 {
		return line
	}
	return lipgloss.StyleRanges(line, ranges...)
}

// status is the footer line: the prompt while typing, else the count.
func (s *docSearch) status() string {
	st := s.c.Styles
	if s.typing {
		return " " + s.input.View()
	}
	if s.query == "" {
		return ""
	}
	k := s.c.Keys
	if len(s.matches) == 0 {
		return st.StatusError.Render(fmt.Sprintf(" no match for %q", sanitize.Line(s.query))) + st.Dim.Render(" · "+k.ClearSearch.Help().Key+" to clear")
	}
	pos := "–"
	if s.cur >= 0 {
		pos = fmt.Sprint(s.cur + 1)
	}
	return st.Dim.Render(fmt.Sprintf(" /%s  match %s of %s · %s/%s next/prev · %s clear",
		sanitize.Line(s.query), pos, plural(len(s.matches), "line", "lines"),
		k.SearchNext.Help().Key, k.SearchPrev.Help().Key, k.ClearSearch.Help().Key))
}
