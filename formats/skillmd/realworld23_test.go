package skillmd

import (
	"slices"
	"testing"
)

// TestReadmeIndexPassesMentionsOn: a reference tree several folders deep
// whose folders each keep a README.md index (references/index.md ->
// api/README.md -> core/README.md -> the pages). The README files are
// never reported themselves, and what they link is mentioned; the README
// beside SKILL.md, which is for people, still passes nothing on.
func TestReadmeIndexPassesMentionsOn(t *testing.T) {
	unreferenced := func(files map[string]string) []string {
		var out []string
		for _, d := range findings(loadCase(files, ""), "skillmd/unreferenced-file") {
			out = append(out, d.File)
		}
		slices.Sort(out)
		return out
	}
	deep := map[string]string{
		"SKILL.md":                             md("", "\n# Deep\n\nStart at [the index](references/index.md).\n"),
		"references/index.md":                  "# Index\n\n- [API](api/README.md)\n",
		"references/api/README.md":             "# API\n\n- [core](core/README.md)\n",
		"references/api/core/README.md":        "# Core\n\n- [parse](parse.md), data in `tables/units.csv`\n",
		"references/api/core/parse.md":         "# parse\n",
		"references/api/core/tables/units.csv": "unit,factor\nm,1\n",
	}
	if got := unreferenced(deep); len(got) != 0 {
		t.Errorf("deep README indexes: unreferenced %v, want none", got)
	}
	top := map[string]string{
		"SKILL.md":            md("", "\n# Top\n\nNothing linked.\n"),
		"README.md":           "# For people\n\nSee [the guide](references/guide.md).\n",
		"references/guide.md": "# Guide\n",
	}
	if got := unreferenced(top); !slices.Equal(got, []string{"skills/demo-skill/references/guide.md"}) {
		t.Errorf("top-level README: unreferenced %v, want [references/guide.md]", got)
	}
}
