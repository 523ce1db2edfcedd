package ui

import (
	"charm.land/bubbles/v2/key"
)

// KeyMap is the studio's one key map. Screens match keys only through
// these bindings, so the help bar always tells the truth.
type KeyMap struct {
	// Global.
	Quit      key.Binding
	ForceQuit key.Binding
	Help      key.Binding
	NewSkill  key.Binding
	AddSource key.Binding

	// Moving around.
	Up       key.Binding
	Down     key.Binding
	PageUp   key.Binding
	PageDown key.Binding
	HalfUp   key.Binding
	HalfDown key.Binding
	Top      key.Binding
	Bottom   key.Binding
	Left     key.Binding
	Right    key.Binding

	// Library.
	Filter      key.Binding
	ClearFilter key.Binding
	AcceptInput key.Binding
	InputUp     key.Binding // moves the list while the filter is typed into
	InputDown   key.Binding
	Sort        key.Binding
	Group       key.Binding
	Open        key.Binding

	// Skill pane.
	Back        key.Binding
	NextTab     key.Binding
	PrevTab     key.Binding
	TabNumber   key.Binding
	NextHeading key.Binding
	PrevHeading key.Binding
	NextLink    key.Binding
	PrevLink    key.Binding
	Follow      key.Binding
	ReaderBack  key.Binding
	// Search inside the document the reader shows (less's keys).
	Search      key.Binding
	SearchNext  key.Binding
	SearchPrev  key.Binding
	ClearSearch key.Binding
	// The search prompt's own keys: enter finds, esc leaves the prompt
	// (the search in force, if any, stays).
	FindTyped  key.Binding
	CancelFind key.Binding
	Outline    key.Binding
	Edit       key.Binding
	EditFile   key.Binding // the library's and the reader's `e`
	Pull       key.Binding
	RemoveSrc  key.Binding
	Confirm    key.Binding
	Retry      key.Binding // a failed source, in the remove question
	Cancel     key.Binding
	// CycleAgent steps the Agent tab's library listing to the next agent.
	CycleAgent key.Binding

	// Quiz tab. Number keys answer while a question waits (the tab
	// captures them before they switch tabs, see keyCapturer).
	QuizStart    key.Binding
	QuizChoose   key.Binding
	QuizOption   key.Binding
	QuizContinue key.Binding
	QuizRetry    key.Binding
	QuizGiveUp   key.Binding
	QuizRestart  key.Binding
	QuizEnd      key.Binding
	QuizOpen     key.Binding
	QuizBody     key.Binding
	QuizBack     key.Binding
}

// DefaultKeyMap returns the studio's bindings.
func DefaultKeyMap() *KeyMap {
	b := func(help, desc string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return &KeyMap{
		Quit:      b("q", "quit", "q"),
		ForceQuit: b("ctrl+c", "quit", "ctrl+c"),
		Help:      b("?", "more keys", "?"),
		NewSkill:  b("n", "new skill", "n"),
		AddSource: b("a", "add source", "a"),

		Up:       b("↑/k", "up", "up", "k"),
		Down:     b("↓/j", "down", "down", "j"),
		PageUp:   b("pgup", "page up", "pgup", "b"),
		PageDown: b("pgdn", "page down", "pgdown", "space", "f"),
		HalfUp:   b("u", "½ page up", "u", "ctrl+u"),
		HalfDown: b("d", "½ page down", "d", "ctrl+d"),
		Top:      b("g/home", "top", "home", "g"),
		Bottom:   b("G/end", "bottom", "end", "G"),
		Left:     b("←/h", "left", "left", "h"),
		Right:    b("→/l", "right", "right", "l"),

		Filter:      b("/", "filter", "/"),
		ClearFilter: b("esc", "clear filter", "esc"),
		AcceptInput: b("enter", "apply filter", "enter"),
		InputUp:     b("↑", "up", "up", "ctrl+p"),
		InputDown:   b("↓", "down", "down", "ctrl+n"),
		Sort:        b("s", "sort", "s"),
		Group:       b("o", "group by source", "o"),
		Open:        b("enter", "open", "enter"),

		Back:        b("esc", "library", "esc"),
		NextTab:     b("tab", "next tab", "tab"),
		PrevTab:     b("shift+tab", "prev tab", "shift+tab"),
		TabNumber:   b("1-9", "tab", "1", "2", "3", "4", "5", "6", "7", "8", "9"),
		NextHeading: b("]", "next heading", "]"),
		PrevHeading: b("[", "prev heading", "["),
		NextLink:    b("}", "next link", "}"),
		PrevLink:    b("{", "prev link", "{"),
		Follow:      b("enter", "open link", "enter"),
		ReaderBack:  b("backspace", "back", "backspace"),
		Search:      b("/", "search", "/"),
		SearchNext:  b("n", "next match", "n"),
		SearchPrev:  b("N", "prev match", "N"),
		ClearSearch: b("esc", "clear search", "esc"),
		FindTyped:   b("enter", "find", "enter"),
		CancelFind:  b("esc", "cancel", "esc"),
		Outline:     b("t", "outline", "t"),
		Edit:        b("enter", "open in editor", "enter", "e"),
		EditFile:    b("e", "edit in $EDITOR", "e"),
		Pull:        b("p", "pull into this folder", "p"),
		RemoveSrc:   b("D", "remove source", "D"),
		Confirm:     b("y", "yes", "y", "Y"),
		Retry:       b("r", "retry", "r"),
		Cancel:      b("n/esc", "no", "n", "N", "esc"),
		CycleAgent:  b("c", "next agent", "c"),

		QuizStart:    b("enter", "start the quiz", "enter", "space"),
		QuizChoose:   b("enter", "answer", "enter"),
		QuizOption:   b("1-9", "answer", "1", "2", "3", "4", "5", "6", "7", "8", "9"),
		QuizContinue: b("space/→", "continue", "space", "right", "l"),
		QuizRetry:    b("r", "retry block", "r"),
		QuizGiveUp:   b("→", "give up", "right", "l"),
		QuizRestart:  b("R", "start over", "R"),
		QuizEnd:      b("x", "end the run", "x"),
		QuizOpen:     b("enter", "open", "enter"),
		QuizBody:     b("b", "read the body", "b"),
		QuizBack:     b("backspace", "back to the quiz", "backspace"),
	}
}
