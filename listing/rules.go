package listing

import "github.com/skillstudio/skillstudio/model"

// OverlapThreshold is the TF-IDF cosine similarity at or above which two
// descriptions of one library are reported as near-duplicates. Calibrated
// on the shared corpus (AGENTS.md, TestCorpusOverlapCalibration): ordinary
// sibling skills of one repository stay below it.
const OverlapThreshold = 0.6

// Rules lists every rule this package reports.
var Rules = model.RuleSet{
	{ID: "library/listing-budget", Severity: model.SeverityWarning, Doc: "The library's skill listing is larger than an agent's budget (Claude Code: 1% of the context window, 8,000 characters by default; Codex: 2% or 8,000; Copilot: 15,000), so this skill's description is dropped or cut in what the agent sees and requests phrased like it may not trigger it. Reported at the description of each skill that loses text, per agent."},
	{ID: "skillmd/description-cap", Severity: model.SeverityWarning, Doc: "The description is longer than an agent's per-skill cap (Claude Code: 1,536 characters for description + when_to_use; Codex: 1,024); the words past the cap, often the trigger phrases, are never seen. Put the key use case first."},
	{ID: "library/description-overlap", Severity: model.SeverityWarning, Doc: "Two skills of one library have near-duplicate descriptions (TF-IDF cosine ≥ 0.6 over the library's descriptions): an agent choosing by description cannot tell them apart. Say what each does that the other does not."},

	{ID: "evals/json", Severity: model.SeverityError, Doc: "An eval file is not valid JSON or not of a known shape: evals.json is {skill_name, evals: [{id, prompt, expected_output, files, expectations|assertions}]} (skill-creator, agentskills); a trigger set is [{query, should_trigger}] or {evals: [{query|prompt, should_trigger}]}."},
	{ID: "evals/prompt", Severity: model.SeverityError, Doc: "An eval has no prompt (or a trigger query no query text): there is nothing to run."},
	{ID: "evals/no-checks", Severity: model.SeverityWarning, Doc: "An eval has no expectations (or assertions): a grader has nothing to check the output against."},
	{ID: "evals/mixed-spelling", Severity: model.SeverityWarning, Doc: "One evals.json spells the checks both `expectations` (skill-creator's schemas.md) and `assertions` (agentskills evals); a tool reading one spelling skips the other's evals. --fix renames the minority spelling to the majority (expectations on a tie).", Fixable: true},
	{ID: "evals/skill-name", Severity: model.SeverityWarning, Doc: "evals.json's skill_name is not the skill's name."},
	{ID: "evals/duplicate-id", Severity: model.SeverityWarning, Doc: "Two evals share one id; results keyed by id overwrite each other."},
	{ID: "evals/trigger-balance", Severity: model.SeverityWarning, Doc: "A trigger query set is lopsided: fewer than a third (or more than two thirds) of its queries have should_trigger true, or one side is missing, so it cannot measure both recall and false triggers."},
	{ID: "evals/near-miss", Severity: model.SeverityWarning, Doc: "No should_trigger: false query shares a content word with the skill's description: the negatives are all easy, and a description that triggers too broadly passes. Add near-miss negatives that sound like the skill but are not for it."},
}
