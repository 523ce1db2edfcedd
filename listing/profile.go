package listing

// Order says in which order an agent spends its budget on skills.
type Order string

const (
	// OrderName sorts by skill name. Claude Code without usage history and
	// Codex within one scope both come out this way.
	OrderName Order = "name"
	// OrderGiven keeps the order the skills were passed in (discovery order).
	OrderGiven Order = "given"
)

// Overflow says what an agent does when the listing is larger than its
// budget.
type Overflow string

const (
	// OverflowGreedyNameOnly: every name stays; in priority order each
	// skill keeps its full (capped) description if that still fits, else
	// it is listed by name only, and the scan goes on (Claude Code).
	OverflowGreedyNameOnly Overflow = "greedy-name-only"
	// OverflowRoundRobin: every name stays and description characters are
	// handed out one at a time across all skills, so long descriptions are
	// cut to the same length; if even bare names do not fit, skills past
	// the budget are omitted (Codex).
	OverflowRoundRobin Overflow = "round-robin"
	// OverflowPrefixNames: full entries until the first one that does not
	// fit; the rest become a comma-separated name list with its own budget;
	// past that they are omitted ("... and N more") (Copilot in VS Code).
	OverflowPrefixNames Overflow = "prefix-then-names"
	// OverflowNone: no budget; every skill is listed in full (Gemini CLI).
	OverflowNone Overflow = "none"
)

// Unit is what a budget counts.
type Unit string

const (
	UnitChars Unit = "chars" // Unicode characters
	UnitBytes Unit = "bytes" // UTF-8 bytes (Codex's token estimate is bytes/4)
)

// Style is the shape of one listing entry.
type Style string

const (
	StyleDash     Style = "dash"      // "- name: description"
	StyleDashFile Style = "dash-file" // "- name: description (file: path)"
	StyleXMLFile  Style = "xml-file"  // <skill><name/><description/><file/></skill>
	StyleXMLLoc   Style = "xml-location"
)

// Source is where a profile value was read, and when.
type Source struct {
	What   string `json:"what"`
	Where  string `json:"where"` // URL, or repo@commit:path
	Looked string `json:"looked"`
}

// Profile is one agent's skill-listing rules as data. Budget in Unit is
// FixedBudget when set, else contextTokens*CharsPerToken*BudgetFraction
// (Claude Code) or contextTokens*BudgetPercent/100*BytesPerToken (Codex's
// token budget) when the context window is known, else FallbackBudget.
// Zero everywhere means no budget.
type Profile struct {
	ID   string `json:"id"`
	Name string `json:"name"`

	Order    Order    `json:"order"`
	Overflow Overflow `json:"overflow"`
	Unit     Unit     `json:"unit"`
	Style    Style    `json:"style"`

	// DescCap caps one entry's description (0: none); Ellipsis is appended
	// inside the cap when a description is cut.
	DescCap  int    `json:"descCap,omitempty"`
	Ellipsis string `json:"ellipsis,omitempty"`
	// WhenToUse: the Claude Code when_to_use field joins the description
	// under the same cap.
	WhenToUse bool `json:"whenToUse,omitempty"`
	// HidesManual: skills with disable-model-invocation: true are left out
	// of the listing (Claude Code docs; VS Code's modelInvocableSkills).
	HidesManual bool `json:"hidesManual,omitempty"`

	BudgetFraction float64 `json:"budgetFraction,omitempty"` // of the window, in chars
	CharsPerToken  int     `json:"charsPerToken,omitempty"`
	FallbackBudget int     `json:"fallbackBudget,omitempty"`
	FixedBudget    int     `json:"fixedBudget,omitempty"` // an override such as SLASH_COMMAND_TOOL_CHAR_BUDGET
	// NameListBudget is the second budget of OverflowPrefixNames.
	NameListBudget int `json:"nameListBudget,omitempty"`

	// ProjectFolders are the dot-folders of a repository whose skills/
	// the agent reads (".claude" for .claude/skills). A skill under
	// another agent's folder is not in this agent's listing; empty means
	// not known, and every folder counts (see ReadsDir).
	ProjectFolders []string `json:"projectFolders,omitempty"`
	// ListsNested: the agent walks a skills folder to any depth and lists
	// every SKILL.md it finds, a sub-skill inside another skill's folder
	// included (SplitNested); the others read <skills folder>/<name>/SKILL.md.
	ListsNested bool `json:"listsNested,omitempty"`

	// DefaultContext is the context window (tokens) assumed when the
	// caller passes 0 and the agent has no character fallback.
	DefaultContext int `json:"defaultContext,omitempty"`

	// Estimated lists the values that are not documented or not read from
	// source, chosen conservatively.
	Estimated []string `json:"estimated,omitempty"`
	Sources   []Source `json:"sources"`
}

const looked = "2026-11-23"

// ClaudeCode: the listing "always contains every skill name"; descriptions
// are shortened to a budget that "scales at 1% of the model's context
// window" (skillListingBudgetFraction, default 0.01; the budget counts
// characters: window tokens × 4 × fraction, so 8,000 at 200k), with a
// fallback of 8,000 characters and a fixed override in
// SLASH_COMMAND_TOOL_CHAR_BUDGET. Each entry's description + when_to_use is
// capped at 1,536 characters (skillListingMaxDescChars). On overflow,
// descriptions of the least-invoked skills are dropped first; without
// usage history the fill is greedy in listing (alphabetical) order,
// skipping entries that no longer fit (anthropics/claude-code#81081).
// skillstudio has no usage history, so it uses that name order.
var ClaudeCode = Profile{
	ID: "claude-code", Name: "Claude Code",
	Order: OrderName, Overflow: OverflowGreedyNameOnly, Unit: UnitChars, Style: StyleDash,
	DescCap: 1536, Ellipsis: "…", WhenToUse: true, HidesManual: true,
	ProjectFolders: []string{".claude"},
	BudgetFraction: 0.01, CharsPerToken: 4, FallbackBudget: 8000,
	Estimated: []string{
		"entry text \"- name: description\" and the join of description and when_to_use (one space) follow observed listings, not a spec",
		"the cut keeps DescCap-1 characters plus \"…\" (observed in anthropics/skills#881), not documented",
		"drop order by usage is not modelled: with no history Claude Code fills greedily in name order (anthropics/claude-code#81081)",
	},
	Sources: []Source{
		{"budget 1% of context, name always listed, least-invoked dropped first, skillListingBudgetFraction, SLASH_COMMAND_TOOL_CHAR_BUDGET, 1,536 cap, skillListingMaxDescChars", "https://code.claude.com/docs/en/skills#skill-descriptions-are-cut-short", looked},
		{"fallback of 8,000 characters (earlier revision of the same page)", "https://code.claude.com/docs/en/skills (mirror llms-txt-archive/anthropic-claude-code docs/en/skills.md)", looked},
		{"budget = context tokens × 4 × fraction; binary per skill (full or bare name)", "https://github.com/JuliusBrussee/caveman/pull/898", looked},
		{"greedy fill in alphabetical order without usage history", "https://github.com/anthropics/claude-code/issues/81081", looked},
		{"project skills in .claude/skills", "https://code.claude.com/docs/en/skills", looked},
		{"\"1% of the model's context window\", maintainer reply", "https://github.com/anthropics/claude-code/issues/68135", looked},
	},
}

// Codex: codex-rs/core-skills/src/render.rs. The skills section is bounded
// by 2% of the full context window in tokens (approximated as UTF-8
// bytes/4), or 8,000 characters when the window is unknown. Skills are
// ordered by scope (system, admin, repo, user) then name. If every full
// line fits, all are full; else if every bare line fits, description
// characters are distributed round-robin so long descriptions end at the
// same length; else all descriptions go and skills past the budget are
// omitted. Lines are "- name: description (file: path)".
var Codex = Profile{
	ID: "codex", Name: "Codex",
	Order: OrderName, Overflow: OverflowRoundRobin, Unit: UnitBytes, Style: StyleDashFile,
	DescCap:        1024,
	ProjectFolders: []string{".agents", ".codex"},
	ListsNested:    true,
	BudgetFraction: 0.02, CharsPerToken: 4, FallbackBudget: 8000,
	Estimated: []string{
		"DescCap 1,024: the loader's description limit as reported in redhat-et/ripwire#49, not verified in source; modelled as a cut",
		"scope order (system, admin, repo, user) is not known for a library on disk: all skills are taken as one scope, ordered by name",
		"token budget counted as bytes (4 bytes a token) over the whole section, not rounded per line; the character fallback counts characters",
	},
	Sources: []Source{
		{"2% of context window, 8,000-character fallback, round-robin cut, omission, line format, scope order", "openai/codex@0899b7c42bf11847f78710966b362f756337c17d:codex-rs/core-skills/src/render.rs", looked},
		{"budget PR", "https://github.com/openai/codex/pull/18213", looked},
		{"configurable budget requested (hardcoded 2%)", "https://github.com/openai/codex/issues/19679", looked},
		{"1,024-character loader cap", "https://github.com/redhat-et/ripwire/issues/49", looked},
		{"every SKILL.md under a skills root, walked to MAX_SCAN_DEPTH (sub-skills inside a skill's folder too)", "openai/codex@6162409bb54eeb8f60735f2d7ed64a48d25454b3:codex-rs/core-skills/src/loader/discovery.rs", looked},
		{"repository skills in .agents/skills (third party; .codex/skills, the older folder, kept as read)", "https://www.mintlify.com/vercel-labs/skills/introduction", looked},
	},
}

// Copilot: GitHub Copilot agent mode in VS Code
// (src/vs/workbench/contrib/chat/common/promptSyntax/
// computeAutomaticInstructions.ts): full <skill> blocks until the running
// total would pass 15,000 characters (when the skill tool is enabled),
// then the remaining names as one comma-separated list capped at 5,000
// characters, then "... and N more". No per-skill cap in the listing; the
// agentskills 1,024 limit is a validation rule, not a cut. The budget does
// not scale with the context window. Copilot CLI is closed source; a
// 15,000 budget is reported for it too (microsoft/GitHub-Copilot-for-Azure#1227).
var Copilot = Profile{
	ID: "copilot", Name: "GitHub Copilot",
	Order: OrderGiven, Overflow: OverflowPrefixNames, Unit: UnitChars, Style: StyleXMLFile,
	FixedBudget: 15000, NameListBudget: 5000, HidesManual: true,
	ProjectFolders: []string{".github", ".agents", ".claude"},
	Estimated: []string{
		"order is discovery order (not sorted in the source read); skillstudio keeps the order given",
		"Copilot CLI and the cloud agent are assumed to use VS Code's constants (unverified)",
	},
	Sources: []Source{
		{"SKILL_DESCRIPTION_CHAR_BUDGET 15000, TRUNCATED_NAMES_CHAR_BUDGET 5000, stop at first overflow", "microsoft/vscode:src/vs/workbench/contrib/chat/common/promptSyntax/computeAutomaticInstructions.ts (and https://github.com/microsoft/vscode/pull/313749)", looked},
		{"agent skills in Copilot", "https://docs.github.com/en/copilot/concepts/agents/about-agent-skills", looked},
		{"Copilot CLI 15,000-character budget (third party)", "https://github.com/microsoft/GitHub-Copilot-for-Azure/issues/1227", looked},
		{"project skills in .github/skills, .agents/skills and .claude/skills", "microsoft/vscode:extensions/copilot/assets/prompts/skills/agent-customization/references/skills.md", looked},
	},
}

// Gemini: Gemini CLI renders every skill as <skill><name/><description/>
// <location/></skill> under "# Available Agent Skills" with no budget and
// no cut (packages/core/src/prompts/snippets.ts, renderAgentSkills). Nothing
// is documented about a limit, so none is modelled.
var Gemini = Profile{
	ID: "gemini", Name: "Gemini CLI",
	Order: OrderGiven, Overflow: OverflowNone, Unit: UnitChars, Style: StyleXMLLoc,
	ProjectFolders: []string{".gemini", ".agents"},
	Estimated: []string{
		"no budget or cap found in source or docs; order is discovery precedence (workspace, user, extension), kept as given",
	},
	Sources: []Source{
		{"renderAgentSkills: every skill, full description", "google-gemini/gemini-cli@00408aea4b19d7a8de1eb573dfd584cb0e448ddc:packages/core/src/prompts/snippets.ts", looked},
		{"skills docs (no listing limit)", "https://geminicli.com/docs/cli/skills/", looked},
		{"workspace skills in .gemini/skills or the .agents/skills alias", "https://geminicli.com/docs/cli/using-agent-skills/", looked},
	},
}

// Profiles lists every agent profile, by id order.
var Profiles = []Profile{ClaudeCode, Codex, Copilot, Gemini}

// ProfileByID finds a profile; ok is false for an unknown id.
func ProfileByID(id string) (Profile, bool) {
	for _, p := range Profiles {
		if p.ID == id {
			return p, true
		}
	}
	return Profile{}, false
}

// Budget is the listing budget in p.Unit for a context window of
// contextTokens (0: unknown). 0 means no budget.
func (p Profile) Budget(contextTokens int) int {
	switch {
	case p.FixedBudget > 0:
		return p.FixedBudget
	case p.BudgetFraction > 0 && contextTokens > 0:
		return int(float64(contextTokens*p.CharsPerToken) * p.BudgetFraction)
	case p.FallbackBudget > 0:
		return p.FallbackBudget
	}
	return 0
}
