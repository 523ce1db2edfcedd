package ui

import (
	"os"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"github.com/skillstudio/skillstudio/model"
)

// Common is what every screen shares: the size it was given, the theme
// with its style sheet, the key map and the Markdown render cache. Screens
// hold a *Common, so a theme change reaches all of them at once.
type Common struct {
	Width, Height int
	Theme         Theme
	Styles        *Styles
	Keys          *KeyMap
	Render        *RenderCache
	// Builder, when set, reports .xgs.js builds for the status bar.
	Builder Builder
	// WorkDir is the working folder; paths inside it are shown relative.
	WorkDir string
	// Rules is the rule configuration (severities, rules turned off) the
	// background review applies, as lint --review does; nil: defaults.
	Rules *model.RuleConfig
	// Library is the studio's whole library (every loaded source), for
	// tabs that look skills up by name (a quiz's load-skill); nil outside
	// the studio (the stand-alone quiz).
	Library LibraryLookup
}

// LibraryLookup finds skills in the studio's library. It is called from
// Update only (it reads the library the update loop owns).
type LibraryLookup interface {
	// EntryNamed returns the skill called name, preferring one from the
	// same source as near (which may be nil); nil when there is none.
	EntryNamed(name string, near *Entry) *Entry
	// SourceFindings returns the findings about e's source itself
	// (search problems, rejected index entries, index checks).
	SourceFindings(e *Entry) []model.Diagnostic
}

// NewCommon builds a Common for a theme.
func NewCommon(t Theme) *Common {
	wd, _ := os.Getwd()
	return &Common{Theme: t, Styles: NewStyles(t), Keys: DefaultKeyMap(), Render: NewRenderCache(64), WorkDir: wd}
}

// SetTheme switches palette; screens read Styles on their next View.
func (c *Common) SetTheme(t Theme) {
	c.Theme = t
	c.Styles = NewStyles(t)
}

// Component is a piece of a screen (soft-serve's pattern): it is told its
// size, draws itself, and names the keys it answers to for the help bar.
type Component interface {
	help.KeyMap
	SetSize(width, height int)
	View() string
}

// Tab is one tab of the skill pane. A tab is a Component that is given the
// selected skill and the messages of the pane while it is the active tab.
type Tab interface {
	Component
	// Title is the tab's label; Badge an optional short decoration after
	// it for skill e (the Lint tab's counts), already styled, at most
	// BadgeWidth(e) cells wide. The tab row keeps BadgeWidth cells for the
	// badge whether it is there yet or not, so a badge that arrives later
	// (a review landing, a quiz run starting) never moves the row.
	Title() string
	Badge(e *Entry) string
	BadgeWidth(e *Entry) int
	// Applies says whether the tab has anything to show for e (the
	// Functions tab does not for SKILL.md); tabs that do not apply are
	// hidden.
	Applies(e *Entry) bool
	// SetEntry shows e. same is true when e is the skill already shown,
	// re-read after a change on disk: keep the selection and scroll.
	SetEntry(e *Entry, same bool) tea.Cmd
	// Update handles a message while the tab is active (and render or
	// data messages addressed to it at any time).
	Update(msg tea.Msg) tea.Cmd
}

// keyCapturer is a tab that needs some keys before the pane's and the
// studio's own bindings see them: while a question waits, the Quiz tab's
// number keys answer it instead of switching tabs.
type keyCapturer interface {
	CapturesKey(msg tea.KeyPressMsg) bool
}
