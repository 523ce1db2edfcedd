package ui

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// Scrolling the Quiz tab. A screen taller than the pane (a block of 30
// questions' results, a long question with six options at 80×24) was cut
// at the pane's bottom without a word, taking the gate's verdict and the
// keys' meaning with it. Now the screen scrolls: pgup/pgdn on every
// screen, ↑/↓ too where they choose nothing (the blocks before a run, a
// block's end, the summary), and the option or action under the cursor is
// always drawn. A cut edge says how many lines lie beyond it.

// quizScreen identifies what the tab shows; the scroll starts at the top
// whenever it changes.
type quizScreen struct {
	mode            quizMode
	block, question int
	reader          bool
}

func (t *quizTab) screen() quizScreen {
	s := quizScreen{mode: t.mode, reader: t.reader != nil}
	if t.run != nil {
		s.block, s.question = t.run.BlockIndex(), t.run.QuestionIndex()
	}
	return s
}

// scrollKey moves the screen for a key no screen key took; it says
// whether the key was one.
func (t *quizTab) scrollKey(msg tea.KeyPressMsg) bool {
	k := t.c.Keys
	// space, b and enter mean something on some screens; they never scroll.
	if key.Matches(msg, k.QuizStart, k.QuizChoose, k.QuizContinue, k.QuizBody) {
		return false
	}
	page := max(t.height-3, 1)
	free := t.arrowsScroll()
	switch {
	case key.Matches(msg, k.PageDown):
		t.top += page
	case key.Matches(msg, k.PageUp):
		t.top -= page
	case free && key.Matches(msg, k.Down):
		t.top++
	case free && key.Matches(msg, k.Up):
		t.top--
	default:
		return false
	}
	t.top = max(min(t.top, t.lines-(t.height-1)), 0)
	return true
}

// window is the part of lines that fits in rows, scrolled to t.top and
// moved so the line focus (-1: none) shows; a cut edge becomes a line
// saying how much lies past it.
func (t *quizTab) window(lines []string, rows, focus int) []string {
	t.lines = len(lines)
	if rows <= 0 {
		return nil
	}
	if len(lines) <= rows {
		t.top = 0
		return lines
	}
	// Leave a row for each edge marker that may be drawn.
	if focus >= 0 {
		if focus < t.top+1 {
			t.top = focus - 1
		}
		if focus > t.top+rows-2 {
			t.top = focus - rows + 2
		}
	}
	t.top = max(min(t.top, len(lines)-rows), 0)
	out := append([]string(nil), lines[t.top:t.top+rows]...)
	st := t.c.Styles
	if t.top > 0 {
		// The marker covers the first row, so that row's line counts too.
		out[0] = st.Dim.Render(fmt.Sprintf(" ↑ %s above · %s", plural(t.top+1, "line", "lines"), t.scrollHint(true)))
	}
	if below := len(lines) - t.top - rows; below > 0 {
		out[rows-1] = st.Dim.Render(fmt.Sprintf(" ↓ %s more · %s", plural(below+1, "line", "lines"), t.scrollHint(false)))
	}
	return out
}

// arrowsScroll: ↑/↓ choose nothing on this screen (the blocks before a
// run, a block's end, the summary), so they scroll it.
func (t *quizTab) arrowsScroll() bool {
	return t.mode == quizIntro || t.mode == quizBlockEnd || t.mode == quizDone
}

// scrollHint names the keys that scroll this screen.
func (t *quizTab) scrollHint(up bool) string {
	k := t.c.Keys
	if t.arrowsScroll() {
		if up {
			return k.Up.Help().Key + " or pgup"
		}
		return k.Down.Help().Key + " or pgdn"
	}
	if up {
		return "pgup"
	}
	return "pgdn"
}
