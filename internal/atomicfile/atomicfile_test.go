package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

func TestWriteReplacesContentAndSetsMode(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.txt")
	if err := os.WriteFile(p, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := Write(p, []byte("new"), 0o640); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(p)
	if string(got) != "new" {
		t.Fatalf("content = %q, want new", got)
	}
	info, _ := os.Stat(p)
	if info.Mode().Perm() != 0o640 {
		t.Fatalf("mode = %v, want 0640", info.Mode().Perm())
	}
	assertNoTemps(t, dir, 1)
}

func TestWriteCreatesMissingFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "new.txt")
	if err := Write(p, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(p); string(got) != "x" {
		t.Fatalf("content = %q", got)
	}
}

func TestWriteIntoMissingFolderFailsCleanly(t *testing.T) {
	p := filepath.Join(t.TempDir(), "nope", "a.txt")
	if err := Write(p, []byte("x"), 0o644); err == nil {
		t.Fatal("want an error for a missing folder")
	}
}

func TestCreateNeverOverwrites(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.txt")
	if err := Create(p, []byte("first"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := Create(p, []byte("second"), 0o644)
	if !errors.Is(err, fs.ErrExist) {
		t.Fatalf("second Create: err = %v, want fs.ErrExist", err)
	}
	if got, _ := os.ReadFile(p); string(got) != "first" {
		t.Fatalf("content = %q, want first (never overwritten)", got)
	}
	assertNoTemps(t, dir, 1)
}

func TestCreateRefusesExistingSymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target")
	os.WriteFile(target, []byte("keep"), 0o644)
	link := filepath.Join(dir, "link")
	if err := os.Symlink(target, link); err != nil {
		t.Skip("no symlinks:", err)
	}
	if err := Create(link, []byte("x"), 0o644); !errors.Is(err, fs.ErrExist) {
		t.Fatalf("err = %v, want fs.ErrExist", err)
	}
	if got, _ := os.ReadFile(target); string(got) != "keep" {
		t.Fatalf("symlink target changed to %q", got)
	}
}

func TestWriteTreeWritesEverything(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "skill")
	files := map[string][]byte{
		"SKILL.md":             []byte("---\nname: skill\n---\n"),
		"references/guide.md":  []byte("# Guide\n"),
		"scripts/deep/tool.sh": []byte("echo hi\n"),
	}
	if err := WriteTree(dir, files); err != nil {
		t.Fatal(err)
	}
	for name, want := range files {
		got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil || string(got) != string(want) {
			t.Fatalf("%s = %q, %v; want %q", name, got, err, want)
		}
	}
	info, _ := os.Stat(dir)
	if info.Mode().Perm() != 0o755 {
		t.Fatalf("folder mode = %v, want 0755", info.Mode().Perm())
	}
	assertNoTemps(t, parent, 1)
}

func TestWriteTreeFailsIfDirExists(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "skill")
	os.Mkdir(dir, 0o755) // even an empty folder is never replaced
	err := WriteTree(dir, map[string][]byte{"a": []byte("x")})
	if !errors.Is(err, fs.ErrExist) {
		t.Fatalf("err = %v, want fs.ErrExist", err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 0 {
		t.Fatalf("existing folder was written into: %v", entries)
	}
	assertNoTemps(t, parent, 1)
}

func TestRenameNoReplaceRefusesEmptyFolder(t *testing.T) {
	parent := t.TempDir()
	from, to := filepath.Join(parent, "from"), filepath.Join(parent, "to")
	os.Mkdir(from, 0o755)
	os.Mkdir(to, 0o755)
	if err := renameNoReplace(from, to); !errors.Is(err, fs.ErrExist) {
		t.Fatalf("err = %v, want fs.ErrExist", err)
	}
}

func TestWriteTreeRefusesEscapingNames(t *testing.T) {
	for _, bad := range []string{"../evil", "/abs", "", "a/../../b", "."} {
		parent := t.TempDir()
		dir := filepath.Join(parent, "skill")
		if err := WriteTree(dir, map[string][]byte{bad: []byte("x")}); err == nil {
			t.Errorf("WriteTree accepted %q", bad)
		}
		assertNoTemps(t, parent, 0)
	}
}

func TestWriteTreeCleansUpOnFailure(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "skill")
	// "a" as a file and as a folder cannot both be written.
	err := WriteTree(dir, map[string][]byte{"a": []byte("x"), "a/b": []byte("y")})
	if err == nil {
		t.Fatal("want an error")
	}
	if _, err := os.Stat(dir); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("dir exists after a failed WriteTree: %v", err)
	}
	assertNoTemps(t, parent, 0)
}

// assertNoTemps checks that dir holds exactly want entries and no leftover
// temporary files.
func assertNoTemps(t *testing.T, dir string, want int) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != want {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Fatalf("%s holds %v, want %d entries (a temp file was left behind?)", dir, names, want)
	}
}

func BenchmarkWrite(b *testing.B) {
	p := filepath.Join(b.TempDir(), "a.txt")
	data := make([]byte, 4096)
	for b.Loop() {
		if err := Write(p, data, 0o644); err != nil {
			b.Fatal(err)
		}
	}
}

// Replace swaps the new file in (checking the old one twice: before, and
// at the temporary name it was swapped to) and leaves nothing beside it.
func TestReplaceChecksBothNamesAndLeavesNoTemp(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	if err := os.WriteFile(path, []byte("old"), 0o640); err != nil {
		t.Fatal(err)
	}
	var checked []string
	err := Replace(path, []byte("new"), 0o640, func(at string) error {
		b, err := os.ReadFile(at)
		checked = append(checked, string(b))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "new" {
		t.Errorf("content %q", b)
	}
	if len(checked) == 0 || len(checked) > 2 || checked[len(checked)-1] != "old" {
		t.Errorf("check saw %q, want the old file each time", checked)
	}
	if left, _ := os.ReadDir(dir); len(left) != 1 {
		t.Errorf("left beside it: %v", left)
	}
}
