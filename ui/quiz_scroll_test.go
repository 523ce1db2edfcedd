package ui

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// longQuizSkill is a SKILL.md with one gated block of n questions whose
// text wraps at 80 columns, and, when long is set, a first question with
// six options long enough that the last one falls below a 24-row pane.
func longQuizSkill(n int, long bool) string {
	var b strings.Builder
	b.WriteString("---\nname: long-exam\ndescription: A block of many questions, for the quiz tab's scrolling\nquiz:\n  - title: \"Long exam\"\n    gate: true\n    passing-score: 80\n    questions:\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "      - question: \"Question %d: which of these is the right answer for item %d of this deliberately long list?\"\n        options:\n", i, i)
		opts := 2
		if long && i == 1 {
			opts = 6
		}
		for o := 1; o <= opts; o++ {
			label := fmt.Sprintf("Option %d", o)
			if long && i == 1 {
				label = fmt.Sprintf("Option %d, a label long enough to wrap over several lines at eighty columns: %s", o, strings.Repeat("words and more words ", 8))
			}
			fmt.Fprintf(&b, "          - label: \"%s\"\n", label)
			if o == 1 {
				b.WriteString("            correct: true\n")
			}
		}
	}
	b.WriteString("---\n\n# Long exam\n\n## Notes\n\nText.\n")
	return b.String()
}

func longQuizStudio(t *testing.T, n int, long bool) (*Model, *quizTab) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "lib")
	writeFile(t, dir, "long-exam/SKILL.md", longQuizSkill(n, long))
	m := studio(t, Options{DefaultSource: dir}, 80, 24)
	selectSkill(t, m, "long-exam")
	press(t, m, "enter")
	openTab(t, m, "Quiz")
	press(t, m, "enter") // begin
	return m, quizTabOf(t, m)
}

// A block of 30 questions at 80×24: the results were cut at the pane's
// bottom without a word, and the gate's verdict, drawn after them, never
// showed. The verdict now comes first, a cut edge says how many lines are
// past it, and ↓/pgdn reach the last question.
func TestQuizBlockEndOf30QuestionsScrolls(t *testing.T) {
	m, q := longQuizStudio(t, 30, false)
	for i := 0; i < 30; i++ {
		ans := "1"
		if i%4 == 3 {
			ans = "2"
		}
		press(t, m, ans, " ")
	}
	if q.mode != quizBlockEnd {
		t.Fatalf("mode %v after 30 answers, want the block's end", q.mode)
	}
	frame := ansi.Strip(content(m))
	checkFrame(t, m)
	if !strings.Contains(frame, "The gate stays locked") {
		t.Errorf("the block's verdict is not on screen:\n%s", frame)
	}
	if !strings.Contains(frame, "more · ↓/j or pgdn") {
		t.Errorf("a cut screen does not say more lies below:\n%s", frame)
	}
	if strings.Contains(frame, "Q30 ") {
		t.Fatalf("Q30 fits at 80×24? the test no longer tests scrolling:\n%s", frame)
	}
	press(t, m, "down")
	if f := ansi.Strip(content(m)); !strings.Contains(f, "above · ↑/k or pgup") {
		t.Errorf("after ↓ the screen does not say lines lie above:\n%s", f)
	}
	for i := 0; i < 10; i++ {
		press(t, m, "pgdown")
	}
	frame = ansi.Strip(content(m))
	checkFrame(t, m)
	if !strings.Contains(frame, "Q30 ") || strings.Contains(frame, "more · ") {
		t.Errorf("pgdn never reached the last question:\n%s", frame)
	}
	// r still retries, from the top of the new screen.
	press(t, m, "r")
	if q.mode != quizAsking || q.top != 0 {
		t.Errorf("r after scrolling: mode %v top %d, want asking from the top", q.mode, q.top)
	}
}

// A question whose options run below the pane: moving the cursor to the
// last option scrolls it into view (it was selected off screen).
func TestQuizCursorOptionStaysOnScreen(t *testing.T) {
	m, q := longQuizStudio(t, 2, true)
	frame := ansi.Strip(content(m))
	if strings.Contains(frame, "Option 6,") {
		t.Fatalf("option 6 fits at 80×24? the test no longer tests scrolling:\n%s", frame)
	}
	if !strings.Contains(frame, "more · pgdn") {
		t.Errorf("a cut question does not say more lies below:\n%s", frame)
	}
	press(t, m, "up") // wraps round to the last option
	if q.cursor != 5 {
		t.Fatalf("cursor %d, want 5", q.cursor)
	}
	frame = ansi.Strip(content(m))
	checkFrame(t, m)
	if !strings.Contains(frame, "› 6  Option 6,") {
		t.Errorf("the option under the cursor is off screen:\n%s", frame)
	}
	press(t, m, "6")
	if q.mode != quizFeedback || q.last == nil || q.last.Choice != 5 {
		t.Errorf("6 did not answer the sixth option (mode %v)", q.mode)
	}
}

// Twelve blocks listed before a run at 80×24: ↓ scrolls to the last one
// (↑/↓ choose nothing there), and enter still begins the exam.
func TestQuizIntroOfManyBlocksScrolls(t *testing.T) {
	var b strings.Builder
	b.WriteString("---\nname: many-blocks\ndescription: Twelve quiz blocks, for the intro's scrolling\nquiz:\n")
	for i := 1; i <= 12; i++ {
		fmt.Fprintf(&b, "  - title: \"Block number %d\"\n    description: \"What block %d checks\"\n    questions:\n      - question: \"Q%d?\"\n        options:\n          - label: \"yes\"\n            correct: true\n          - label: \"no\"\n", i, i, i)
	}
	b.WriteString("---\n\n# Many\n")
	dir := filepath.Join(t.TempDir(), "lib")
	writeFile(t, dir, "many-blocks/SKILL.md", b.String())
	m := studio(t, Options{DefaultSource: dir}, 80, 24)
	selectSkill(t, m, "many-blocks")
	press(t, m, "enter")
	openTab(t, m, "Quiz")
	q := quizTabOf(t, m)
	if f := ansi.Strip(content(m)); strings.Contains(f, "Block number 12") || !strings.Contains(f, "more · ↓/j or pgdn") {
		t.Fatalf("the intro of 12 blocks fits at 80×24, or does not say more lies below:\n%s", f)
	}
	for i := 0; i < 40; i++ {
		press(t, m, "down")
	}
	frame := ansi.Strip(content(m))
	checkFrame(t, m)
	if !strings.Contains(frame, "Block number 12") {
		t.Errorf("↓ never reached the last block:\n%s", frame)
	}
	press(t, m, "enter")
	if q.mode != quizAsking || q.top != 0 {
		t.Errorf("enter after scrolling: mode %v top %d, want the first question from the top", q.mode, q.top)
	}
}
