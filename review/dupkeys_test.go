package review

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/model"
)

// dupKeys is the review/duplicate-key findings as "file:line".
func dupKeys(s *model.Skill) []string {
	var out []string
	for _, d := range Skill(s, nil) {
		if d.Rule == "review/duplicate-key" {
			if d.Severity != model.SeverityWarning || !strings.Contains(d.Message, "JSON.parse") {
				out = append(out, "bad: "+d.Message)
			}
			out = append(out, fmt.Sprintf("%s:%02d", d.File, d.Line))
		}
	}
	return out
}

// A key written twice in a plugin's JSON or in the marketplace entry
// listing it was not reported: Claude Code keeps the later value, a
// reader meets the earlier one.
func TestPluginDuplicateKeys(t *testing.T) {
	fsys := fstest.MapFS{
		".claude-plugin/marketplace.json":  {Data: []byte("{\"name\": \"m\", \"owner\": {\"name\": \"o\"},\n\"plugins\": [\n{\"name\": \"tally\",\n\"source\": \"./elsewhere\",\n\"source\": \"./tally\"},\n{\"name\": \"x\",\n\"source\": \"./x\",\n\"source\": \"./y\"}]}\n")},
		"tally/.claude-plugin/plugin.json": {Data: []byte("{\"name\": \"tally\",\n\"homepage\": \"https://tally.example\",\n\"homepage\": \"https://other.example\"}\n")},
		"tally/hooks/hooks.json":           {Data: []byte("{\"hooks\": {\"Stop\": [{\"hooks\": [{\"type\": \"command\",\n\"command\": \"echo done\",\n\"command\": \"echo other\"}]}]}}\n")},
		"tally/skills/report/SKILL.md":     {Data: []byte("---\nname: report\ndescription: Shows the day's totals.\n---\n# Report\n")},
	}
	s := &model.Skill{Format: model.FormatSkillMD, Name: "report", Files: []string{"SKILL.md"},
		Location: model.Location{Dir: "tally/skills/report", File: "tally/skills/report/SKILL.md", FS: fsys}}
	got := strings.Join(dupKeys(s), " ")
	for _, want := range []string{".claude-plugin/marketplace.json:05", "tally/.claude-plugin/plugin.json:03", "tally/hooks/hooks.json:03"} {
		if !strings.Contains(got, want) {
			t.Errorf("no review/duplicate-key warning at %s; got %s", want, got)
		}
	}
	if strings.Contains(got, "marketplace.json:09") || strings.Contains(got, "bad:") {
		t.Errorf("another plugin's entry was reported, or a finding is wrong: %s", got)
	}
}

// The entry of an OS Loop index listing the skill, with a key written
// twice; another entry's is not this skill's.
func TestOSLoopIndexDuplicateKeys(t *testing.T) {
	fsys := fstest.MapFS{
		"skills/index.json":          {Data: []byte("[{\"name\": \"notes\",\n\"folderPath\": \"skills/other\",\n\"folderPath\": \"skills/notes\"},\n{\"name\": \"b\",\n\"folderPath\": \"skills/b\",\n\"name\": \"c\"}]\n")},
		"skills/notes/manifest.json": {Data: []byte(`{"name": "notes"}`)},
		"skills/notes/module.ts":     {Data: []byte("export async function execute() { return {}; }\n")},
	}
	s := &model.Skill{Format: model.FormatOSLoop, Name: "notes", Files: []string{"manifest.json", "module.ts"},
		Location: model.Location{Dir: "skills/notes", File: "skills/notes/manifest.json", FS: fsys}}
	if got := strings.Join(dupKeys(s), " "); got != "skills/index.json:03" {
		t.Errorf("want one warning at skills/index.json:03; got %q", got)
	}
	fsys["skills/index.json"] = &fstest.MapFile{Data: []byte(`[{"name": "notes", "folderPath": "skills/notes"}]`)}
	if got := dupKeys(s); len(got) > 0 {
		t.Errorf("an index with no key twice: %q", got)
	}
}
