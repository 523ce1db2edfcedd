package fix

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// oneEdit plans replacing "old" with "new" at the start of a file that
// holds "old text\n".
func oneEdit(t *testing.T) (path string, p Plan) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "SKILL.md")
	if err := os.WriteFile(path, []byte("old text\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f := Fix{Edits: []Edit{{Path: path, Start: 0, End: 3, NewText: "new"}}}
	return path, Plan{Accepted: []Fix{f}, Files: []FileEdits{{Path: path, Original: []byte("old text\n"), Edits: f.Edits}}}
}

func applyOne(t *testing.T, p Plan) error {
	t.Helper()
	res := Apply(p)
	if len(res.Failed) == 0 {
		return nil
	}
	if len(res.Fixed) != 0 {
		t.Errorf("a failed file still reported fixed: %+v", res.Fixed)
	}
	return res.Failed[0].Err
}

func TestApplyLeavesReadOnlyFiles(t *testing.T) {
	path, p := oneEdit(t)
	if err := os.Chmod(path, 0o444); err != nil {
		t.Fatal(err)
	}
	if err := applyOne(t, p); !errors.Is(err, ErrReadOnly) {
		t.Fatalf("err = %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "old text\n" {
		t.Errorf("read-only file rewritten: %q", b)
	}
}

func TestApplyLeavesHardLinkedFiles(t *testing.T) {
	path, p := oneEdit(t)
	other := path + ".link"
	if err := os.Link(path, other); err != nil {
		t.Skip("no hard links here")
	}
	if err := applyOne(t, p); !errors.Is(err, ErrHardLinked) {
		t.Fatalf("err = %v", err)
	}
}

// A write that lands between the re-read and the rename is kept and the
// file is reported "changed on disk", never "fixed".
func TestApplyKeepsAWriteBeforeTheRename(t *testing.T) {
	path, p := oneEdit(t)
	testHookBeforeRename = func(string) {
		os.WriteFile(path, []byte("their edit, made during the fix\n"), 0o644)
	}
	defer func() { testHookBeforeRename = nil }()
	if err := applyOne(t, p); !errors.Is(err, ErrChanged) {
		t.Fatalf("err = %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "their edit, made during the fix\n" {
		t.Errorf("their write was lost: %q", b)
	}
}

// A writer that had the file open before the rename writes into the old
// file; its text is put back and the file reported changed.
func TestApplyKeepsAWriteThroughAnOpenDescriptor(t *testing.T) {
	path, p := oneEdit(t)
	var w *os.File
	testHookBeforeRename = func(string) {
		w, _ = os.OpenFile(path, os.O_WRONLY, 0)
	}
	testHookAfterRename = func() {
		w.WriteAt([]byte("OLD"), 0)
		w.Close()
	}
	defer func() { testHookBeforeRename, testHookAfterRename = nil, nil }()
	if err := applyOne(t, p); !errors.Is(err, ErrChanged) {
		t.Fatalf("err = %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "OLD text\n" {
		t.Errorf("their write was lost: %q", b)
	}
}

// Text inserted into a CRLF file (with or without a BOM) takes CRLF: one
// fix never leaves a file with mixed line endings.
func TestSpliceKeepsCRLFAndBOM(t *testing.T) {
	content := []byte("\ufeff{\r\n  \"a\": 1\r\n}\r\n")
	got := string(splice(content, []Edit{{Start: 14, End: 14, NewText: ",\n  \"b\": 2"}}))
	want := "\ufeff{\r\n  \"a\": 1,\r\n  \"b\": 2\r\n}\r\n"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
