package listing

import "github.com/skillstudio/skillstudio/model"

// OverlapThreshold is the TF-IDF cosine similarity at or above which two
// descriptions of one library are reported as near-duplicates. Calibrated
// on the shared corpus (AGENTS.md, TestCorpusOverlapCalibration): ordinary
// sibling skills of one repository stay below it.
const OverlapThreshold = 0.6

// Rules lists every rule this package reports. Severity follows the
// project policy: the agents load every one of these skills, so what is
// lost to a budget or cap is a warning; an eval file its runner cannot
// read or run is an error.
var Rules = model.RuleSet{
	{ID: "library/listing-budget", Severity: model.SeverityWarning, Doc: "The library's skill listing is larger than an agent's budget (Claude Code: 1% of the context window, 8,000 characters by default; Codex: 2% or 8,000; Copilot: 15,000), so this skill's description is dropped or cut in what the agent sees and requests phrased like it may not trigger it. Reported at the description of each skill that loses text, per agent.",
		Title: "The agent's skill listing drops or cuts this description",
		Why:   "The agent still loads the skill, but without its description the model rarely picks it: requests phrased like it do not trigger it.",
		Spec:  "Claude Code skills docs, \"Skill descriptions are cut short\": the listing budget \"scales at 1% of the model's context window\" and \"always contains every skill name\" (looked up 2026-11-23).",
		Example: model.RuleExample{
			Fail: "40 skills with 400-character descriptions: 16,500 characters of listing for Claude Code's 8,000",
			Pass: "40 skills with 150-character descriptions: 7,700 characters of listing",
		},
	},
	{ID: "skillmd/description-cap", Severity: model.SeverityWarning, Doc: "The description is longer than an agent's per-skill cap (Claude Code: 1,536 characters for description + when_to_use; Codex: 1,024); the words past the cap, often the trigger phrases, are never seen. Put the key use case first.",
		Title: "The description is longer than the agent's per-skill cap",
		Why:   "The agent loads the skill, but cuts the description: the trigger phrases past the cap never reach the model.",
		Spec:  "Claude Code skills docs: description + when_to_use \"is truncated at 1,536 characters\" (skillListingMaxDescChars), looked up 2026-11-23.",
		Example: model.RuleExample{
			Fail: "description: (1,600 characters of background) … Use when deploying Kubernetes manifests.",
			Pass: "description: Deploys Kubernetes manifests. Use when deploying to a cluster. (then the background)",
		},
	},
	{ID: "library/description-overlap", Severity: model.SeverityWarning, Doc: "Two skills of one library have near-duplicate descriptions (TF-IDF cosine ≥ 0.6 over the library's descriptions): an agent choosing by description cannot tell them apart. Say what each does that the other does not.",
		Title: "Two skills have near-duplicate descriptions",
		Why:   "Both load, but the model picks between them by description alone, so it may pick either or the wrong one.",
		Spec:  "Agent Skills spec, description: \"Describes what the skill does and when to use it\"; skill-creator: a description must make the skill distinguishable.",
		Example: model.RuleExample{
			Fail: "pdf-merge: Merge and combine PDF files into one document.\npdf-combine: Combine and merge several PDF files into a single document.",
			Pass: "pdf-merge: Merge and combine PDF files into one document.\ncsv-chart: Draw bar or line charts from CSV spreadsheets.",
		},
	},

	{ID: "evals/json", Severity: model.SeverityError, Doc: "An eval file is not valid JSON or not of a known shape: evals.json is {skill_name, evals: [{id, prompt, expected_output, files, expectations|assertions}]} (skill-creator, agentskills); a trigger set is [{query, should_trigger}] or {evals: [{query|prompt, should_trigger}]}. Only JSON files directly in evals/ are read: evals.json always, another one when something in it looks like evals (an \"evals\" key, or a list item with a prompt, query or should_trigger); a JSON Schema or a results file kept there is not an eval file. Other runners' YAML evals (waza's evals/eval.yaml, promptfoo) are not read: their schemas are their own; the studio's Agent tab names them as not read.",
		Title: "An eval file cannot be read",
		Why:   "The eval runner rejects the file, so none of its evals run.",
		Spec:  "skill-creator references/schemas.md (anthropics/skills): evals/evals.json and trigger query sets, looked up 2026-11-23.",
		Example: model.RuleExample{
			Fail: `{"skill_name": "pdf", "evals": {"prompt": "merge"}}`,
			Pass: `{"skill_name": "pdf", "evals": [{"id": 1, "prompt": "merge", "expectations": ["one file"]}]}`,
		},
	},
	{ID: "evals/prompt", Severity: model.SeverityError, Doc: "An eval has no prompt (or a trigger query no query text): there is nothing to run.",
		Title: "An eval has no prompt",
		Why:   "The runner has no request to send, so the eval fails or is skipped.",
		Spec:  "skill-creator references/schemas.md: every eval has a prompt; every trigger query a query.",
		Example: model.RuleExample{
			Fail: `{"evals": [{"id": 1, "expectations": ["one file"]}]}`,
			Pass: `{"evals": [{"id": 1, "prompt": "merge a.pdf and b.pdf", "expectations": ["one file"]}]}`,
		},
	},
	{ID: "evals/missing-file", Severity: model.SeverityWarning, Doc: "An eval lists an input file (evals[].files) that is not in the skill's folder, or a path leaving it; files are relative to the skill's folder. Info, not a warning, when the path names a file relative to the eval file's own folder (a reader resolving from there finds it).",
		Title: "An eval's input file is missing",
		Why:   "The eval runs without the file its prompt is about, so it fails or measures something else.",
		Spec:  "skill-creator references/schemas.md: evals[].files is an \"optional list of input file paths (relative to skill root)\".",
		Example: model.RuleExample{
			Fail: `{"evals": [{"id": 1, "prompt": "merge these", "files": ["evals/files/missing.pdf"], "expectations": ["one file"]}]}`,
			Pass: `{"evals": [{"id": 1, "prompt": "merge these", "files": ["evals/files/a.pdf"], "expectations": ["one file"]}]}  (evals/files/a.pdf exists)`,
		},
	},
	{ID: "evals/no-checks", Severity: model.SeverityWarning, Doc: "An eval has no expectations (or assertions): a grader has nothing to check the output against.",
		Title: "An eval has no expectations",
		Why:   "The eval runs, but the grader has nothing to check, so it always passes.",
		Spec:  "skill-creator references/schemas.md: expectations are \"verifiable statements\" about the output.",
		Example: model.RuleExample{
			Fail: `{"evals": [{"id": 1, "prompt": "merge a.pdf and b.pdf"}]}`,
			Pass: `{"evals": [{"id": 1, "prompt": "merge a.pdf and b.pdf", "expectations": ["one file"]}]}`,
		},
	},
	{ID: "evals/mixed-spelling", Severity: model.SeverityWarning, Doc: "One evals.json spells the checks both `expectations` (skill-creator's schemas.md) and `assertions` (agentskills evals); a tool reading one spelling skips the other's evals. --fix renames the minority spelling to the majority (expectations on a tie).", Fixable: true,
		Title: "evals.json mixes expectations and assertions",
		Why:   "Each tool reads one spelling, so the evals spelled the other way run with nothing to check.",
		Spec:  "skill-creator references/schemas.md documents expectations; the agentskills.io eval runner reads assertions.",
		Example: model.RuleExample{
			Fail: `{"evals": [{"id": 1, "prompt": "a", "expectations": ["x"]}, {"id": 2, "prompt": "b", "assertions": ["y"]}]}`,
			Pass: `{"evals": [{"id": 1, "prompt": "a", "expectations": ["x"]}, {"id": 2, "prompt": "b", "expectations": ["y"]}]}`,
		},
	},
	{ID: "evals/skill-name", Severity: model.SeverityWarning, Doc: "evals.json's skill_name is not the skill's name.",
		Title: "evals.json names another skill",
		Why:   "The runner may load the wrong skill, or none, for these evals.",
		Spec:  "skill-creator references/schemas.md: skill_name is the skill the evals are for.",
		Example: model.RuleExample{
			Fail: `pdf/evals/evals.json: {"skill_name": "docx", "evals": [...]}`,
			Pass: `pdf/evals/evals.json: {"skill_name": "pdf", "evals": [...]}`,
		},
	},
	{ID: "evals/duplicate-id", Severity: model.SeverityWarning, Doc: "Two evals share one id; results keyed by id overwrite each other.",
		Title: "Two evals share an id",
		Why:   "Both run, but results keyed by id overwrite each other, so one result is lost.",
		Spec:  "skill-creator references/schemas.md: id is \"a unique integer identifier\".",
		Example: model.RuleExample{
			Fail: `{"evals": [{"id": 1, "prompt": "a", "expectations": ["x"]}, {"id": 1, "prompt": "b", "expectations": ["y"]}]}`,
			Pass: `{"evals": [{"id": 1, "prompt": "a", "expectations": ["x"]}, {"id": 2, "prompt": "b", "expectations": ["y"]}]}`,
		},
	},
	{ID: "evals/trigger-balance", Severity: model.SeverityWarning, Doc: "A trigger query set is lopsided: fewer than a third (or more than two thirds) of its queries have should_trigger true, or one side is missing, so it cannot measure both recall and false triggers.",
		Title: "A trigger query set is lopsided",
		Why:   "The set runs, but with one side missing it cannot tell a description that triggers too little from one that triggers too much.",
		Spec:  "skill-creator SKILL.md, description optimization: a mix of should-trigger and should-not-trigger queries.",
		Example: model.RuleExample{
			Fail: `[{"query": "merge pdfs", "should_trigger": true}, {"query": "split a pdf", "should_trigger": true}]`,
			Pass: `[{"query": "merge pdfs", "should_trigger": true}, {"query": "merge word documents", "should_trigger": false}]`,
		},
	},
	{ID: "evals/near-miss", Severity: model.SeverityWarning, Doc: "No should_trigger: false query shares a content word with the skill's description: the negatives are all easy, and a description that triggers too broadly passes. Add near-miss negatives that sound like the skill but are not for it.",
		Title: "No near-miss negative trigger queries",
		Why:   "Easy negatives never trigger anyway, so a description that triggers too broadly still passes.",
		Spec:  "skill-creator SKILL.md: the most valuable negatives are near-misses that share keywords but need something different.",
		Example: model.RuleExample{
			Fail: `pdf (merges PDF files): [{"query": "merge pdfs", "should_trigger": true}, {"query": "what's the weather", "should_trigger": false}]`,
			Pass: `pdf (merges PDF files): [{"query": "merge pdfs", "should_trigger": true}, {"query": "merge two word files", "should_trigger": false}]`,
		},
	},
}
