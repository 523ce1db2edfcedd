package cli

import (
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/review"
)

// addReviewFindings is lint --review: the security review's warnings and
// errors join each skill's findings, so text, JSON and SARIF carry them
// like any rule's. Info-level evidence (declared hosts, capabilities,
// scripts, comments) stays in `skillstudio review`: it is for a person
// deciding whether to install, and would bury an author's real problems.
// A config entry raising a review rule to warning brings it into lint.
func addReviewFindings(lib *model.Library, cfg *model.RuleConfig) {
	seen := map[string]bool{} // a plugin's findings once, not once per skill
	ps := review.NewPlugins() // and its files read once
	for _, s := range lib.Skills {
		for _, d := range review.OncePerPlugin(s, review.ReviewedIn(s, cfg, ps).Findings, seen) {
			if d.Severity >= model.SeverityWarning {
				s.Diagnostics = append(s.Diagnostics, d)
			}
		}
		model.SortDiagnostics(s.Diagnostics)
	}
}
