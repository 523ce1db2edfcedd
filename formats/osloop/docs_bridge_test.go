package osloop

import (
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

// TestBridgeDocsMissingSeverity: a missing docs.md is advice, but a
// warning for a skill that runs commands through the bridge (system_tools,
// or a skill that cannot run without it), which the spec asks to explain
// them in docs.md. An optional bridge skill that only reads files is not.
func TestBridgeDocsMissingSeverity(t *testing.T) {
	for _, tc := range []struct {
		bridge, compat string
		want           model.Severity
	}{
		{`"never"`, `[]`, model.SeverityInfo},
		{`"optional"`, `["filesystem"]`, model.SeverityInfo},
		{`"optional"`, `["system_tools"]`, model.SeverityWarning},
		{`"required"`, `["filesystem"]`, model.SeverityWarning},
	} {
		edit := both(rmFile("docs.md"), man("bridgeRequirement", tc.bridge, "supportedPlatforms", `["linux"]`, "compatibilityRequirements", tc.compat))
		var got []model.Diagnostic
		for _, d := range lintFixture(t, ruleCase{name: "bridge " + tc.bridge, edit: edit}) {
			if d.Rule == "osloop/docs-missing" {
				got = append(got, d)
			}
		}
		if len(got) != 1 || got[0].Severity != tc.want {
			t.Errorf("bridgeRequirement %s, compatibilityRequirements %s: want one osloop/docs-missing %s, got %v", tc.bridge, tc.compat, tc.want, got)
		}
	}
}
