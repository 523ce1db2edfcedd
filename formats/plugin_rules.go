package formats

import "github.com/skillstudio/skillstudio/model"

// pluginRules check the Claude Code plugin manifests skills ship in
// (plugins.go): what .claude-plugin/plugin.json's and a marketplace
// entry's "skills" name, and what .claude-plugin/marketplace.json lists.
// Sources: the Claude Code plugins reference and marketplace reference
// (code.claude.com/docs/en/plugins-reference, …/plugins/marketplace-reference,
// read 2026-11-25) and the loader's messages quoted in public issues.
var pluginRules = model.RuleSet{
	{ID: "library/plugin-skills-missing", Severity: model.SeverityError,
		Doc:   "A \"skills\" path of a Claude Code plugin (in .claude-plugin/plugin.json, or the marketplace entry that lists the plugin) names nothing under the plugin root. Paths are relative to the plugin root (the folder holding .claude-plugin/), not to plugin.json. One missing path is an error; when several of one manifest's paths are missing they are one info finding naming them, since that points at a partial checkout (a copy that left plugins out, or git submodules not checked out) rather than at the manifest: of the corpus's ten manifests with missing paths, every one is a copy of a repository whose folders exist.",
		Title: "A plugin's skills path does not exist",
		Why:   "Claude Code reports the plugin as failing to load (\"Path not found: … (skills)\" in /doctor) and the skills meant to be there are not listed.",
		Spec:  "Claude Code plugins reference, Path behavior rules: component paths are relative to the plugin root and start with ./; the loader's message for a missing one is \"Path not found\".",
		Example: model.RuleExample{
			Fail: "plugin.json: \"skills\": [\"./skill/notes\"]   (no skill/ folder)",
			Pass: "plugin.json: \"skills\": [\"./skills/notes\"]   (skills/notes/SKILL.md)",
		},
	},
	{ID: "library/plugin-skills-escapes", Severity: model.SeverityError,
		Doc:   "A plugin's \"skills\" is the plugin root written as a plain string (\"./\"), or a path that leaves the plugin root (\"../x\", \"/abs\"). Claude Code refuses both.",
		Title: "A plugin's skills path is the root string or leaves the plugin",
		Why:   "Claude Code refuses the manifest (\"Path escapes plugin directory: ./ (skills)\") and loads none of the plugin's skills.",
		Spec:  "Claude Code plugins reference, Path behavior rules: paths stay inside the plugin root; the loader's message is \"Path escapes plugin directory\".",
		Example: model.RuleExample{
			Fail: "plugin.json: \"skills\": \"./\"",
			Pass: "plugin.json: \"skills\": \"./skills/\"",
		},
	},
	{ID: "library/plugin-path-kind", Severity: model.SeverityWarning,
		Doc:   "A component path of a Claude Code plugin (in .claude-plugin/plugin.json or its marketplace entry) names the wrong kind of thing: \"skills\" a file (other than a SKILL.md), \"commands\", \"agents\" or \"outputStyles\" a file that is not Markdown, \"mcpServers\" or \"lspServers\" a folder. A warning, since the plugin loads without that component (a \"hooks\" folder, which fails the whole plugin, is library/plugin-hooks-path-kind).",
		Title: "A plugin's component path names a file where a folder belongs, or the reverse",
		Why:   "The manifest's schema accepts any string, so the plugin installs; then nothing comes from that path: the skills, commands, agents or servers meant to be there are missing.",
		Spec:  "Claude Code plugins reference, Component path fields: skills are folders of <name>/SKILL.md, commands and agents Markdown files or folders, hooks and mcpServers a JSON config path or an inline object.",
		Example: model.RuleExample{
			Fail: "plugin.json: \"skills\": \"./skills/notes.md\"   (a file)",
			Pass: "plugin.json: \"skills\": \"./skills/\"   (skills/notes/SKILL.md)",
		},
	},
	{ID: "library/plugin-hooks-path-kind", Severity: model.SeverityError,
		Doc:   "A Claude Code plugin's \"hooks\" (in .claude-plugin/plugin.json or its marketplace entry) names a folder. hooks takes a JSON file of hooks, or the hooks object inline; hooks/hooks.json is loaded without being named.",
		Title: "A plugin's hooks path is a folder",
		Why:   "The hook loader reads the path as a JSON file and fails; a hook load failure marks the whole plugin \"failed to load\", so its skills, commands and servers go with it.",
		Spec:  "Claude Code plugins reference, Component path fields: hooks is a path to a hooks JSON file or an inline object; hook load failures are reported per plugin (\"Hook load failed\").",
		Example: model.RuleExample{
			Fail: "plugin.json: \"hooks\": \"./hooks/\"   (a folder)",
			Pass: "plugin.json: \"hooks\": \"./config/extra-hooks.json\"",
		},
	},
	{ID: "library/plugin-skills-empty", Severity: model.SeverityWarning,
		Doc:   "A plugin's \"skills\" path is a folder with no SKILL.md in it nor in any folder directly inside it, so it brings no skill. Claude Code reads a listed folder as one skill (its own SKILL.md) or as a folder of skills (<name>/SKILL.md), never deeper.",
		Title: "A plugin's skills path holds no skill",
		Why:   "The plugin loads, but nothing comes from that path: usually a skill moved or renamed without the manifest.",
		Spec:  "Claude Code plugins reference, Plugin directory structure: skills/<name>/SKILL.md; a skills path names such a folder or one skill folder.",
		Example: model.RuleExample{
			Fail: "plugin.json: \"skills\": \"./docs/\"   (docs/ holds only README.md)",
			Pass: "plugin.json: \"skills\": \"./skills/\"   (skills/notes/SKILL.md)",
		},
	},
	{ID: "library/plugin-skill-not-loaded", Severity: model.SeverityWarning,
		Doc:   "A SKILL.md sits under a Claude Code plugin root (a folder with .claude-plugin/plugin.json) where the plugin does not load it: not in skills/<name>/, and not a folder, or inside a folder, that the manifest's (or its marketplace entry's) \"skills\" lists. A skill inside another skill's folder is left to library/nested-skill.",
		Title: "A skill the plugin around it does not load",
		Why:   "The plugin installs and its other parts work, but this skill never reaches the agent.",
		Spec:  "Claude Code plugins reference, Plugin directory structure (skills/ at the plugin root) and the skills field (custom skill paths).",
		Example: model.RuleExample{
			Fail: "tool/.claude-plugin/plugin.json + tool/guides/notes/SKILL.md",
			Pass: "tool/.claude-plugin/plugin.json + tool/skills/notes/SKILL.md",
		},
	},
	{ID: "library/marketplace-source-missing", Severity: model.SeverityError,
		Doc:   "A marketplace entry's relative \"source\" (\"./plugins/x\") names nothing under the marketplace root (the folder holding .claude-plugin/). claude plugin validate lets it pass; installing the plugin fails. One missing path is an error; when several of one manifest's paths are missing they are one info finding naming them, since that points at a partial checkout (a copy that left plugins out, or git submodules not checked out) rather than at the manifest: of the corpus's ten manifests with missing paths, every one is a copy of a repository whose folders exist.",
		Title: "A marketplace entry's source folder does not exist",
		Why:   "claude plugin install fails with \"Source path does not exist\", so the plugin cannot be installed from this marketplace.",
		Spec:  "Claude Code marketplace reference, Plugin sources: a relative path resolves from the marketplace root; a path that does not exist fails at install.",
		Example: model.RuleExample{
			Fail: "marketplace.json: {\"name\": \"notes\", \"source\": \"./plugins/note\"}   (plugins/notes/ only)",
			Pass: "marketplace.json: {\"name\": \"notes\", \"source\": \"./plugins/notes\"}",
		},
	},
	{ID: "library/marketplace-source-empty", Severity: model.SeverityWarning,
		Doc:   "A marketplace entry's relative \"source\" is a folder that holds no plugin: no .claude-plugin/plugin.json, none of skills/, commands/, agents/, hooks/hooks.json, .mcp.json or .lsp.json, and the entry itself names no component.",
		Title: "A marketplace entry's source holds no plugin",
		Why:   "The plugin installs and brings nothing: usually the source points one folder too high or too low.",
		Spec:  "Claude Code plugins reference, Plugin directory structure: the parts a plugin root holds; marketplace reference, Plugin entries: an entry may name the components itself.",
		Example: model.RuleExample{
			Fail: "marketplace.json: \"source\": \"./plugins\"   (plugins/notes/.claude-plugin/plugin.json)",
			Pass: "marketplace.json: \"source\": \"./plugins/notes\"",
		},
	},
	{ID: "library/marketplace-duplicate-name", Severity: model.SeverityError,
		Doc:   "Two entries of one marketplace.json share a \"name\". A plugin is installed as name@marketplace, so the two cannot both be installed.",
		Title: "Two marketplace entries share a name",
		Why:   "claude plugin validate rejects the marketplace (\"Duplicate plugin name\").",
		Spec:  "Claude Code marketplace reference, Plugin entries: the install id is the entry's name, an @ and the marketplace name; Validation messages.",
		Example: model.RuleExample{
			Fail: "marketplace.json: [{\"name\": \"notes\", …}, {\"name\": \"notes\", …}]",
			Pass: "marketplace.json: [{\"name\": \"notes\", …}, {\"name\": \"notes-pro\", …}]",
		},
	},
}
