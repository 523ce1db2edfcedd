package model

// QuizBlock is one quiz gate of a SKILL.md (Layer 4): questions the agent
// answers before it proceeds.
type QuizBlock struct {
	Title       string `json:"title,omitempty"`
	Description string `json:"description,omitempty"`
	// Gate true means a failed block blocks what follows it and the body.
	Gate bool `json:"gate"`
	// PassingScore is the percentage (0–100) needed to pass; default 100.
	// It keeps the fraction written (66.6), never rounded: a gate compares
	// the score against exactly what the author wrote.
	PassingScore float64    `json:"passingScore"`
	Questions    []Question `json:"questions"`
	Line         int        `json:"-"`
	Column       int        `json:"-"`
}

// Question is one multiple-choice question.
type Question struct {
	Text        string   `json:"question"`
	Options     []Option `json:"options"`
	Explanation string   `json:"explanation,omitempty"`
	// OnCorrect and OnIncorrect keep the branch's actions in written order.
	OnCorrect   []Action `json:"onCorrect,omitempty"`
	OnIncorrect []Action `json:"onIncorrect,omitempty"`
	Line        int      `json:"-"`
	Column      int      `json:"-"`
}

// Option is one answer choice.
type Option struct {
	Label   string `json:"label"`
	Correct bool   `json:"correct,omitempty"`
	Line    int    `json:"-"`
	Column  int    `json:"-"`
}

// ActionKind is what a branch does.
type ActionKind string

const (
	ActionGoto          ActionKind = "goto"           // jump to a heading in the body
	ActionLoadSkill     ActionKind = "load-skill"     // load another skill by name
	ActionLoadReference ActionKind = "load-reference" // load a file of this skill
	ActionMessage       ActionKind = "message"        // show text
)

// Action is one branch action with its target (heading, name, path, text).
type Action struct {
	Kind   ActionKind `json:"kind"`
	Target string     `json:"target"`
	Line   int        `json:"-"`
	Column int        `json:"-"`
}

// Profile decides which frontmatter fields count as known.
type Profile string

const (
	ProfileAll         Profile = "all"
	ProfileAgentSkills Profile = "agentskills"
	ProfileClaudeCode  Profile = "claude-code"
	ProfileSkillli     Profile = "skillli"
	ProfileCodex       Profile = "codex"
)

// Profiles lists every profile.
var Profiles = []Profile{ProfileAll, ProfileAgentSkills, ProfileClaudeCode, ProfileSkillli, ProfileCodex}

// Options tune how readers check a skill.
type Options struct {
	Profile Profile // default ProfileAll
	// FindingsOnly tells formats.Load to drop what only viewers need (the
	// parsed document, body, field table and functions) as soon as a skill
	// is checked. Lint sets it: findings are all it prints, and keeping
	// every syntax tree of a 10,000-skill run would triple its memory.
	FindingsOnly bool
	// KeepReadStamps makes a local source remember which file each read
	// was (safefs.Stamp), so lint --fix writes only over the bytes its
	// findings came from. Off elsewhere: the studio would keep an entry
	// per file for its whole session, and every open would take a lock.
	KeepReadStamps bool
	// ListingAgents are the agents whose skill listing the library checks
	// simulate (listing profile ids; nil: claude-code; ["none"]: none).
	// ContextTokens is the model's context window the budgets scale with
	// (0: 200,000).
	ListingAgents []string
	ContextTokens int
	// Exclude leaves paths out of the search of local sources (the
	// config's exclude: and --exclude); nil searches everything.
	Exclude PathFilter
	// Folders, when set, is asked by the search of a local source about
	// each folder it lists that holds a ProjectFileName: that file's
	// exclude: and profile: apply below it (nil: --config, or the
	// review, which a checkout's files may not narrow).
	Folders FolderConfigs
	// KeepTemplates searches template folders (templates/,
	// skill-template/, …) for skills too; by default a SKILL.md there is
	// a template, noted and left out. The review sets it: a checkout may
	// not hide a skill from review by the name of its folder.
	KeepTemplates bool
}

// ProjectFileName is the project configuration file: looked for above
// the linted path, and noticed by the search in the folders it lists.
const ProjectFileName = ".skillstudio.yaml"

// Scope is what the project files between a local root and a folder say
// about the search and the readers below it.
type Scope struct {
	Exclude PathFilter
	Profile Profile // "": Options.Profile
}

// FolderConfigs reads the project files the search finds below a local
// root (package config implements it).
type FolderConfigs interface {
	// Below is the scope under absDir, a folder holding ProjectFileName,
	// given its parent's: the search noticed the file in its listing, so
	// asking costs nothing where there is none.
	Below(absDir string, parent Scope) Scope
	// ListedWithout is told of each folder the search listed with no
	// ProjectFileName in any spelling, so the rules: lookup for findings
	// in it need not look for one (a failed open per folder, 4,310 at
	// 10k generated skills).
	ListedWithout(absDir string)
}

// PathFilter says whether a search leaves out abs, an absolute OS path
// (dir: a folder, which is then not entered). internal/exclude implements
// it; the interface keeps model free of the glob library.
type PathFilter interface {
	Excluded(abs string, dir bool) bool
}

// AgentIDs are the agents whose skill listing lint can simulate (the
// listing package's profiles, in order; a listing test keeps the two
// equal). They live here so config can check an `agents:` value without
// depending on the listing engine.
func AgentIDs() []string { return []string{"claude-code", "codex", "copilot", "gemini"} }

// NoAgents is the `agents:` / --agent value that turns the listing
// simulation off.
const NoAgents = "none"
