package skillmd

import (
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

// TestStringFieldScalarSeverity: a plain number or boolean where the spec
// types a field as a string is rejected by skillli's z.string() (an error
// under the skillli profile) and loaded by agents (a warning elsewhere);
// the hint quotes the value as written.
func TestStringFieldScalarSeverity(t *testing.T) {
	files := map[string]string{"SKILL.md": md("license: 2.0\n", plainBody)}
	for _, tc := range []struct {
		profile model.Profile
		want    model.Severity
	}{
		{model.ProfileSkillli, model.SeverityError},
		{model.ProfileAll, model.SeverityWarning},
		{model.ProfileClaudeCode, model.SeverityWarning},
	} {
		ds := findings(loadCase(files, tc.profile), "skillmd/field-type")
		if len(ds) != 1 {
			t.Fatalf("profile %s: want one skillmd/field-type finding, got %v", tc.profile, ds)
		}
		if d := ds[0]; d.Severity != tc.want || d.Line != 4 || d.Hint != `Quote it: license: "2.0".` {
			t.Errorf("profile %s: got %s at line %d, hint %q; want %s at line 4, hint to quote 2.0", tc.profile, d.Severity, d.Line, d.Hint, tc.want)
		}
	}
}
