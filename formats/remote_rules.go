package formats

import "github.com/skillstudio/skillstudio/model"

// RemoteRules are the findings a remote source reports about itself: an
// index entry that cannot be followed, content that fails its digest, an
// archive that is refused. They are library-level diagnostics (or, for
// verification, a skill field); lint prints them like any other.
var RemoteRules = model.RuleSet{
	{ID: "remote/fetch-failed", Severity: model.SeverityError, Doc: "A file a remote index lists could not be fetched, so its skill is not shown.",
		Title: "A listed file could not be fetched",
		Why:   "Its skill is not shown; nothing can be checked without its content.",
		Spec:  "Not in a format spec: remote sources (.well-known index, registry.json, GitHub).",
		Example: model.RuleExample{
			Fail: "GET https://example.com/.well-known/agent-skills/ok/SKILL.md → 404",
			Pass: "GET https://example.com/.well-known/agent-skills/ok/SKILL.md → 200",
		},
	},
	{ID: "remote/bad-entry", Severity: model.SeverityError, Doc: "An index entry lacks a field it needs (a name, a folder, a type, a URL) or has one of the wrong kind; it is skipped.",
		Title: "An index entry lacks a field it needs",
		Why:   "The entry cannot be followed, so it is skipped.",
		Spec:  "SKILL.md, Decentralized Discovery: index entries name a skill and where it lives.",
		Example: model.RuleExample{
			Fail: "{ \"name\": \"ok\", \"type\": \"skill-md\" }",
			Pass: "{ \"name\": \"ok\", \"type\": \"skill-md\", \"url\": \"ok/SKILL.md\" }",
		},
	},
	{ID: "remote/path-escape", Severity: model.SeverityError, Doc: "A path or URL from a remote index leaves the source it belongs to; it is rejected, never followed.",
		Title: "A remote path leaves its source",
		Why:   "It is rejected, never followed: an index must not point outside its own site or repository.",
		Spec:  "Not in a format spec: a safety rule for remote sources.",
		Example: model.RuleExample{
			Fail: "\"url\": \"https://elsewhere.example/ok/SKILL.md\"",
			Pass: "\"url\": \"ok/SKILL.md\"",
		},
	},
	{ID: "remote/digest-mismatch", Severity: model.SeverityError, Doc: "Fetched content does not match the sha256 digest its index gives; it may be corrupt or tampered with and is not used.",
		Title: "Content does not match its digest",
		Why:   "It may be corrupt or tampered with, so it is not used.",
		Spec:  "Not in a format spec: the index's sha256 digest of each file.",
		Example: model.RuleExample{
			Fail: "\"digest\": \"sha256:<of an older file>\"",
			Pass: "\"digest\": \"sha256:<of the file served>\"",
		},
	},
	{ID: "remote/name-clash", Severity: model.SeverityError, Doc: "Two names a remote listing gives differ only by case or Unicode normalisation (README.md and readme.md, é as one code point and as e plus an accent), so they are one file on macOS and Windows; the skill holding them is not shown, and two skills or .xgs.js files so named are both left out.",
		Title: "Two remote names are one file on macOS and Windows",
		Why:   "On a case-insensitive or normalising disk one file replaces the other, so what was shown and reviewed need not be what is checked out or pulled; pull and archive unpacking refuse such names too.",
		Spec:  "Not in a format spec: a safety rule for remote sources.",
		Example: model.RuleExample{
			Fail: "skills/pdf/SKILL.md and skills/pdf/skill.md",
			Pass: "skills/pdf/SKILL.md and skills/pdf/references/skill.md",
		},
	},
	{ID: "remote/archive-rejected", Severity: model.SeverityError, Doc: "A skill archive is unsafe or too big (a path leaving the folder, a link, over 1,000 files or 50 MB unpacked) and is not unpacked.",
		Title: "A skill archive is unsafe or too big",
		Why:   "It is not unpacked: a path leaving the folder, a link or a huge archive could harm the machine.",
		Spec:  "Not in a format spec: limits on unpacking skill archives (1,000 files, 50 MB).",
		Example: model.RuleExample{
			Fail: "skill.tar.gz containing a symlink to /etc",
			Pass: "skill.tar.gz containing only regular files",
		},
	},
	{ID: "remote/missing-file", Severity: model.SeverityError, Doc: "A registry lists a skill whose source file is not published next to it.",
		Title: "A registry lists a skill whose file is not published",
		Why:   "Breaks at install time: the registry lists the skill, but its file is not there to fetch, so installing it fails (the rest of the registry still loads).",
		Spec:  "xgs, Build pipeline: registry.json is emitted beside Resources/skills/<name>.xgs.js.",
		Example: model.RuleExample{
			Fail: "registry.json lists hotel-rates; hotel-rates.xgs.js → 404",
			Pass: "registry.json lists hotel-rates; hotel-rates.xgs.js → 200",
		},
	},
	{ID: "remote/duplicate-key", Severity: model.SeverityWarning, Doc: "An index repeats a key in one object (two \"skills\" arrays, an entry with two \"url\"s); the later one is used, as JSON.parse reads it.",
		Title: "An index repeats a key",
		Why:   "RFC 8259 only says names SHOULD be unique and the index still parses, so it is a warning: parsers disagree on which value wins, so an agent may fetch other skills than the ones you checked.",
		Spec:  "Not in a format spec: RFC 8259 says names within an object SHOULD be unique.",
		Example: model.RuleExample{
			Fail: "{ \"skills\": [ … ], \"skills\": [ … ] }",
			Pass: "{ \"skills\": [ … ] }",
		},
	},
	{ID: "remote/unverified", Severity: model.SeverityInfo, Doc: "The index gives no digest for a skill, so its content cannot be verified.",
		Title: "No digest for a skill",
		Why:   "Advice: the content is used but cannot be verified.",
		Spec:  "Not in a format spec: the index's optional digest.",
		Example: model.RuleExample{
			Fail: "{ \"name\": \"ok\", \"url\": \"ok/SKILL.md\" }",
			Pass: "{ \"name\": \"ok\", \"url\": \"ok/SKILL.md\", \"digest\": \"sha256:…\" }",
		},
	},
	{ID: "remote/stale-cache", Severity: model.SeverityInfo, Doc: "Some files came from the cache and could not be confirmed current (offline, or the server failed).",
		Title: "Files came from the cache",
		Why:   "Advice: they could not be confirmed current (offline, or the server failed).",
		Spec:  "Not in a format spec: skillstudio's cache of remote sources.",
		Example: model.RuleExample{
			Fail: "server down; files served from the cache",
			Pass: "server up; files confirmed current",
		},
	},
	{ID: "remote/truncated", Severity: model.SeverityWarning, Doc: "A repository listing was cut short at the folder limit; some skills may be missing.",
		Title: "A repository listing was cut short",
		Why:   "The source loads, but some skills may be missing from it.",
		Spec:  "Not in a format spec: the folder limit on listing a repository.",
		Example: model.RuleExample{
			Fail: "github:org/huge-monorepo  (over the folder limit)",
			Pass: "github:org/huge-monorepo/skills  (a narrower path)",
		},
	},
}
