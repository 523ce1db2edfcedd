package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/registry"
)

// This file holds the studio's seams: the messages and hooks other parts
// of skillstudio plug into. doc.go explains how each is meant to be used.

// OpenFileMsg asks the skill pane to show a file of the selected skill in
// the Read tab, on top of the reader's back stack. Path is an FS path
// relative to the skill's folder (a quiz's load-reference target).
//
// Return (here and in GotoHeadingMsg and OpenSkillMsg) gives the reader a
// back key to the tab that sent the message, on the skill it was on: the
// quiz's way back.
//
// Line, when set, is a 1-based line of the file to show (a finding's):
// the reader scrolls to where it landed and marks it for a moment.
type OpenFileMsg struct {
	Path   string
	Line   int
	Return bool
}

// GotoHeadingMsg asks the skill pane to show the selected skill's body in
// the Read tab scrolled to a heading (a quiz's goto action). Slug, the
// heading's anchor as skillmd's outline gives it, names the heading
// exactly; without it Heading is resolved as a quiz resolves a goto target
// ("## Setup", "Setup", "#setup"). With neither, the top of the body.
type GotoHeadingMsg struct {
	Heading string
	Slug    string
	Return  bool
}

// OpenSkillMsg selects the skill of that name and shows its Read tab (a
// quiz's load-skill action). ID, when set, picks the entry exactly (two
// sources may hold skills of one name). Unknown names give a status
// message.
type OpenSkillMsg struct {
	Name   string
	ID     int
	Return bool
}

// StatusMsg shows a one-line message in the status bar until the next key.
type StatusMsg struct {
	Text  string
	Error bool
}

// RescanMsg searches every source again and adds skills that appeared
// (the scaffolder sends it after writing a new skill).
type RescanMsg struct{}

// AddSourceMsg opens one more source (a folder, a file, or whatever spec
// Options.Open understands; remote specs stream when Options.Remote is
// set) and streams its skills into the library. Save also lists it in the
// user config file (Options.ConfigPath), as the add-source prompt does.
type AddSourceMsg struct {
	Spec string
	Save bool
}

// CloseScreenMsg closes the full-window screen that is open (the new-skill
// form, the add-source prompt) and returns to the library.
type CloseScreenMsg struct{}

// Screen is a full-window component that takes over the studio until it
// sends CloseScreenMsg: the new-skill form, the add-source prompt.
type Screen interface {
	Component
	Init() tea.Cmd
	Update(msg tea.Msg) tea.Cmd
}

// ScreenContext tells a screen where it was opened.
type ScreenContext struct {
	// Selected is the selected skill, or nil.
	Selected *Entry
	// Dir is a local folder the user is working in: the selected skill's
	// source root, or the first local source; "" when everything shown is
	// embedded or remote.
	Dir string
}

// ScreenFactory makes a screen.
type ScreenFactory func(c *Common, ctx ScreenContext) Screen

// Builder builds .xgs.js skills for the status bar's "last build" line.
// The bundle package's incremental builder satisfies it with a small
// adapter. Build is called from a command, never from Update, whenever an
// .xgs.js skill is selected or changes on disk; it may be called
// concurrently for different files and should reuse earlier work.
type Builder interface {
	Build(file string) BuildResult
}

// BuildResult is the outcome of one build.
type BuildResult struct {
	Bytes    int
	Duration time.Duration
	// Err is the first error, formatted file:line:col: message.
	Err error
}

// Opener opens a source spec; the default is registry.OpenLocal.
type Opener func(spec string) (registry.Opened, error)

// Options configure a studio.
type Options struct {
	// Sources are what the user named. With none, DefaultSource is used,
	// and where that holds no skills, the embedded example library.
	Sources []string
	// DefaultSource is the folder used when Sources is empty ("." when
	// unset).
	DefaultSource string
	// Examples opens the embedded example library (plus Sources, but not
	// the config file's sources), whatever the working folder holds.
	Examples bool
	// ExtraSources are always opened too (the user's config file's
	// sources:, or a checkout's once trusted).
	ExtraSources []string
	// Consent, when set, is a checkout's config whose sources: are opened
	// only once the user says so (asked at start).
	Consent *SourceConsent
	// WorkDir is where paths are shown relative to (default: the working
	// folder).
	WorkDir string
	// Theme fixes the palette: "dark" or "light". Empty means follow the
	// terminal's background colour (dark until it answers).
	Theme string
	// NoColor draws without colour (NO_COLOR).
	NoColor bool
	// Profile and Config are passed to the readers and applied to
	// findings, as `lint` does.
	Profile model.Profile
	Config  *model.RuleConfig
	// ReviewConfig is the rule configuration the Review tab and the risk
	// marks apply (config.ReviewFormats: a project file that came with
	// the skills may raise review findings, never lower them); nil: Config.
	ReviewConfig *model.RuleConfig
	// ListingAgents and ContextTokens are the agents whose skill listing
	// the library checks simulate and the context window they assume (the
	// config's agents: and context:; see model.Options).
	ListingAgents []string
	ContextTokens int
	// Exclude leaves paths out of the search of local sources (the
	// config's exclude: and --exclude); nil searches everything.
	Exclude model.PathFilter
	// Folders applies the exclude: and profile: of the project files
	// the search finds below the linted folder (nil: --config).
	Folders model.FolderConfigs
	// Watch turns on live lint: skills re-read when their files change.
	Watch bool
	// Open opens a source spec (default registry.OpenLocal; the CLI
	// passes one that also opens remote sources).
	Open Opener
	// Builder, when set, shows .xgs.js builds in the status bar.
	Builder Builder
	// BatchSize is how many skills one load command reads (default 32).
	BatchSize int
	// Remote, when set, streams remote specs (registry.IsRemote) with
	// registry.Stream: rows as soon as the index arrives, details as they
	// are fetched, a status line per source. Nil opens them with Open.
	Remote *registry.RemoteOptions
	// ConfigPath is the user config file whose sources: list the studio
	// edits when a source is added or removed ("" edits nothing).
	ConfigPath string
	// PullDir is where `p` copies a remote skill (default WorkDir).
	PullDir string
	// ConfigFiles are the configuration files watched (with Watch) for
	// changes: those read, and where a project file would be found.
	// ReloadConfig reads the configuration again as the CLI did at start,
	// flags still winning; nil reads it once (config_reload.go).
	ConfigFiles  []string
	ReloadConfig func() (ConfigReload, error)
	// ConfigProblems are findings about the configuration found while
	// linting (a nested project file that does not read, settings of one
	// that do not apply below the root), asked after each library check:
	// nested files are read as findings land under them.
	ConfigProblems func() []model.Diagnostic
}
