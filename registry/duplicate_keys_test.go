package registry

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

// TestIndexDuplicateKeysAreNamed: an index that repeats a key (the skills
// array, or a member of an entry) is read as JSON.parse reads it, the
// last one used, and a warning names the line of the one used and of the
// one ignored. The skills array used to be the first, silently: a
// browser and this tool listed different skills.
func TestIndexDuplicateKeysAreNamed(t *testing.T) {
	s := newFakeServer(t)
	s.set("/.well-known/agent-skills/first/SKILL.md", skillMD("first"))
	s.set("/.well-known/agent-skills/second/SKILL.md", skillMD("second"))
	s.set("/.well-known/agent-skills/index.json", fmt.Sprintf(`{
  "skills": [
    {"name": "first", "type": "skill-md", "description": "d", "url": "first/SKILL.md", "digest": %q}
  ],
  "skills": [
    {"name": "second", "type": "skill-md", "description": "d",
     "url": "first/SKILL.md",
     "url": "second/SKILL.md", "digest": %q}
  ]
}
`, sha(skillMD("first")), sha(skillMD("second"))))
	op := mustOpen(t, s.URL, testOpts(t, nil, nil))
	lib := op.Load(context.Background(), modelOptions(), nil)
	var names []string
	for _, sk := range lib.Skills {
		names = append(names, sk.Name)
	}
	if strings.Join(names, ",") != "second" {
		t.Errorf("skills = %v, want the last skills array's (as JSON.parse reads it)", names)
	}
	var dups []model.Diagnostic
	for _, d := range op.Notes {
		if d.Rule == "remote/duplicate-key" {
			dups = append(dups, d)
		}
	}
	if len(dups) != 2 {
		t.Fatalf("want 2 duplicate-key warnings, got:\n%s", noteText(op.Notes))
	}
	for i, want := range []struct {
		line int
		text string
	}{{5, `key "skills" appears again (first at line 2); the last is used`}, {8, `key "url" appears again (first at line 7); the last is used`}} {
		d := dups[i]
		if d.Line != want.line || !strings.Contains(d.Message, want.text) || d.Severity != model.SeverityWarning {
			t.Errorf("warning %d = line %d %s %q, want line %d containing %q", i, d.Line, d.Severity, d.Message, want.line, want.text)
		}
	}
}
