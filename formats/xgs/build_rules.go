package xgs

import "github.com/skillstudio/skillstudio/model"

// BuildRules lists every finding the bundle builder (formats/xgs/bundle)
// reports. They live here, not in bundle, so the rule catalogue does not
// pull esbuild into every package that lists rules. Ids are stable.
var BuildRules = model.RuleSet{
	{ID: "xgs/build-header", Severity: model.SeverityError, Doc: "A skill whose header has errors is not built: the bundle's mount and registry entry are made from the header.",
		Title: "The header has errors, so nothing is built",
		Why:   "The bundle's mount and registry entry come from the header; the builder refuses to make them from a broken one.",
		Spec:  "Build pipeline: the header is \"validated against SkillHeaderSchema\" before bundling.",
		Example: model.RuleExample{
			Fail: "// @namespace hotel-rates",
			Pass: "// @namespace hotelRates",
		},
	},
	{ID: "xgs/build-detect", Severity: model.SeverityError, Doc: "@detect is not a JavaScript expression, so the bundle cannot evaluate it.",
		Title: "@detect does not compile in the bundle",
		Why:   "The bundle evaluates @detect in the page; if it does not compile, esbuild fails the build.",
		Spec:  "Build pipeline: the IIFE \"evaluates @detect in the page MAIN world\".",
		Example: model.RuleExample{
			Fail: "// @detect a b",
			Pass: "// @detect !!window.hyatt",
		},
	},
	{ID: "xgs/build-error", Severity: model.SeverityError, Doc: "esbuild could not bundle the body (a syntax error, an import it cannot resolve, top-level await…).",
		Title: "esbuild could not bundle the body",
		Why:   "No bundle means nothing to install.",
		Spec:  "Build pipeline: \"esbuild-bundles the JS body as an IIFE\".",
		Example: model.RuleExample{
			Fail: "import { x } from \"./missing.js\";",
			Pass: "import { z } from \"zod\";",
		},
	},
	{ID: "xgs/build-warning", Severity: model.SeverityWarning, Doc: "esbuild bundled the body but warned about something that is likely a bug.",
		Title: "esbuild warned about the body",
		Why:   "The bundle is made, but esbuild's warnings usually point at a real bug.",
		Spec:  "Build pipeline: esbuild bundles the body (its warnings are passed on).",
		Example: model.RuleExample{
			Fail: "if (x == -0) { … }",
			Pass: "if (Object.is(x, -0)) { … }",
		},
	},
	{ID: "xgs/build-duplicate-name", Severity: model.SeverityError, Doc: "Two skills in one build share an @name; both would be written to the same <name>.xgs.js.",
		Title: "Two built skills share @name",
		Why:   "Both would be written to the same <name>.xgs.js; one bundle overwrites the other.",
		Spec:  "Header directives: @name is \"Globally unique\"; the build emits Resources/skills/<name>.xgs.js.",
		Example: model.RuleExample{
			Fail: "a.xgs.js: // @name rates\nb.xgs.js: // @name rates",
			Pass: "a.xgs.js: // @name hotel-rates\nb.xgs.js: // @name air-rates",
		},
	},
	{ID: "xgs/build-require-cycle", Severity: model.SeverityError, Doc: "@require forms a cycle among the built skills, so registry.json cannot list them dependencies-first.",
		Title: "@require forms a cycle",
		Why:   "registry.json lists skills dependencies-first; a cycle has no such order.",
		Spec:  "Cross-skill dependencies: \"The injector topologically sorts requires\".",
		Example: model.RuleExample{
			Fail: "a.xgs.js: // @require b\nb.xgs.js: // @require a",
			Pass: "a.xgs.js: // @require b\nb.xgs.js: (no @require)",
		},
	},
}
