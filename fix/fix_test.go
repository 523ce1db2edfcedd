package fix

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

// fixLibrary is one local skill at dir whose file a.txt holds content, with
// one finding per fix given.
func fixLibrary(t *testing.T, content string, fixes ...*model.Fix) (*model.Library, string) {
	t.Helper()
	dir := t.TempDir()
	p := filepath.Join(dir, "a.txt")
	if err := os.WriteFile(p, []byte(content), 0o640); err != nil {
		t.Fatal(err)
	}
	s := &model.Skill{Name: "a", Location: model.Location{Root: dir, Local: true, File: "a.txt", Dir: "."}}
	for i, f := range fixes {
		s.Diagnostics = append(s.Diagnostics, model.Diagnostic{Rule: "test/rule", File: "a.txt", Line: i + 1, Column: 1, Message: f.Description, Fix: f})
	}
	return &model.Library{Skills: []*model.Skill{s}}, p
}

func replace(desc string, start, end int, text string) *model.Fix {
	return &model.Fix{Description: desc, Edits: []model.TextEdit{{File: "a.txt", Start: start, End: end, NewText: text}}}
}

// fixOnce plans lib's fixes against the disk and applies them.
func fixOnce(lib *model.Library) (Plan, Result) {
	p := NewPlan(Collect(lib), Disk)
	return p, Apply(p)
}

func descriptions(fs []Fix) string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Diag.Fix.Description)
	}
	return strings.Join(out, ", ")
}

func TestApplyFromTheEnd(t *testing.T) {
	lib, p := fixLibrary(t, "hello world\n",
		replace("capitalise hello", 0, 5, "Hello"),
		replace("capitalise world", 6, 11, "World"),
		replace("add bang", 11, 11, "!"),
	)
	_, res := fixOnce(lib)
	got, _ := os.ReadFile(p)
	if len(res.Fixed) != 3 || string(got) != "Hello World!\n" {
		t.Fatalf("fixed %q, content %q", descriptions(res.Fixed), got)
	}
	if res.Fixed[0].File != p || res.Fixed[0].Diag.Line != 1 {
		t.Errorf("first fix: %+v", res.Fixed[0])
	}
	if info, _ := os.Stat(p); info.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want 0640", info.Mode().Perm())
	}
}

func TestPlanSkipsOverlaps(t *testing.T) {
	lib, p := fixLibrary(t, "abcdef",
		replace("first", 1, 4, "X"),
		replace("overlaps first", 3, 5, "Y"),
		replace("same insertion point", 0, 0, "<"),
		replace("same insertion point again", 0, 0, ">"),
	)
	plan, res := fixOnce(lib)
	got, _ := os.ReadFile(p)
	if len(res.Fixed) != 2 || string(got) != "<aXef" {
		t.Fatalf("fixed %q, content %q", descriptions(res.Fixed), got)
	}
	if len(plan.Skipped) != 2 {
		t.Fatalf("skipped %+v", plan.Skipped)
	}
	for _, s := range plan.Skipped {
		if !s.Overlap {
			t.Errorf("%s: skipped for %q, not as an overlap", s.Fix.Diag.Fix.Description, s.Reason)
		}
	}
}

func TestPlanRejectsBadEdits(t *testing.T) {
	lib, p := fixLibrary(t, "abc",
		replace("past the end", 2, 10, "x"),
		replace("backwards", 2, 1, "x"),
		&model.Fix{Description: "self-overlap", Edits: []model.TextEdit{{File: "a.txt", Start: 0, End: 2, NewText: "x"}, {File: "a.txt", Start: 1, End: 3, NewText: "y"}}},
	)
	plan, res := fixOnce(lib)
	if len(res.Fixed) != 0 || len(plan.Accepted) != 0 {
		t.Fatalf("applied bad fixes: %q", descriptions(res.Fixed))
	}
	if got, _ := os.ReadFile(p); string(got) != "abc" {
		t.Errorf("content changed to %q", got)
	}
	if len(plan.Skipped) != 3 {
		t.Fatalf("skipped %+v", plan.Skipped)
	}
	for _, s := range plan.Skipped {
		if s.Overlap || !strings.Contains(s.Reason, "reader bug") {
			t.Errorf("%s: reason %q", s.Fix.Diag.Fix.Description, s.Reason)
		}
	}
}

func TestPlanSkipsUnreadableFiles(t *testing.T) {
	lib, p := fixLibrary(t, "abc", replace("x", 0, 1, "X"))
	os.Remove(p)
	plan := NewPlan(Collect(lib), Disk)
	if len(plan.Skipped) != 1 || !strings.Contains(plan.Skipped[0].Reason, "no such file") {
		t.Errorf("skipped %+v", plan.Skipped)
	}
}

func TestApplyLeavesUnchangedFilesAlone(t *testing.T) {
	lib, p := fixLibrary(t, "same", replace("no-op", 0, 4, "same"))
	before, _ := os.Stat(p)
	if _, res := fixOnce(lib); len(res.Fixed) != 0 {
		t.Fatalf("a no-op fix counted: %q", descriptions(res.Fixed))
	}
	after, _ := os.Stat(p)
	if !os.SameFile(before, after) {
		t.Error("the file was replaced though its content did not change")
	}
}

// A stale plan (the file changed after it was read) writes nothing.
func TestApplyRefusesStalePlan(t *testing.T) {
	lib, p := fixLibrary(t, "abc", replace("x", 0, 1, "X"))
	plan := NewPlan(Collect(lib), Disk)
	os.WriteFile(p, []byte("zzabc"), 0o640)
	res := Apply(plan)
	if len(res.Fixed) != 0 || len(res.Failed) != 1 || !errors.Is(res.Failed[0].Err, ErrChanged) || res.Failed[0].Path != p {
		t.Fatalf("result %+v", res)
	}
	if got, _ := os.ReadFile(p); string(got) != "zzabc" {
		t.Errorf("content %q", got)
	}
}

func TestCollectSkipsRemoteSkills(t *testing.T) {
	lib, _ := fixLibrary(t, "abc", replace("remote", 0, 1, "X"))
	lib.Skills[0].Location.Local = false
	if fs := Collect(lib); len(fs) != 0 {
		t.Fatalf("collected %q from a remote skill", descriptions(fs))
	}
}

func TestCollectLibraryFixesNeedAbsolutePaths(t *testing.T) {
	dir := t.TempDir()
	local := model.Diagnostic{Rule: "r", File: filepath.Join(dir, "i.json"), Fix: &model.Fix{Edits: []model.TextEdit{{File: filepath.Join(dir, "i.json")}}}}
	remote := model.Diagnostic{Rule: "r", File: "https://x/i.json", Fix: &model.Fix{Edits: []model.TextEdit{{File: "https://x/i.json"}}}}
	fs := Collect(&model.Library{Diagnostics: []model.Diagnostic{remote, local}})
	if len(fs) != 1 || fs[0].File != local.File {
		t.Errorf("collected %+v", fs)
	}
}

func TestApplyWritesThroughSymlinks(t *testing.T) {
	lib, p := fixLibrary(t, "abc", replace("x", 0, 1, "X"))
	real := filepath.Join(t.TempDir(), "real.txt")
	os.Rename(p, real)
	if err := os.Symlink(real, p); err != nil {
		t.Skip("no symlinks:", err)
	}
	fixOnce(lib)
	if info, err := os.Lstat(p); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Error("the symlink was replaced by a file")
	}
	if got, _ := os.ReadFile(real); string(got) != "Xbc" {
		t.Errorf("target content %q", got)
	}
}

func TestRepeatStopsWhenNothingChanges(t *testing.T) {
	// A buggy fix that never makes its finding go away is applied once,
	// not once per pass.
	lib, p := fixLibrary(t, "a", replace("append", 1, 1, "+"))
	loads := 0
	reload := func() (*model.Library, error) {
		loads++
		data, _ := os.ReadFile(p)
		again, _ := fixLibrary(t, string(data), replace("append", len(data), len(data), "+"))
		again.Skills[0].Location.Root = filepath.Dir(p)
		return again, nil
	}
	passes := 0
	if _, err := Repeat(lib, reload, nil, func(Plan, Result) { passes++ }); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(p); string(got) != "a+" || loads != 1 || passes != 2 {
		t.Errorf("content %q after %d reloads, %d passes", got, loads, passes)
	}
}

func TestPlanOutputIsTheEditedBuffer(t *testing.T) {
	buffers := mapSource{"/buf": []byte("hello")}
	f := Fix{Edits: []Edit{{Path: "/buf", Start: 0, End: 1, NewText: "J"}}}
	plan := NewPlan([]Fix{f}, buffers)
	if got, ok := plan.Output("/buf"); !ok || string(got) != "Jello" {
		t.Errorf("output %q, %v", got, ok)
	}
	if _, ok := plan.Output("/other"); ok {
		t.Error("output for a file the plan does not edit")
	}
}

type mapSource map[string][]byte

func (m mapSource) ReadFile(p string) ([]byte, error) {
	if b, ok := m[p]; ok {
		return b, nil
	}
	return nil, os.ErrNotExist
}

func TestRepeatKeepLeavesOtherFixesOut(t *testing.T) {
	// lint --changed: a fix keep refuses is in no plan, so its file is
	// never written, while the fixes keep accepts are applied.
	lib, p := fixLibrary(t, "ab", replace("upper a", 0, 1, "A"), replace("upper b", 1, 2, "B"))
	reload := func() (*model.Library, error) {
		data, _ := os.ReadFile(p)
		again, _ := fixLibrary(t, string(data))
		return again, nil
	}
	var planned []Fix
	keep := func(f Fix) bool { return f.Diag.Fix.Description == "upper b" }
	if _, err := Repeat(lib, reload, keep, func(p Plan, _ Result) { planned = append(planned, p.Accepted...) }); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(p); string(got) != "aB" || descriptions(planned) != "upper b" {
		t.Errorf("content %q, planned %q", got, descriptions(planned))
	}
}
