package xgs

import "github.com/skillstudio/skillstudio/model"

// BuildRules lists every finding the bundle builder (formats/xgs/bundle)
// reports. They live here, not in bundle, so the rule catalogue does not
// pull esbuild into every package that lists rules. Ids are stable.
var BuildRules = model.RuleSet{
	{ID: "xgs/build-header", Severity: model.SeverityError, Doc: "A skill whose header has errors is not built: the bundle's mount and registry entry are made from the header."},
	{ID: "xgs/build-detect", Severity: model.SeverityError, Doc: "@detect is not a JavaScript expression, so the bundle cannot evaluate it."},
	{ID: "xgs/build-error", Severity: model.SeverityError, Doc: "esbuild could not bundle the body (a syntax error, an import it cannot resolve, top-level await…)."},
	{ID: "xgs/build-warning", Severity: model.SeverityWarning, Doc: "esbuild bundled the body but warned about something that is likely a bug."},
	{ID: "xgs/build-duplicate-name", Severity: model.SeverityError, Doc: "Two skills in one build share an @name; both would be written to the same <name>.xgs.js."},
	{ID: "xgs/build-require-cycle", Severity: model.SeverityError, Doc: "@require forms a cycle among the built skills, so registry.json cannot list them dependencies-first."},
}
