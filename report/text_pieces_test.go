package report

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

// Findings formatted in pieces on every core read exactly as one loop
// writes them, in colour and without, whatever the count.
func TestFindingsFormattedInPiecesKeepTheirOrder(t *testing.T) {
	sevs := []model.Severity{model.SeverityError, model.SeverityWarning, model.SeverityInfo}
	for _, n := range []int{0, 1, 511, 512, 2047, 5000} {
		all := make([]finding, n)
		for i := range all {
			d := model.Diagnostic{Rule: "skillmd/rule", Severity: sevs[i%3], Line: i + 1, Column: i % 7, Message: fmt.Sprintf("finding %d\twith a tab", i)}
			if i%2 == 0 {
				d.Hint = fmt.Sprintf("hint %d", i)
			}
			all[i] = finding{d, fmt.Sprintf("skills/s%05d/SKILL.md", i)}
		}
		for _, color := range []bool{false, true} {
			st := newTextStyles(color)
			var want bytes.Buffer
			for _, f := range all {
				writeFinding(&want, st, f)
			}
			if got := bytes.Join(formatFindings(all, st), nil); !bytes.Equal(got, want.Bytes()) {
				t.Errorf("%d findings, colour %v: the pieces differ from one loop's text", n, color)
			}
		}
	}
}
