package osloop

import (
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

// TestBridgeDocsMissingSeverity: a missing docs.md is advice, but a
// warning for a skill that runs commands through the bridge, which the
// spec asks to explain them in docs.md.
func TestBridgeDocsMissingSeverity(t *testing.T) {
	for _, tc := range []struct {
		bridge string
		want   model.Severity
	}{
		{`"never"`, model.SeverityInfo},
		{`"optional"`, model.SeverityWarning},
		{`"required"`, model.SeverityWarning},
	} {
		edit := both(rmFile("docs.md"), man("bridgeRequirement", tc.bridge, "supportedPlatforms", `["linux"]`, "compatibilityRequirements", `["system_tools"]`))
		var got []model.Diagnostic
		for _, d := range lintFixture(t, ruleCase{name: "bridge " + tc.bridge, edit: edit}) {
			if d.Rule == "osloop/docs-missing" {
				got = append(got, d)
			}
		}
		if len(got) != 1 || got[0].Severity != tc.want {
			t.Errorf("bridgeRequirement %s: want one osloop/docs-missing %s, got %v", tc.bridge, tc.want, got)
		}
	}
}
