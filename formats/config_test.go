package formats

import (
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

func TestConfigSeverityOf(t *testing.T) {
	c := &Config{Rules: map[string]model.Severity{
		"xgs/":             model.SeverityWarning,
		"xgs/header/":      model.SeverityInfo,
		"xgs/header/order": model.SeverityOff,
		"skillmd/name":     model.SeverityInfo,
	}}
	cases := []struct {
		id   string
		def  model.Severity
		want model.Severity
	}{
		{"xgs/header/order", model.SeverityError, model.SeverityOff},    // exact id beats prefixes
		{"xgs/header/markers", model.SeverityError, model.SeverityInfo}, // longest prefix wins
		{"xgs/name", model.SeverityError, model.SeverityWarning},
		{"skillmd/name", model.SeverityError, model.SeverityInfo},
		{"skillmd/name-dir", model.SeverityError, model.SeverityError}, // an id is not a prefix
		{"osloop/name", model.SeverityInfo, model.SeverityInfo},        // untouched
		{"xgs", model.SeverityError, model.SeverityError},              // "xgs/" does not match "xgs"
	}
	for _, tc := range cases {
		if got := c.SeverityOf(tc.id, tc.def); got != tc.want {
			t.Errorf("SeverityOf(%q) = %v, want %v", tc.id, got, tc.want)
		}
	}
	var nilCfg *Config
	if got := nilCfg.SeverityOf("xgs/name", model.SeverityError); got != model.SeverityError {
		t.Errorf("nil config changed a severity to %v", got)
	}
}

func TestConfigApply(t *testing.T) {
	lib := &model.Library{
		Diagnostics: []model.Diagnostic{{Rule: "library/unreadable", Severity: model.SeverityError}},
		Skills: []*model.Skill{{Diagnostics: []model.Diagnostic{
			{Rule: "xgs/name", Severity: model.SeverityError},
			{Rule: "xgs/version", Severity: model.SeverityWarning},
			{Rule: "skillmd/name", Severity: model.SeverityError},
		}}},
	}
	c := &Config{Rules: map[string]model.Severity{"xgs/": model.SeverityOff, "xgs/name": model.SeverityInfo, "library/": model.SeverityWarning}}
	c.Apply(lib)
	ds := lib.Skills[0].Diagnostics
	if len(ds) != 2 || ds[0].Rule != "xgs/name" || ds[0].Severity != model.SeverityInfo || ds[1].Rule != "skillmd/name" || ds[1].Severity != model.SeverityError {
		t.Errorf("skill diagnostics = %+v", ds)
	}
	if lib.Diagnostics[0].Severity != model.SeverityWarning {
		t.Errorf("library diagnostics = %+v", lib.Diagnostics)
	}
}
