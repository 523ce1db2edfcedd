package templates

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/model"
)

// lintTree lints everything under root with every rule on (profile all,
// no config), as `skillstudio lint` does, and returns the findings of
// warning level and above, library-wide ones included.
func lintTree(t testing.TB, root string) (*model.Library, []model.Diagnostic) {
	t.Helper()
	abs, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	base := model.Location{Source: abs, Root: abs, Local: true, FS: os.DirFS(abs)}
	lib := formats.LoadAll(t.Context(), base, ".", model.Options{Profile: model.ProfileAll}, nil)
	var bad []model.Diagnostic
	for _, d := range lib.Diagnostics {
		if d.Severity >= model.SeverityWarning {
			bad = append(bad, d)
		}
	}
	for _, s := range lib.Skills {
		for _, d := range s.Diagnostics {
			if d.Severity >= model.SeverityWarning {
				bad = append(bad, d)
			}
		}
	}
	return lib, bad
}
