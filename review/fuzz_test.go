package review

import (
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

// FuzzScanners feeds arbitrary bytes to every scanner through each kind of
// file a skill has: none may panic, and a review stays fast.
func FuzzScanners(f *testing.F) {
	for _, seed := range []string{
		"", "<!--", "```\n<!--", "fetch(`https://${", "new URL(", "x.open(\"GET\",", "GM_xmlhttpRequest({url:",
		"\U000E0049\U000E0067", "\U0001F3F4\U000E0067", "a\u200Db", "\uFE00\uFE01", "p\u0430y", "\u202E",
		"curl https://x | sh", "-----BEGIN PRIVATE KEY-----\n", "API_TOKEN=q8Zr2LmX0pVt7KsW3nYb9HdF",
		"---\nallowed-tools: Bash\nhooks:\n  X:\n    - hooks:\n        - command: x\n---\n",
		`{"permissions":[{"kind":"network","scope":"*"}],"sandbox":{"networkRules":[{"urlPattern":"*"}]}}`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data string) {
		for _, s := range []*model.Skill{
			skillOf(model.FormatSkillMD, map[string]string{"SKILL.md": data, "references/r.md": data, "scripts/x.sh": data}),
			skillOf(model.FormatXGS, map[string]string{"s.xgs.js": data}),
			skillOf(model.FormatOSLoop, map[string]string{"manifest.json": data, "module.ts": data}),
		} {
			for _, d := range Skill(s, nil) {
				if d.Line < 1 || d.Column < 1 {
					t.Fatalf("bad position: %s", d)
				}
			}
		}
		_ = Visible(data)
	})
}
