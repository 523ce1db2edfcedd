package registry

import (
	"strings"

	"github.com/skillstudio/skillstudio/model"
)

// withheldRules are the findings a remote source leaves in place of a
// skill it listed but did not use (its content failed a check or could
// not be fetched). Their messages start "skill NAME: ".
var withheldRules = map[string]bool{
	"remote/digest-mismatch":  true,
	"remote/fetch-failed":     true,
	"remote/missing-file":     true,
	"remote/archive-rejected": true,
	"remote/name-clash":       true,
}

// WithheldFindings returns the library findings that stand for skills a source
// listed but withheld, so a listing can say why a skill is absent instead
// of dropping it in silence.
func WithheldFindings(lib *model.Library) []model.Diagnostic {
	var out []model.Diagnostic
	for _, d := range lib.Diagnostics {
		if withheldRules[d.Rule] && strings.HasPrefix(d.Message, "skill ") {
			out = append(out, d)
		}
	}
	return out
}

// withheldNamed is the finding that withheld the skill called name, if
// any.
func withheldNamed(lib *model.Library, name string) (model.Diagnostic, bool) {
	for _, d := range WithheldFindings(lib) {
		if strings.HasPrefix(d.Message, "skill "+name+":") {
			return d, true
		}
	}
	return model.Diagnostic{}, false
}
