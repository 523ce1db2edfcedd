package main

import (
	"bytes"
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

func TestApplyFixesFromTheEnd(t *testing.T) {
	lib, p := fixLibrary(t, "hello world\n",
		replace("capitalise hello", 0, 5, "Hello"),
		replace("capitalise world", 6, 11, "World"),
		replace("add bang", 11, 11, "!"),
	)
	var out, warn bytes.Buffer
	n := applyFixes(lib, map[fixKey]bool{}, &out, &warn, "")
	got, _ := os.ReadFile(p)
	if n != 3 || string(got) != "Hello World!\n" {
		t.Fatalf("applied %d, content %q\n%s%s", n, got, out.String(), warn.String())
	}
	if strings.Count(out.String(), "fixed ") != 3 || !strings.Contains(out.String(), "a.txt:1: test/rule: capitalise hello") {
		t.Errorf("report:\n%s", out.String())
	}
	if info, _ := os.Stat(p); info.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want 0640", info.Mode().Perm())
	}
}

func TestApplyFixesSkipsOverlaps(t *testing.T) {
	lib, p := fixLibrary(t, "abcdef",
		replace("first", 1, 4, "X"),
		replace("overlaps first", 3, 5, "Y"),
		replace("same insertion point", 0, 0, "<"),
		replace("same insertion point again", 0, 0, ">"),
	)
	var out, warn bytes.Buffer
	n := applyFixes(lib, map[fixKey]bool{}, &out, &warn, "")
	got, _ := os.ReadFile(p)
	if n != 2 || string(got) != "<aXef" {
		t.Fatalf("applied %d, content %q", n, got)
	}
	if strings.Contains(out.String(), "overlaps first") || warn.Len() != 0 {
		t.Errorf("an overlapping fix was reported: %s / %s", out.String(), warn.String())
	}
}

func TestApplyFixesRejectsBadEdits(t *testing.T) {
	lib, p := fixLibrary(t, "abc",
		replace("past the end", 2, 10, "x"),
		replace("backwards", 2, 1, "x"),
		&model.Fix{Description: "self-overlap", Edits: []model.TextEdit{{File: "a.txt", Start: 0, End: 2, NewText: "x"}, {File: "a.txt", Start: 1, End: 3, NewText: "y"}}},
	)
	var out, warn bytes.Buffer
	if n := applyFixes(lib, map[fixKey]bool{}, &out, &warn, ""); n != 0 {
		t.Fatalf("applied %d bad fixes", n)
	}
	if got, _ := os.ReadFile(p); string(got) != "abc" {
		t.Errorf("content changed to %q", got)
	}
	if strings.Count(warn.String(), "skipped fix") != 3 {
		t.Errorf("warnings:\n%s", warn.String())
	}
}

func TestApplyFixesLeavesUnchangedFilesAlone(t *testing.T) {
	lib, p := fixLibrary(t, "same", replace("no-op", 0, 4, "same"))
	before, _ := os.Stat(p)
	var out, warn bytes.Buffer
	if n := applyFixes(lib, map[fixKey]bool{}, &out, &warn, ""); n != 0 || out.Len() != 0 {
		t.Fatalf("a no-op fix counted: %d %q", n, out.String())
	}
	after, _ := os.Stat(p)
	if !os.SameFile(before, after) {
		t.Error("the file was replaced though its content did not change")
	}
}

func TestApplyFixesSkipsRemoteSkills(t *testing.T) {
	lib, p := fixLibrary(t, "abc", replace("remote", 0, 1, "X"))
	lib.Skills[0].Location.Local = false
	var out, warn bytes.Buffer
	if n := applyFixes(lib, map[fixKey]bool{}, &out, &warn, ""); n != 0 {
		t.Fatal("fixed a remote skill")
	}
	if got, _ := os.ReadFile(p); string(got) != "abc" {
		t.Errorf("content %q", got)
	}
}

func TestApplyFixesWritesThroughSymlinks(t *testing.T) {
	lib, p := fixLibrary(t, "abc", replace("x", 0, 1, "X"))
	dir := filepath.Dir(p)
	real := filepath.Join(t.TempDir(), "real.txt")
	os.Rename(p, real)
	if err := os.Symlink(real, p); err != nil {
		t.Skip("no symlinks:", err)
	}
	var out, warn bytes.Buffer
	applyFixes(lib, map[fixKey]bool{}, &out, &warn, dir)
	if info, err := os.Lstat(p); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Error("the symlink was replaced by a file")
	}
	if got, _ := os.ReadFile(real); string(got) != "Xbc" {
		t.Errorf("target content %q", got)
	}
}

func TestFixAndReloadStopsWhenNothingChanges(t *testing.T) {
	// A buggy fix that never makes its finding go away is applied once,
	// not once per pass.
	lib, p := fixLibrary(t, "a", replace("append", 1, 1, "+"))
	loads := 0
	load := func() (*model.Library, error) {
		loads++
		data, _ := os.ReadFile(p)
		again, _ := fixLibrary(t, string(data), replace("append", len(data), len(data), "+"))
		again.Skills[0].Location.Root = filepath.Dir(p)
		return again, nil
	}
	var out, warn bytes.Buffer
	if _, err := fixAndReload(lib, load, &out, &warn, ""); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(p); string(got) != "a+" || loads != 1 {
		t.Errorf("content %q after %d reloads", got, loads)
	}
}

func TestOverlaps(t *testing.T) {
	cases := []struct {
		a, b edit
		want bool
	}{
		{edit{start: 0, end: 2}, edit{start: 2, end: 4}, false},
		{edit{start: 0, end: 3}, edit{start: 2, end: 4}, true},
		{edit{start: 2, end: 2}, edit{start: 2, end: 2}, true},
		{edit{start: 2, end: 2}, edit{start: 0, end: 2}, false},
		{edit{start: 1, end: 1}, edit{start: 0, end: 2}, true},
	}
	for _, tc := range cases {
		if got := overlaps(tc.a, tc.b); got != tc.want {
			t.Errorf("overlaps(%v, %v) = %v", tc.a, tc.b, got)
		}
	}
}
