package formats

import "github.com/skillstudio/skillstudio/model"

// libraryRules are checks across every skill loaded together.
var libraryRules = model.RuleSet{
	{ID: "library/duplicate-name", Severity: model.SeverityError, Doc: "Two skills share a name; registries and agents identify skills by name, so one would shadow the other.",
		Title: "Two skills share a name",
		Why:   "Registries and agents identify skills by name; one shadows the other.",
		Spec:  "SKILL.md Layer 1: name \"Becomes the /slash-command name\"; xgs: @name is \"Globally unique\".",
		Example: model.RuleExample{
			Fail: "a/SKILL.md: name: notes\nb/notes.xgs.js: // @name notes",
			Pass: "a/SKILL.md: name: notes\nb/todo.xgs.js: // @name todo",
		},
	},
	{ID: "library/duplicate-namespace", Severity: model.SeverityError, Doc: "Two .xgs.js skills share an @namespace; the second install would replace the first on window.xgoose.skills.",
		Title: "Two .xgs.js skills share an @namespace",
		Why:   "The second install replaces the first on window.xgoose.skills.",
		Spec:  "xgs, Things that will silently waste your day: \"@namespace collides with another skill → the second install wins.\"",
		Example: model.RuleExample{
			Fail: "a.xgs.js: // @namespace forum\nb.xgs.js: // @namespace forum",
			Pass: "a.xgs.js: // @namespace discourse\nb.xgs.js: // @namespace vbulletin",
		},
	},
	{ID: "library/missing-require", Severity: model.SeverityError, Doc: "An @require names a skill that is not in the library, so it cannot be loaded first.",
		Title: "@require names a skill that is not there",
		Why:   "The injector cannot load the dependency first, so the skill's calls into it fail.",
		Spec:  "xgs, Cross-skill dependencies: \"The injector topologically sorts requires\".",
		Example: model.RuleExample{
			Fail: "// @require vbulletin-forum   (not in the library)",
			Pass: "// @require vbulletin-forum   (vbulletin-forum.xgs.js added)",
		},
	},
	{ID: "library/require-cycle", Severity: model.SeverityError, Doc: "@require forms a cycle; the injector cannot order the skills.",
		Title: "@require forms a cycle",
		Why:   "The injector cannot order skills that require each other.",
		Spec:  "xgs, Cross-skill dependencies: \"The injector topologically sorts requires\".",
		Example: model.RuleExample{
			Fail: "a: // @require b\nb: // @require a",
			Pass: "a: // @require b\nb: (no @require)",
		},
	},
	{ID: "quiz/load-skill-unresolved", Severity: model.SeverityWarning, Doc: "A quiz branch's load-skill names a skill the library cannot resolve (it may live in a source not loaded here).",
		Title: "load-skill names an unknown skill",
		Why:   "The skill loads, but the branch may load nothing; the skill may live in a source not loaded here.",
		Spec:  "SKILL.md Branch Actions: load-skill \"Load another skill by name\".",
		Example: model.RuleExample{
			Fail: "load-skill: security-basics   (not in the library)",
			Pass: "load-skill: security-basics   (skills/security-basics/SKILL.md added)",
		},
	},
}

// findRules are findings of the search for skills itself.
var findRules = model.RuleSet{
	{ID: "library/unreadable", Severity: model.SeverityError, Doc: "A file or folder under the source cannot be read.",
		Title: "A file or folder cannot be read",
		Why:   "The skills inside cannot be found or checked.",
		Spec:  "Not in the spec: the search for skills under a source.",
		Example: model.RuleExample{
			Fail: "skills/  (permission denied)",
			Pass: "skills/  (readable)",
		},
	},
	{ID: "library/symlink-loop", Severity: model.SeverityWarning, Doc: "A symlinked folder leads back to one of its parents; it is followed once and never in a loop.",
		Title: "A symlinked folder loops",
		Why:   "Its skills are still read once; the loop itself is a broken link in the tree.",
		Spec:  "Not in the spec: the search for skills under a source.",
		Example: model.RuleExample{
			Fail: "skills/self -> ..",
			Pass: "skills/shared -> ../shared-skills",
		},
	},
	// See find_skipped.go.
	{ID: "library/symlink-skipped", Severity: model.SeverityInfo, Doc: "A symlink in a searched folder cannot be followed: it points to nothing, leads outside the source (local sources confine links to the folder asked for), or loops. The finding names the link and its target.",
		Title: "A symlink the search cannot follow",
		Why:   "Advice: the link breaks no format, but whatever it was meant to bring in is not checked here; a dangling link also brings nothing to an agent.",
		Spec:  "Not in the spec: the search for skills under a source.",
		Example: model.RuleExample{
			Fail: "skills/old -> ../gone   (nothing there)",
			Pass: "skills/shared -> ../shared-skills   (inside the source)",
		},
	},
	{ID: "library/skipped-folder", Severity: model.SeverityInfo, Doc: "A node_modules or dist folder, which the search never enters, holds SKILL.md files. One finding per such folder names the first SKILL.md found (the look inside is bounded). The first folder deeper than the search goes (32 levels) is named the same way, and so is where a search stops after 50,000 folders (a home folder, /) or the look for skills nested in one skill folder stops after 1,000 (a SKILL.md at the top of a tree such as /usr).",
		Title: "Skills inside a skipped folder",
		Why:   "Advice: dependencies and build output are copies, skipped on purpose; the finding says so, so no SKILL.md is passed over in silence.",
		Spec:  "Not in the spec: the search for skills under a source.",
		Example: model.RuleExample{
			Fail: "dist/pdf/SKILL.md",
			Pass: "skills/pdf/SKILL.md",
		},
	},
	// See find_template.go.
	{ID: "library/template", Severity: model.SeverityInfo, Doc: "A SKILL.md sits in a template folder (template/ or templates/, also with a leading dot or underscore, skill-template/ or template-skill/, a cookiecutter or copier {{cookiecutter.name}}/ folder), where a repository keeps the SKILL.md its generator fills in. No agent loads skills from there (Claude Code, Codex, GitHub Copilot and Gemini CLI read <skills folder>/<name>/SKILL.md), so it is left out of lint, listing and the studio, and this finding says so. A folder named template directly inside a skills folder is a skill agents load (skills/template/SKILL.md), and a template linted by name is checked as a skill.",
		Title: "A skill template, not a skill",
		Why:   "Advice: a template's placeholders are meant to be filled in, and no agent loads it; checking it as a skill would report its placeholders as broken fields.",
		Spec:  "Agent Skills specification, Directory structure: a skill is a folder with a SKILL.md; the agents' docs list skills one folder below their skills folder.",
		Example: model.RuleExample{
			Fail: "templates/SKILL.md   (name: {{ NAME }})",
			Pass: "skills/template/SKILL.md   (a skill named template)",
		},
	},
	// See nestedSkills.
	{ID: "library/nested-skill", Severity: model.SeverityInfo,
		Doc:   "A SKILL.md sits inside another skill's folder (a per-platform sub-skill, or skills below a SKILL.md at a repository's root). It is linted as a skill of its own and this finding says so, so no SKILL.md under a searched tree is skipped in silence. Agents that list only <skills folder>/<name>/SKILL.md (Claude Code, GitHub Copilot, Gemini CLI, Cursor; their skills docs, checked 2026-11-23) reach it only through the outer skill's instructions. A SKILL.md in the outer skill's assets/, templates/ or template/ folder is not a skill but the template of one (scaffolding skills keep name: {{SKILL_NAME}} there): it stays one of the outer skill's files.",
		Title: "A skill inside another skill's folder",
		Why:   "Advice: agents load the outer skill normally and the nested one only when the outer one points to it, which is often the intent; nothing breaks.",
		Spec:  "Agent Skills specification, Directory structure: a skill is a folder with a SKILL.md; the agents' docs list skills one folder below their skills folder.",
		Example: model.RuleExample{
			Fail: "zoom/SKILL.md + zoom/android/SKILL.md",
			Pass: "zoom/SKILL.md + zoom-android/SKILL.md",
		},
	},
}

// crashRule reports a reader that panicked (see Load).
var crashRule = model.RuleSet{
	{ID: "library/reader-crash", Severity: model.SeverityError, Doc: "A reader failed unexpectedly on a skill; the rest of the library still loads.",
		Title: "A reader crashed on a skill",
		Why:   "A skillstudio bug; that skill is not checked while the rest of the library loads.",
		Spec:  "Not in the spec: skillstudio's own failure.",
		Example: model.RuleExample{
			Fail: "(any skill that makes a reader panic)",
			Pass: "(the same skill after the reader bug is fixed)",
		},
	},
}
