package skillmd

import (
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

// TestNameInAnotherScript: a lowercase name in another script (数据分析,
// анализ, résumé) is what skills-ref's validator and Codex accept and the
// spec's [a-z0-9-] does not: a warning whose hint offers an ASCII name,
// with the folder check still made. Upper case in any script, or any
// character that is not a letter, digit or hyphen, stays an error.
func TestNameInAnotherScript(t *testing.T) {
	for _, tc := range []struct {
		name, dir string
		want      model.Severity // of skillmd/name; SeverityOff for none
		nameDir   bool
	}{
		{"数据分析", "数据分析", model.SeverityWarning, false},
		{"анализ-данных", "анализ-данных", model.SeverityWarning, false},
		{"résumé", "résumé", model.SeverityWarning, false},
		{"数据分析", "data", model.SeverityWarning, true},
		{"Анализ", "Анализ", model.SeverityError, false}, // upper case Cyrillic
		{"数据_分析", "数据_分析", model.SeverityError, false},
		{"数据--分析", "数据--分析", model.SeverityError, false},
		{"data-analysis", "data-analysis", model.SeverityOff, false},
		{"r\u00e9sum\u00e9", "re\u0301sume\u0301", model.SeverityWarning, false}, // a decomposed folder name (macOS)
	} {
		s := loadCaseAt(tc.dir, map[string]string{"SKILL.md": md("name: "+tc.name+"\n", "\n# Data\n\nSummarise the table.\n")}, "")
		got := findings(s, "skillmd/name")
		switch {
		case tc.want == model.SeverityOff && len(got) > 0:
			t.Errorf("%s: unexpected %v", tc.name, got)
		case tc.want != model.SeverityOff && (len(got) != 1 || got[0].Severity != tc.want):
			t.Errorf("%s: skillmd/name %v, want one %s", tc.name, got, tc.want)
		}
		if nd := len(findings(s, "skillmd/name-dir")) > 0; nd != tc.nameDir {
			t.Errorf("%s in folder %s: name-dir reported %v, want %v", tc.name, tc.dir, nd, tc.nameDir)
		}
	}
	if got := suggestName("résumé", "x"); got != "resume" {
		t.Errorf("suggestName(résumé) = %q, want resume", got)
	}
}
