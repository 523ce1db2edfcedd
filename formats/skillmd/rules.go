package skillmd

import "github.com/skillstudio/skillstudio/model"

// Rules lists every rule this reader reports. Where the agentskills profile
// and the reference validator (npm skills-ref 0.1.5, `skills-ref validate`)
// could disagree, the rule's Doc says how and why; on every SKILL.md of the
// shared corpus the two agree (testdata/skills-ref-verdicts.txt).
var Rules = model.RuleSet{
	// Reading the file.
	{ID: "skillmd/file-name", Severity: model.SeverityWarning, Doc: "The skill's main file is not spelled SKILL.md; agents on case-sensitive systems look for exactly that name (skills-ref also accepts skill.md)."},
	{ID: "skillmd/too-large", Severity: model.SeverityWarning, Doc: "SKILL.md is larger than the 8 MiB skillstudio reads; only the start is checked."},
	{ID: "skillmd/binary", Severity: model.SeverityError, Doc: "SKILL.md holds NUL bytes: it is not a text file."},
	{ID: "skillmd/encoding", Severity: model.SeverityWarning, Doc: "SKILL.md is not valid UTF-8; invalid bytes are read as '?'."},
	{ID: "skillmd/frontmatter", Severity: model.SeverityError, Doc: "SKILL.md must start with a YAML frontmatter mapping between two --- lines. Unlike skills-ref (which splits the file on the first two `---` substrings anywhere), the frontmatter ends at the first line that is exactly ---, so `---` inside a value does not end it."},
	{ID: "skillmd/description-colon", Severity: model.SeverityWarning, Doc: "A plain (unquoted) frontmatter value holds \": \", which is invalid YAML; agents still read it, skillstudio reads it as they do, and --fix quotes it.", Fixable: true},

	// Layer 1: the open standard.
	{ID: "skillmd/name", Severity: model.SeverityError, Doc: "`name` is required: 1-64 characters of [a-z0-9-], no leading, trailing or double hyphen. skills-ref also accepts lowercase non-ASCII letters; the spec allows only [a-z0-9-], so skillstudio does too."},
	{ID: "skillmd/name-dir", Severity: model.SeverityError, Doc: "`name` must equal the skill's folder name (it becomes the /slash-command and the install folder)."},
	{ID: "skillmd/description", Severity: model.SeverityError, Doc: "`description` is required, 1-1024 characters (counted as Unicode characters; skills-ref counts UTF-16 units, which differ only for characters outside the BMP)."},
	{ID: "skillmd/compatibility", Severity: model.SeverityError, Doc: "`compatibility` is a string (or, outside the agentskills profile, a list of strings) of at most 500 characters. The agentskills profile rejects a list, as skills-ref does."},
	{ID: "skillmd/field-type", Severity: model.SeverityError, Doc: "A known frontmatter field has the wrong YAML type (a list where a string belongs, a quoted \"true\" where a boolean belongs, …)."},
	{ID: "skillmd/metadata-value", Severity: model.SeverityWarning, Doc: "`metadata` maps strings to strings; a nested list or map is not portable (skills-ref turns every value into a string and does not report it)."},
	{ID: "skillmd/unknown-field", Severity: model.SeverityWarning, Doc: "A top-level frontmatter field is not known to the chosen profile. A warning by default (profile all accepts every field of every profile); an error under the agentskills profile, where only name, description, license, compatibility, allowed-tools and metadata are allowed, exactly as skills-ref."},

	// Layer 2: Claude Code.
	{ID: "skillmd/enum", Severity: model.SeverityWarning, Doc: "A Claude Code field has a value the agent does not know (context other than fork, effort other than low|medium|high|max, shell other than bash|powershell); the agent ignores it."},
	{ID: "skillmd/agent-without-fork", Severity: model.SeverityWarning, Doc: "`agent` only applies when `context: fork` is set; without it the field does nothing."},
	{ID: "skillmd/hooks", Severity: model.SeverityError, Doc: "`hooks` must map a hook event to a list of {matcher, hooks: [{type: command|prompt|agent, command|prompt, timeout, async}]} entries, as Claude Code settings do."},

	// Layer 3: skillli registry fields (top level or inside metadata).
	{ID: "skillmd/version", Severity: model.SeverityError, Doc: "`version` (top level or metadata) must be a semantic version such as 1.2.0 (a leading v is tolerated, as npm semver does)."},
	{ID: "skillmd/tags", Severity: model.SeverityError, Doc: "`tags` (top level or metadata) is a list or a comma-separated string of 1-20 non-empty tags."},
	{ID: "skillmd/category", Severity: model.SeverityError, Doc: "`category` must be one of development, creative, enterprise, data, devops, other."},
	{ID: "skillmd/trust-level", Severity: model.SeverityError, Doc: "`trust-level` must be one of community, verified, official."},
	{ID: "skillmd/url", Severity: model.SeverityError, Doc: "`repository` and `homepage` must be absolute http(s) URLs."},
	{ID: "skillmd/metadata-shadowed", Severity: model.SeverityInfo, Doc: "A skillli field is set both at the top level and in metadata; the top-level value wins and the metadata one is ignored."},

	// Codex: agents/openai.yaml beside SKILL.md.
	{ID: "skillmd/codex-config", Severity: model.SeverityWarning, Doc: "agents/openai.yaml (Codex UI metadata) has an unknown key or a value of the wrong type; known: interface{display_name, short_description, icon_small, icon_large, brand_color, default_prompt}, dependencies{tools[]}, policy{allow_implicit_invocation}."},
	{ID: "skillmd/codex-icon", Severity: model.SeverityWarning, Doc: "An icon named in agents/openai.yaml does not exist in the skill folder."},

	// The body.
	{ID: "skillmd/body-length", Severity: model.SeverityWarning, Doc: "Keep the SKILL.md body under 500 lines and about 5,000 tokens; move detail into references/ files that load on demand. Tokens are cl100k_base, counted exactly whenever an estimate could fall on the wrong side of 5,000 (the message then gives the exact count, else \"about N\")."},
	{ID: "skillmd/tokens", Severity: model.SeverityInfo, Doc: "About how many tokens (cl100k_base) the body and each Markdown file it references cost when loaded: an estimate from the text's characters, within ±17% of the exact count on every Markdown file of the test corpus (exact for a body near the 5,000-token limit; the studio's Agent view counts exactly)."},
	{ID: "skillmd/link", Severity: model.SeverityWarning, Doc: "A relative link, or a references/… path in the text, names a file that does not exist in the skill folder (links inside code are not links)."},
	{ID: "skillmd/anchor", Severity: model.SeverityWarning, Doc: "A link's #anchor matches no heading of its target (GitHub slug rules: lowercase, punctuation dropped, spaces to hyphens, -1, -2 for repeats)."},
	{ID: "skillmd/link-escapes", Severity: model.SeverityWarning, Doc: "A relative link leaves the skill folder (or is an absolute path); it breaks as soon as the skill is installed on its own."},
	{ID: "skillmd/unreferenced-file", Severity: model.SeverityInfo, Doc: "A file in the skill folder is never mentioned by SKILL.md (or by a Markdown file it references), so an agent will not know to load it."},

	// Layer 4: quiz blocks.
	{ID: "quiz/shape", Severity: model.SeverityError, Doc: "`quiz` is one block or a list of blocks; a block has questions (at least one), a question has `question` text and `options`, an option has a `label`; gate and correct are booleans."},
	{ID: "quiz/unknown-key", Severity: model.SeverityWarning, Doc: "A quiz block, question or option has a key the quiz format does not define; it is ignored."},
	{ID: "quiz/options-count", Severity: model.SeverityError, Doc: "A quiz question needs 2 to 6 options."},
	{ID: "quiz/no-correct", Severity: model.SeverityError, Doc: "A quiz question needs at least one option with `correct: true`; otherwise no answer can pass."},
	{ID: "quiz/passing-score", Severity: model.SeverityError, Doc: "`passing-score` is a number from 0 to 100 (default 100)."},
	{ID: "quiz/unknown-action", Severity: model.SeverityError, Doc: "A branch (on-correct / on-incorrect) holds a key other than goto, load-skill, load-reference or message, or a non-string target."},
	{ID: "quiz/goto-heading", Severity: model.SeverityError, Doc: "A `goto` names a heading that is not in the body (matched exactly, then ignoring case and level)."},
	{ID: "quiz/reference-missing", Severity: model.SeverityError, Doc: "A `load-reference` names a file that does not exist in the skill folder."},
	{ID: "quiz/reference-escapes", Severity: model.SeverityError, Doc: "A `load-reference` path leaves the skill folder (absolute, or climbing with ..)."},
}
