//go:build unix

package quiz

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/skillstudio/skillstudio/internal/safefs"
	"github.com/skillstudio/skillstudio/model"
)

// TestWalkNamesRefusedReferences: a load-reference that is there but is a
// symlink out of the skill, or a FIFO, is filed for what it is with the
// fix that works, never as a missing file to create; and the FIFO is not
// opened (that would block the walk).
func TestWalkNamesRefusedReferences(t *testing.T) {
	root := t.TempDir()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	refs := filepath.Join(root, "demo", "references")
	must(os.MkdirAll(refs, 0o755))
	must(os.WriteFile(filepath.Join(root, "secret.txt"), []byte("secret\n"), 0o644))
	must(os.Symlink("../../secret.txt", filepath.Join(refs, "shared.md")))
	must(os.Symlink(filepath.Join(root, "secret.txt"), filepath.Join(refs, "abs.md")))
	must(syscall.Mkfifo(filepath.Join(refs, "pipe.md"), 0o644))
	broken := q("broken", 2, 0)
	broken.OnIncorrect = []model.Action{
		{Kind: model.ActionLoadReference, Target: "references/shared.md", Line: 10, Column: 5},
		{Kind: model.ActionLoadReference, Target: "references/abs.md", Line: 11, Column: 5},
		{Kind: model.ActionLoadReference, Target: "references/pipe.md", Line: 12, Column: 5},
		{Kind: model.ActionLoadReference, Target: "references/gone.md", Line: 13, Column: 5},
	}
	for name, loc := range map[string]model.Location{
		"os.DirFS":  {Dir: "demo", File: "demo/SKILL.md", FS: os.DirFS(root)},
		"safefs.FS": {Dir: "demo", File: "demo/SKILL.md", FS: safefs.Dir(root)},
	} {
		s := &model.Skill{Format: model.FormatSkillMD, Name: "demo", Location: loc,
			Quizzes: []model.QuizBlock{block("b", false, 0, broken)}}
		want := map[int]struct{ rule, msg, hint string }{
			10: {"quiz/reference-escapes", "outside the skill folder", "copy of the linked file"},
			11: {"quiz/reference-escapes", "outside the skill folder", "copy of the linked file"},
			12: {"quiz/reference-missing", "named pipe", "regular file"},
			13: {"quiz/reference-missing", "no such file", "Create the file"},
		}
		for _, d := range Walk(s, testResolver).Findings() {
			w, ok := want[d.Line]
			if !ok {
				continue
			}
			delete(want, d.Line)
			if d.Rule != w.rule || !strings.Contains(d.Message, w.msg) || !strings.Contains(d.Hint, w.hint) {
				t.Errorf("%s, line %d: %s %q hint %q; want %s, %q, hint with %q", name, d.Line, d.Rule, d.Message, d.Hint, w.rule, w.msg, w.hint)
			}
		}
		for line := range want {
			t.Errorf("%s: no finding for the reference on line %d", name, line)
		}
	}
}
