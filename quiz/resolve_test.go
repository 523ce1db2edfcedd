package quiz

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

func TestResolveEachActionKind(t *testing.T) {
	s := testSkill()
	tests := []struct {
		a       model.Action
		ok      bool
		wantErr string
		check   func(ActionResult) bool
	}{
		{model.Action{Kind: model.ActionGoto, Target: "## Setup Steps"}, true, "", func(r ActionResult) bool {
			return r.Section.Heading == "Setup Steps" && strings.Contains(r.Section.Text, "### Details") &&
				!strings.Contains(r.Section.Text, "API Reference") && r.Section.Line == 8
		}},
		{model.Action{Kind: model.ActionGoto, Target: "# api reference"}, true, "", func(r ActionResult) bool {
			return r.Section.Heading == "API Reference" && strings.HasPrefix(r.Section.Text, "## API Reference")
		}},
		{model.Action{Kind: model.ActionGoto, Target: "## Teardown"}, false, `no heading "## Teardown"`, nil},
		{model.Action{Kind: model.ActionLoadReference, Target: "references/guide.md"}, true, "", func(r ActionResult) bool {
			return r.Reference.Content == "# Guide\n\nRead me.\n" && r.Reference.Path == "references/guide.md"
		}},
		{model.Action{Kind: model.ActionLoadReference, Target: "./references/sub/../guide.md"}, true, "", func(r ActionResult) bool {
			return r.Reference.Path == "references/guide.md"
		}},
		{model.Action{Kind: model.ActionLoadReference, Target: "references/missing.md"}, false, "no such file", nil},
		{model.Action{Kind: model.ActionLoadReference, Target: "references"}, false, "is a folder", nil},
		{model.Action{Kind: model.ActionLoadReference, Target: "../secret.txt"}, false, "outside the skill folder", nil},
		{model.Action{Kind: model.ActionLoadReference, Target: "references/../../other/SKILL.md"}, false, "outside the skill folder", nil},
		{model.Action{Kind: model.ActionLoadReference, Target: "/etc/passwd"}, false, "absolute", nil},
		{model.Action{Kind: model.ActionLoadReference, Target: `..\secret.txt`}, false, "backslashes", nil},
		{model.Action{Kind: model.ActionLoadSkill, Target: "helper"}, true, "", func(r ActionResult) bool {
			return r.Skill.Name == "helper" && r.Skill.Description == "Helps." && r.Skill.Skill != nil
		}},
		{model.Action{Kind: model.ActionLoadSkill, Target: "nobody"}, false, `no skill named "nobody"`, nil},
		{model.Action{Kind: model.ActionMessage, Target: "Read it again."}, true, "", func(r ActionResult) bool { return r.Message == "Read it again." }},
		{model.Action{Kind: model.ActionMessage, Target: "  "}, false, "empty", nil},
		{model.Action{Kind: "teleport", Target: "x"}, false, "unknown action", nil},
	}
	for _, tt := range tests {
		r := Resolve(s, tt.a, testResolver)
		if r.OK != tt.ok {
			t.Errorf("%s %q: ok=%v (%s), want %v", tt.a.Kind, tt.a.Target, r.OK, r.Error, tt.ok)
			continue
		}
		if !tt.ok && !strings.Contains(r.Error, tt.wantErr) {
			t.Errorf("%s %q: error %q, want it to mention %q", tt.a.Kind, tt.a.Target, r.Error, tt.wantErr)
		}
		if tt.ok && tt.check != nil && !tt.check(r) {
			t.Errorf("%s %q: unexpected result %+v", tt.a.Kind, tt.a.Target, r)
		}
	}
}

func TestLoadSkillWithoutResolver(t *testing.T) {
	r := Resolve(testSkill(), model.Action{Kind: model.ActionLoadSkill, Target: "helper"}, nil)
	if r.OK || !strings.Contains(r.Error, "no library") {
		t.Errorf("got %+v", r)
	}
}

// TestReferenceSymlinks: on a real disk a link inside the skill may point
// within it, but never out of it.
func TestReferenceSymlinks(t *testing.T) {
	root := t.TempDir()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(root, "demo", "references"), 0o755))
	must(os.WriteFile(filepath.Join(root, "demo", "references", "real.md"), []byte("real\n"), 0o644))
	must(os.WriteFile(filepath.Join(root, "secret.txt"), []byte("secret\n"), 0o644))
	must(os.Symlink("real.md", filepath.Join(root, "demo", "references", "alias.md")))
	must(os.Symlink("../../secret.txt", filepath.Join(root, "demo", "references", "escape.md")))
	must(os.Symlink(filepath.Join(root, "secret.txt"), filepath.Join(root, "demo", "references", "abs.md")))
	must(os.Symlink("..", filepath.Join(root, "demo", "up")))
	s := &model.Skill{Name: "demo", Location: model.Location{Dir: "demo", FS: os.DirFS(root)}}
	for target, want := range map[string]string{
		"references/alias.md":  "",
		"references/escape.md": "outside the skill folder",
		"references/abs.md":    "outside the skill folder",
		"up/secret.txt":        "outside the skill folder",
	} {
		r := Resolve(s, model.Action{Kind: model.ActionLoadReference, Target: target}, nil)
		switch {
		case want == "" && (!r.OK || r.Reference.Content != "real\n"):
			t.Errorf("%s: %+v, want the linked file", target, r)
		case want != "" && (r.OK || !strings.Contains(r.Error, want)):
			t.Errorf("%s: ok=%v error %q, want %q", target, r.OK, r.Error, want)
		}
	}
}

func TestCleanReferenceNeverEscapes(t *testing.T) {
	for _, bad := range []string{"..", "../x", "a/../../x", "/abs", "C:/x", `a\b`, "", ".", "a/.."} {
		if got, err := CleanReference(bad); err == nil {
			t.Errorf("CleanReference(%q) = %q, want an error", bad, got)
		}
	}
	for in, want := range map[string]string{"references/a.md": "references/a.md", "./a.md": "a.md", "a/b/../c.md": "a/c.md"} {
		if got, err := CleanReference(in); err != nil || got != want {
			t.Errorf("CleanReference(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}

func FuzzCleanReference(f *testing.F) {
	for _, s := range []string{"references/a.md", "../x", "a/../../b", "/etc/passwd", `..\x`, "a//b/./c", "...", "..../x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, rel string) {
		got, err := CleanReference(rel)
		if err != nil {
			return
		}
		if got == ".." || strings.HasPrefix(got, "../") || strings.HasPrefix(got, "/") || strings.Contains(got, `\`) {
			t.Fatalf("CleanReference(%q) = %q escapes the skill folder", rel, got)
		}
	})
}
