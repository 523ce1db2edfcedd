package ui

import (
	"context"
	"path"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/quiz"
)

// The Quiz tab runs a SKILL.md's quiz gates the way an agent meets them:
// one question at a time, a verdict and the explanation after each answer,
// the branch actions performed (a section, a reference or another skill
// opened in the tab's reader, a message as a banner), a score per block
// and gates that stay locked, hiding the body, until their block passes.

// quizMode is what the tab shows.
type quizMode int

const (
	quizIntro    quizMode = iota // the blocks and their gates, before a run
	quizLoading                  // the skill's library is being read
	quizAsking                   // a question waits for an answer
	quizFeedback                 // the verdict, explanation and actions
	quizBlockEnd                 // a block's score and its gate
	quizDone                     // the summary of every block
)

// quizTab is the Quiz tab.
type quizTab struct {
	c             *Common
	width, height int

	entry    *Entry
	mode     quizMode
	run      *quiz.Run
	resolver quiz.Resolver
	err      string

	cursor    int                // option under the cursor, or action in feedback
	last      *quiz.AnswerRecord // the answer feedback is about
	banner    string             // message actions of the last answer
	reader    *quizReader        // alone: the open section / reference / skill
	loadToken int                // ignores library loads of an earlier skill
	gate      *bodyGate          // in the studio: what the run hides of the body
	// saved keeps the runs of other skills, so going to another skill's
	// quiz (a load-skill, or the library) and back resumes a run.
	saved savedRuns

	top   int // first line drawn of a screen taller than the pane
	lines int // lines of the screen last drawn
}

func newQuizTab(c *Common) *quizTab {
	return &quizTab{c: c}
}

func (t *quizTab) Title() string { return "Quiz" }

// Badge shows a lock while a gate of a run is closed, an open lock after.
func (t *quizTab) Badge(e *Entry) string {
	if t.run == nil || t.entry != e {
		return ""
	}
	if t.run.BodyLocked() {
		return t.c.Styles.Warning.Render(quizLockedBadge)
	}
	return t.c.Styles.OK.Render(glyphOK)
}

// BadgeWidth is the wider of the two badges, "locked".
func (t *quizTab) BadgeWidth(e *Entry) int {
	if !t.Applies(e) {
		return 0
	}
	return len(quizLockedBadge)
}

const quizLockedBadge = "locked"

func (t *quizTab) Applies(e *Entry) bool {
	return e != nil && e.Skill != nil && len(e.Skill.Quizzes) > 0
}

func (t *quizTab) SetSize(w, h int) {
	t.width, t.height = w, h
	if t.reader != nil {
		t.reader.setSize(w, h)
	}
}

// SetEntry shows e's quiz from the start; a re-read of the same skill
// keeps a run going unless its questions changed.
func (t *quizTab) SetEntry(e *Entry, same bool) tea.Cmd {
	if same && t.entry != nil && e != nil && t.run != nil && sameQuizzes(t.entry.Skill, e.Skill) {
		t.entry = e
		return nil
	}
	if t.entry != nil && t.run != nil && t.mode != quizLoading && (e == nil || e.ID != t.entry.ID) {
		t.saved.put(t.entry, t.state())
	}
	t.entry = e
	t.reset()
	if st, ok := t.saved.take(e); ok {
		t.restore(st)
	}
	t.refreshGate()
	return nil
}

func sameQuizzes(a, b *model.Skill) bool {
	if len(a.Quizzes) != len(b.Quizzes) {
		return false
	}
	for i := range a.Quizzes {
		if len(a.Quizzes[i].Questions) != len(b.Quizzes[i].Questions) {
			return false
		}
	}
	return true
}

func (t *quizTab) reset() {
	t.mode, t.run, t.resolver, t.err = quizIntro, nil, nil, ""
	t.cursor, t.last, t.banner, t.reader = 0, nil, "", nil
	t.loadToken++
}

// CapturesKey tells the pane which keys the tab needs before the pane's
// own bindings see them: while a question waits, number keys answer it
// instead of switching tabs.
func (t *quizTab) CapturesKey(msg tea.KeyPressMsg) bool {
	return t.mode == quizAsking && t.reader == nil && key.Matches(msg, t.c.Keys.QuizOption)
}

// quizLibraryMsg brings the skill's library (the folder above it) back, so
// load-skill actions resolve the way `skillstudio quiz` resolves them.
type quizLibraryMsg struct {
	token int
	lib   *model.Library
}

func (t *quizTab) start() tea.Cmd {
	if t.entry == nil {
		return nil
	}
	if t.resolver == nil && t.inStudio() {
		t.resolver = t.studioResolver()
	}
	if t.resolver != nil {
		return t.begin()
	}
	t.mode = quizLoading
	token, base, dir := t.loadToken, t.entry.Base, path.Dir(t.entry.Candidate.Path)
	return func() tea.Msg {
		lib := formats.LoadAll(context.Background(), base, dir, model.Options{}, nil)
		return quizLibraryMsg{token: token, lib: lib}
	}
}

func (t *quizTab) begin() tea.Cmd {
	r, err := quiz.New(t.entry.Skill, t.resolver)
	if err != nil {
		t.mode, t.err = quizIntro, err.Error()
		return nil
	}
	t.run, t.mode, t.cursor, t.last, t.banner, t.reader, t.err = r, quizAsking, 0, nil, "", nil, ""
	return nil
}

func (t *quizTab) Update(msg tea.Msg) tea.Cmd {
	before := t.screen()
	cmd := t.update(msg)
	if t.screen() != before {
		t.top = 0
	}
	t.refreshGate()
	return cmd
}

func (t *quizTab) update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case quizLibraryMsg:
		if msg.token != t.loadToken || t.entry == nil {
			return nil
		}
		self := t.entry.Skill
		// The skill itself as the tab shows it, then its siblings.
		t.resolver = quiz.Chain{
			quiz.ResolverFunc(func(name string) (*model.Skill, error) {
				if name == self.Name {
					return self, nil
				}
				return nil, nil
			}),
			quiz.LibraryResolver{Library: msg.lib},
		}
		return t.begin()
	case quizRenderedMsg:
		if t.reader != nil {
			t.reader.apply(msg)
		}
		return nil
	case tea.KeyPressMsg:
		if t.reader != nil {
			return t.readerKey(msg)
		}
		if t.scrollKey(msg) {
			return nil
		}
		return t.handleKey(msg)
	case tea.MouseWheelMsg:
		if t.reader != nil {
			t.reader.scroll.update(msg)
		}
	}
	return nil
}

func (t *quizTab) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	k := t.c.Keys
	if t.run != nil && key.Matches(msg, k.QuizEnd) {
		// Ending the run lifts its gate: the Read tab shows the whole
		// body again.
		t.reset()
		return nil
	}
	switch t.mode {
	case quizIntro:
		if key.Matches(msg, k.QuizStart) {
			return t.start()
		}
	case quizAsking:
		q, _ := t.run.Question()
		switch {
		case key.Matches(msg, k.Up):
			t.cursor = (t.cursor + len(q.Options) - 1) % len(q.Options)
		case key.Matches(msg, k.Down):
			t.cursor = (t.cursor + 1) % len(q.Options)
		case key.Matches(msg, k.QuizOption):
			if n := int(msg.Code - '1'); n >= 0 && n < len(q.Options) {
				return t.answer(n)
			}
		case key.Matches(msg, k.QuizChoose):
			return t.answer(t.cursor)
		}
	case quizFeedback:
		acts := t.openable()
		switch {
		case key.Matches(msg, k.Up) && len(acts) > 0:
			t.cursor = (t.cursor + len(acts) - 1) % len(acts)
		case key.Matches(msg, k.Down) && len(acts) > 0:
			t.cursor = (t.cursor + 1) % len(acts)
		case key.Matches(msg, k.QuizOpen) && len(acts) > 0:
			if t.inStudio() {
				return t.performInStudio(acts[t.cursor])
			}
			return t.openAction(acts[t.cursor])
		case key.Matches(msg, k.QuizContinue), key.Matches(msg, k.QuizOpen):
			t.advance()
		}
	case quizBlockEnd:
		switch {
		case t.run.CanRetry() && (key.Matches(msg, k.QuizRetry) || key.Matches(msg, k.QuizChoose) && t.run.Record().State == quiz.GateClosed):
			t.run.Retry()
			t.mode, t.cursor = quizAsking, 0
		case key.Matches(msg, k.QuizContinue), key.Matches(msg, k.QuizChoose):
			t.run.Continue()
			t.cursor = 0
			if t.run.Phase() == quiz.PhaseDone {
				t.mode = quizDone
			} else {
				t.mode = quizAsking
			}
		}
	case quizDone:
		switch {
		case key.Matches(msg, k.QuizRestart), key.Matches(msg, k.QuizRetry):
			return t.begin()
		case key.Matches(msg, k.QuizBody) && !t.run.BodyLocked():
			if t.inStudio() {
				return func() tea.Msg { return GotoHeadingMsg{Return: true} }
			}
			return t.openBody()
		}
	}
	return nil
}

// answer records option n and shows the verdict.
func (t *quizTab) answer(n int) tea.Cmd {
	rec, err := t.run.Answer(n)
	if err != nil {
		return nil
	}
	t.last, t.mode, t.cursor = &rec, quizFeedback, 0
	var msgs []string
	for _, a := range rec.Actions {
		if a.OK && a.Kind == model.ActionMessage {
			msgs = append(msgs, a.Message)
		}
	}
	t.banner = strings.Join(msgs, "\n")
	return nil
}

// advance leaves the feedback for the next question or the block's end.
func (t *quizTab) advance() {
	t.cursor, t.banner = 0, ""
	if t.run.Phase() == quiz.PhaseBlockEnd {
		t.mode = quizBlockEnd
		return
	}
	t.mode = quizAsking
}

// openable lists the actions of the last answer that open something.
func (t *quizTab) openable() []quiz.ActionResult {
	if t.last == nil {
		return nil
	}
	var out []quiz.ActionResult
	for _, a := range t.last.Actions {
		if a.OK && a.Kind != model.ActionMessage {
			out = append(out, a)
		}
	}
	return out
}

func (t *quizTab) readerKey(msg tea.KeyPressMsg) tea.Cmd {
	switch {
	case key.Matches(msg, t.c.Keys.QuizBack):
		t.reader = nil
		return nil
	}
	t.reader.scroll.update(msg)
	return nil
}

func (t *quizTab) ShortHelp() []key.Binding {
	k := t.c.Keys
	if t.reader != nil {
		return []key.Binding{k.QuizBack, k.Down, k.Up}
	}
	bs := t.modeHelp()
	if t.run != nil {
		bs = append(bs, k.QuizEnd)
	}
	return bs
}

// modeHelp is the keys of the screen the exam is on.
func (t *quizTab) modeHelp() []key.Binding {
	k := t.c.Keys
	switch t.mode {
	case quizIntro:
		return []key.Binding{k.QuizStart}
	case quizAsking:
		return []key.Binding{k.QuizOption, k.Up, k.Down, k.QuizChoose}
	case quizFeedback:
		if len(t.openable()) > 0 {
			return []key.Binding{k.QuizOpen, k.QuizContinue}
		}
		return []key.Binding{k.QuizContinue}
	case quizBlockEnd:
		if t.run.CanRetry() && t.run.Record().State == quiz.GateClosed {
			return []key.Binding{k.QuizRetry, k.QuizGiveUp}
		}
		if t.run.CanRetry() {
			return []key.Binding{k.QuizRetry, k.QuizContinue}
		}
		return []key.Binding{k.QuizContinue}
	case quizDone:
		if !t.run.BodyLocked() {
			return []key.Binding{k.QuizBody, k.QuizRestart}
		}
		return []key.Binding{k.QuizRestart}
	}
	return nil
}

func (t *quizTab) FullHelp() [][]key.Binding { return [][]key.Binding{t.ShortHelp()} }
