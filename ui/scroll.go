package ui

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// scrollView is the scrolling body the text tabs share: content drawn for
// the current width, kept in a viewport, scrolled by keys and the wheel.
type scrollView struct {
	c             *Common
	width, height int
	vp            pager
}

func newScrollView(c *Common) scrollView {
	return scrollView{c: c, vp: newPager(c.Keys)}
}

func (s *scrollView) setSize(w, h int) {
	s.width, s.height = w, h
	s.vp.SetWidth(w)
	s.vp.SetHeight(max(h, 1))
}

// setContent replaces the content, keeping the scroll position (clamped)
// so a re-lint does not jump.
func (s *scrollView) setContent(content string, keepOffset bool) {
	y := s.vp.YOffset()
	s.vp.SetContent(content)
	if keepOffset {
		s.vp.SetYOffset(y)
	} else {
		s.vp.GotoTop()
	}
}

func (s *scrollView) update(msg tea.Msg) { s.vp.Update(msg) }

func (s *scrollView) view() string {
	if s.width <= 0 || s.height <= 0 {
		return ""
	}
	return fitLines(s.vp.View(), s.width, s.height)
}

// scrollHint is a dim "42%" for a tab's title line when content overflows.
func (s *scrollView) scrollHint() string {
	if s.vp.TotalLineCount() <= s.vp.Height() {
		return ""
	}
	return s.c.Styles.Dim.Render(fmt.Sprintf("%3.0f%% ", s.vp.ScrollPercent()*100))
}

func (s *scrollView) shortHelp() []key.Binding {
	k := s.c.Keys
	return []key.Binding{k.Down, k.Up, k.PageDown, k.PageUp}
}

func (s *scrollView) fullHelp() [][]key.Binding {
	k := s.c.Keys
	return [][]key.Binding{{k.Down, k.Up, k.PageDown, k.PageUp, k.HalfDown, k.HalfUp, k.Top, k.Bottom}}
}
