package fix

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// An editor saves by writing a new file and renaming it over the old
// name. One that saves after the last check and before lint --fix's
// rename lost its save: the rename put the fix (made from the text before
// it) in its place. The rename is now a swap that is undone when it took
// out anything but the file the fix read.
func TestApplyKeepsAnEditorSaveAfterTheLastCheck(t *testing.T) {
	path, p := oneEdit(t)
	saves := 0
	testHookAfterCheck = func(target string) {
		saves++
		tmp := filepath.Join(filepath.Dir(target), ".SKILL.md.swp")
		if err := os.WriteFile(tmp, []byte("their save\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(tmp, target); err != nil {
			t.Fatal(err)
		}
	}
	defer func() { testHookAfterCheck = nil }()
	if err := applyOne(t, p); !errors.Is(err, ErrChanged) {
		t.Fatalf("err = %v", err)
	}
	if saves != 1 {
		t.Fatalf("the hook ran %d times", saves)
	}
	if b, _ := os.ReadFile(path); string(b) != "their save\n" {
		t.Errorf("their save was lost: %q", b)
	}
	left, _ := os.ReadDir(filepath.Dir(path))
	if len(left) != 1 {
		t.Errorf("files left beside it: %v", left)
	}
}
