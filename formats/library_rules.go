package formats

import "github.com/skillstudio/skillstudio/model"

// libraryRules are checks across every skill loaded together.
var libraryRules = model.RuleSet{
	{ID: "library/duplicate-name", Severity: model.SeverityError, Doc: "Two skills share a name; registries and agents identify skills by name, so one would shadow the other."},
	{ID: "library/duplicate-namespace", Severity: model.SeverityError, Doc: "Two .xgs.js skills share an @namespace; the second install would replace the first on window.xgoose.skills."},
	{ID: "library/missing-require", Severity: model.SeverityError, Doc: "An @require names a skill that is not in the library, so it cannot be loaded first."},
	{ID: "library/require-cycle", Severity: model.SeverityError, Doc: "@require forms a cycle; the injector cannot order the skills."},
	{ID: "quiz/load-skill-unresolved", Severity: model.SeverityWarning, Doc: "A quiz branch's load-skill names a skill the library cannot resolve (it may live in a source not loaded here)."},
}

// findRules are findings of the search for skills itself.
var findRules = model.RuleSet{
	{ID: "library/unreadable", Severity: model.SeverityError, Doc: "A file or folder under the source cannot be read."},
	{ID: "library/symlink-loop", Severity: model.SeverityWarning, Doc: "A symlinked folder leads back to one of its parents; it is followed once and never in a loop."},
}

// crashRule reports a reader that panicked (see Load).
var crashRule = model.RuleSet{
	{ID: "library/reader-crash", Severity: model.SeverityError, Doc: "A reader failed unexpectedly on a skill; the rest of the library still loads."},
}
