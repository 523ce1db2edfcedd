package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// pager scrolls pre-wrapped lines. It replaces bubbles' viewport in the
// tabs because content here is always wrapped to the pane already, and
// the viewport measures the width of every line on each SetContent: for a
// 500-line glamour rendering that alone took ~14 ms, too slow to do on a
// keypress. Lines are split once, in the command that renders them.
type pager struct {
	keys          *KeyMap
	width, height int
	lines         []string
	y             int
}

// wheelDelta is how many lines one mouse-wheel notch scrolls.
const wheelDelta = 3

func newPager(k *KeyMap) pager { return pager{keys: k} }

func (p *pager) SetWidth(w int)  { p.width = w }
func (p *pager) SetHeight(h int) { p.height = h; p.SetYOffset(p.y) }
func (p *pager) Height() int     { return p.height }
func (p *pager) YOffset() int    { return p.y }

// SetContent splits s into lines; SetLines takes them as they are.
func (p *pager) SetContent(s string) { p.SetLines(strings.Split(s, "\n")) }
func (p *pager) SetLines(lines []string) {
	p.lines = lines
	p.SetYOffset(p.y)
}

func (p *pager) TotalLineCount() int { return len(p.lines) }

func (p *pager) maxY() int { return max(len(p.lines)-p.height, 0) }

// SetYOffset scrolls so line y is the first shown (clamped).
func (p *pager) SetYOffset(y int) { p.y = min(max(y, 0), p.maxY()) }

func (p *pager) GotoTop()    { p.y = 0 }
func (p *pager) GotoBottom() { p.y = p.maxY() }

// ScrollPercent is how far down the content is shown, 0–1.
func (p *pager) ScrollPercent() float64 {
	if p.maxY() == 0 {
		return 1
	}
	return float64(p.y) / float64(p.maxY())
}

// Update scrolls on the studio's movement keys and the mouse wheel.
func (p *pager) Update(msg tea.Msg) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		k := p.keys
		switch {
		case key.Matches(msg, k.Down):
			p.SetYOffset(p.y + 1)
		case key.Matches(msg, k.Up):
			p.SetYOffset(p.y - 1)
		case key.Matches(msg, k.PageDown):
			p.SetYOffset(p.y + max(p.height, 1))
		case key.Matches(msg, k.PageUp):
			p.SetYOffset(p.y - max(p.height, 1))
		case key.Matches(msg, k.HalfDown):
			p.SetYOffset(p.y + max(p.height/2, 1))
		case key.Matches(msg, k.HalfUp):
			p.SetYOffset(p.y - max(p.height/2, 1))
		case key.Matches(msg, k.Top):
			p.GotoTop()
		case key.Matches(msg, k.Bottom):
			p.GotoBottom()
		}
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelDown:
			p.SetYOffset(p.y + wheelDelta)
		case tea.MouseWheelUp:
			p.SetYOffset(p.y - wheelDelta)
		}
	}
}

// View returns the visible lines (callers fit them to the pane).
func (p *pager) View() string {
	end := min(p.y+p.height, len(p.lines))
	if p.y >= end {
		return ""
	}
	return strings.Join(p.lines[p.y:end], "\n")
}
