package xgs

import "github.com/skillstudio/skillstudio/model"

// Rules lists every rule this reader reports. Ids are stable: configs and
// CI baselines name them.
var Rules = model.RuleSet{
	// The file as a whole.
	{ID: "xgs/unreadable", Severity: model.SeverityError, Doc: "The .xgs.js file cannot be read."},
	{ID: "xgs/encoding", Severity: model.SeverityError, Doc: "The file is binary or not valid UTF-8; an .xgs.js skill is JavaScript text."},
	{ID: "xgs/too-large", Severity: model.SeverityError, Doc: "The file is larger than 4 MiB; its body is not parsed (a skill ships to every user and its schemas go into every prompt)."},
	{ID: "xgs/file-name", Severity: model.SeverityWarning, Doc: "The file is distributed as <@name>.xgs.js; a different file name hides which skill it is.", Fixable: false},

	// The header.
	{ID: "xgs/header-markers", Severity: model.SeverityError, Doc: "The file starts with a // ==XGooseSkill== … // ==/XGooseSkill== block."},
	{ID: "xgs/header-line", Severity: model.SeverityInfo, Doc: "A line inside the header is not a `// @key value` directive; the runtime ignores it."},
	{ID: "xgs/header-order", Severity: model.SeverityInfo, Doc: "Directives follow the spec's table order (name, namespace, version, description, match, …), so headers read alike.", Fixable: true},
	{ID: "xgs/name", Severity: model.SeverityError, Doc: "@name is required and kebab-case (a-z0-9-, no leading, trailing or double hyphen): it is the skill's identity."},
	{ID: "xgs/namespace", Severity: model.SeverityError, Doc: "@namespace is required and a JS identifier ([A-Za-z_$][\\w$]*): it becomes xgoose.skills.<namespace>."},
	{ID: "xgs/version", Severity: model.SeverityError, Doc: "@version is strict semver (MAJOR.MINOR.PATCH, Masterminds/semver StrictNewVersion): the registry compares versions on publish."},
	{ID: "xgs/version-missing", Severity: model.SeverityInfo, Doc: "No @version: the spec defaults it to 0.0.0; writing it down lets the registry bump it.", Fixable: true},
	{ID: "xgs/match-required", Severity: model.SeverityError, Doc: "At least one @match: without one the skill never activates."},
	{ID: "xgs/match-pattern", Severity: model.SeverityError, Doc: "Each @match is a Chrome match pattern: <all_urls> or SCHEME://HOST/PATH with scheme *|http|https|file|ftp|urn, host * or *.domain or a domain, and a path."},
	{ID: "xgs/include-glob", Severity: model.SeverityError, Doc: "Each @include/@exclude is a non-empty simple glob (only * and ? are special) without spaces."},
	{ID: "xgs/run-at", Severity: model.SeverityError, Doc: "@run-at is document_start, document_end or document_idle."},
	{ID: "xgs/all-frames", Severity: model.SeverityError, Doc: "@all-frames is true or false."},
	{ID: "xgs/detect", Severity: model.SeverityError, Doc: "@detect is one JavaScript expression (it is evaluated in the page; a syntax error means the skill never mounts)."},
	{ID: "xgs/homepage", Severity: model.SeverityWarning, Doc: "@homepage is an absolute http(s) URL."},
	{ID: "xgs/unknown-directive", Severity: model.SeverityInfo, Doc: "A directive the spec does not define; it is kept as an extra and round-trips, but nothing reads it."},
	{ID: "xgs/duplicate-directive", Severity: model.SeverityError, Doc: "A non-repeatable directive appears more than once; only the first counts."},

	// The body as a program.
	{ID: "xgs/syntax", Severity: model.SeverityError, Doc: "The body parses as an ES module."},
	{ID: "xgs/define-skill", Severity: model.SeverityError, Doc: "The default export is defineSkill({ name: fn({...}), … }) (directly or through an exported const), so the runtime finds the functions."},

	// The eight rules of the spec.
	{ID: "xgs/primary", Severity: model.SeverityError, Doc: "One @primary, naming a function that defineSkill exports (rule 1: one ★ entry the agent reaches for first)."},
	{ID: "xgs/primary-missing", Severity: model.SeverityWarning, Doc: "The header has a @primary (rule 1). Without one the agent sees only names and summaries and pays a help round-trip first; the skill still builds and works."},
	{ID: "xgs/options-object", Severity: model.SeverityError, Doc: "Every input is z.object({...}) at the top level (never z.tuple, a scalar or missing) and every handler takes at most one parameter (rule 2)."},
	{ID: "xgs/no-any", Severity: model.SeverityWarning, Doc: "No z.any() or z.unknown() anywhere in an input schema (rule 3): every loose schema is a guess the agent has to make."},
	{ID: "xgs/output-shape", Severity: model.SeverityWarning, Doc: "Each function declares an output schema, or its summary documents the returned shape with a `{…}` or `[…]` literal or a \"Returns …\" sentence naming fields (rule 4)."},
	{ID: "xgs/describe", Severity: model.SeverityWarning, Doc: "Tricky inputs carry .describe() (rule 5): a string with no enum/literal/url/email/uuid/regex/date/datetime, a number with no bound (int() alone is not a bound; min or max is), a union or a record. z.enum and z.literal are constrained; .describe() anywhere in the field's chain counts."},
	{ID: "xgs/examples", Severity: model.SeverityWarning, Doc: "At least one example per function, and each example's args is an object whose keys exist in the input schema (rule 6)."},
	{ID: "xgs/errors", Severity: model.SeverityWarning, Doc: "No swallowed errors (an empty catch, or one that only logs) and no throw of a non-Error value (rule 7). A catch inside a function that returns a value is a shaped status and is allowed."},
	{ID: "xgs/iso-dates", Severity: model.SeverityWarning, Doc: "Date-like inputs (date, checkin, checkout, startDate, …) are YYYY-MM-DD strings (.regex or .date()), examples use that format, and money-like fields (price, amount, cost, currency, rate) describe their currency (rule 8)."},

	// Runtime conventions and what the IIFE needs.
	{ID: "xgs/no-top-level-await", Severity: model.SeverityError, Doc: "No await at the top level of the module: the body is bundled into an IIFE, which cannot hold it."},
	{ID: "xgs/no-chrome", Severity: model.SeverityError, Doc: "No chrome.* : the skill runs in the page's MAIN world, where chrome is not defined."},
	{ID: "xgs/no-eval", Severity: model.SeverityError, Doc: "No eval, new Function, Function(...) or string setTimeout/setInterval: most sites forbid unsafe-eval."},
	{ID: "xgs/no-secrets", Severity: model.SeverityError, Doc: "No tokens or keys in source (GitHub, AWS, Slack, Stripe, Google, private keys, JWTs, or a high-entropy string assigned to a token/secret/key/password name): the bundle ships to every user."},
	{ID: "xgs/no-global-patch", Severity: model.SeverityError, Doc: "Do not assign to fetch, console.*, XMLHttpRequest or window.* globals: the page bridge already patches them."},
	{ID: "xgs/function-summary", Severity: model.SeverityWarning, Doc: "Each fn has a non-empty, one-line summary: it is what list_skills and the system reminder show."},
	{ID: "xgs/unresolved-schema", Severity: model.SeverityWarning, Doc: "A schema could not be resolved statically (a method lint does not model, a non-literal argument, a name it does not follow); the finding names the method at its line. Lint shows it as {} rather than guessing, so the agent's schema may be poorer than the bundle's."},
}
