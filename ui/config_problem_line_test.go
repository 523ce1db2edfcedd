package ui

import (
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

// An error wins the status bar; with none, a warning (a project file left
// unread, which names itself) is said; notes are not.
func TestConfigProblemLine(t *testing.T) {
	warn := model.Diagnostic{Rule: "config/project", Severity: model.SeverityWarning, File: "/r/.skillstudio.yaml", Message: "x is a link to y, so it was not read"}
	note := model.Diagnostic{Rule: "config/nested", Severity: model.SeverityInfo, File: "/r/a/.skillstudio.yaml", Message: "n"}
	bad := model.Diagnostic{Rule: "config/nested", Severity: model.SeverityError, File: "/r/b/.skillstudio.yaml", Line: 2, Column: 3, Message: "bad"}
	if got := configProblemLine("/r", []model.Diagnostic{note, warn}); got != "Config: x is a link to y, so it was not read" {
		t.Errorf("warning: %q", got)
	}
	if got := configProblemLine("/r", []model.Diagnostic{warn, bad}); got != "Config b/.skillstudio.yaml:2:3: bad" {
		t.Errorf("error first: %q", got)
	}
	if got := configProblemLine("/r", []model.Diagnostic{note}); got != "" {
		t.Errorf("note: %q", got)
	}
}
