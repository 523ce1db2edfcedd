package ui

import (
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/examples"
	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/model"
)

// TestExampleXGSSkillsWithinBudget: the example library is the studio's
// showcase, so its xgs skills (all but the deliberately broken one) stay
// inside the spec's per-turn budget (~3–8 kB, ≈0.7–2 K tokens), and no
// summary carries its own ★: the reminder marks the primary itself.
func TestExampleXGSSkillsWithinBudget(t *testing.T) {
	base := model.Location{Source: "embedded", FS: examples.Library()}
	for _, c := range formats.Find(base.FS, ".").Candidates {
		if c.Format != model.FormatXGS || strings.Contains(c.Path, "broken") {
			continue
		}
		s := formats.Load(c, base, model.Options{})
		r := buildAgentReport(1, s, "")
		t.Logf("%s: %d bytes, %d tokens per turn", s.Name, r.bytes, r.tokens)
		if r.over {
			t.Errorf("%s is over the per-turn budget: %d bytes, %d tokens (budget %d bytes, %d tokens)", s.Name, r.bytes, r.tokens, xgsBudgetBytes, xgsBudgetTokens)
		}
		for _, f := range s.Functions {
			if strings.Contains(f.Summary, "★") {
				t.Errorf("%s.%s: the summary has its own ★ (the reminder adds one for the primary): %q", s.Name, f.Name, f.Summary)
			}
		}
	}
}
