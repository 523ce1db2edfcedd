package safefs

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// dirent encodes one linux_dirent64 record as the kernel does: the name
// NUL-terminated, the record padded to 8 bytes.
func dirent(ino uint64, typ byte, name string) []byte {
	n := (direntName + len(name) + 1 + 7) &^ 7
	b := make([]byte, n)
	binary.NativeEndian.PutUint64(b, ino)
	binary.NativeEndian.PutUint64(b[8:], 1)
	binary.NativeEndian.PutUint16(b[direntReclen:], uint16(n))
	b[direntType] = typ
	copy(b[direntName:], name)
	return b
}

type parsed struct {
	name string
	typ  byte
}

func parseAll(buf []byte) ([]parsed, error) {
	var out []parsed
	err := parseDirents(buf, func(name []byte, typ byte) { out = append(out, parsed{string(name), typ}) })
	return out, err
}

// Every name length a file system allows (1 to 255 bytes) survives the
// record's padding, whatever precedes it; ".", ".." and deleted entries
// (inode 0) are not entries.
func TestParseDirentsNameLengths(t *testing.T) {
	var buf []byte
	var want []parsed
	buf = append(buf, dirent(1, unix.DT_DIR, ".")...)
	buf = append(buf, dirent(2, unix.DT_DIR, "..")...)
	for n := 1; n <= 255; n++ {
		name := strings.Repeat(string(rune('a'+n%26)), n)
		typ := []byte{unix.DT_REG, unix.DT_DIR, unix.DT_LNK, unix.DT_UNKNOWN}[n%4]
		buf = append(buf, dirent(uint64(n+10), typ, name)...)
		want = append(want, parsed{name, typ})
		if n%50 == 0 {
			buf = append(buf, dirent(0, unix.DT_REG, "deleted")...)
		}
	}
	got, err := parseAll(buf)
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("err %v; got %d entries, want %d", err, len(got), len(want))
	}
	// One record at a time too: each is complete on its own.
	for n := 1; n <= 255; n++ {
		name := strings.Repeat("x", n)
		got, err := parseAll(dirent(7, unix.DT_REG, name))
		if err != nil || len(got) != 1 || got[0].name != name {
			t.Fatalf("length %d: %v %v", n, got, err)
		}
	}
}

// A record that does not fit its buffer is an error, never a read past it.
func TestParseDirentsMalformed(t *testing.T) {
	good := dirent(5, unix.DT_REG, "file")
	cases := map[string][]byte{
		"short header":     good[:10],
		"truncated":        good[:len(good)-1],
		"reclen zero":      func() []byte { b := slices.Clone(good); b[direntReclen], b[direntReclen+1] = 0, 0; return b }(),
		"reclen too big":   func() []byte { b := slices.Clone(good); binary.NativeEndian.PutUint16(b[direntReclen:], 999); return b }(),
		"after a good one": append(slices.Clone(good), 1, 2, 3),
	}
	for name, buf := range cases {
		if _, err := parseAll(buf); !errors.Is(err, errBadDirent) {
			t.Errorf("%s: err %v, want errBadDirent", name, err)
		}
	}
	// A name without its NUL runs to the end of its record.
	b := dirent(5, unix.DT_REG, "abcde")
	for i := direntName; i < len(b); i++ {
		b[i] = 'z'
	}
	if got, err := parseAll(b); err != nil || len(got) != 1 || got[0].name != strings.Repeat("z", len(b)-direntName) {
		t.Errorf("unterminated name: %v %v", got, err)
	}
}

func FuzzParseDirents(f *testing.F) {
	f.Add(append(dirent(1, unix.DT_REG, "SKILL.md"), dirent(2, unix.DT_DIR, "references")...))
	f.Add(dirent(0, unix.DT_UNKNOWN, ".."))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, buf []byte) {
		_ = parseDirents(buf, func(name []byte, typ byte) {
			if len(name) == 0 || slices.Contains(name, 0) || string(name) == "." || string(name) == ".." {
				t.Fatalf("name %q", name)
			}
		})
	})
}

// listing is what a test compares of a folder listing: names, kinds and
// what Info says.
func listing(t *testing.T, entries []fs.DirEntry) []string {
	t.Helper()
	var out []string
	for _, e := range entries {
		info, err := e.Info()
		if err != nil {
			t.Fatalf("%s: Info: %v", e.Name(), err)
		}
		if info.Name() != e.Name() || info.Mode().Type() != e.Type() || info.IsDir() != e.IsDir() {
			t.Errorf("%s: Info %s %v disagrees with the entry %v", e.Name(), info.Name(), info.Mode(), e.Type())
		}
		out = append(out, fmt.Sprintf("%s %v %v %d", e.Name(), e.Type(), e.IsDir(), info.Size()))
	}
	return out
}

// A folder of every kind of entry lists as os lists it, with d_type and
// with each entry's kind found by lstat (DT_UNKNOWN, which some file
// systems always give); Info is resolved inside the FS, not against the
// working folder.
func TestReadDirMatchesOS(t *testing.T) {
	root := t.TempDir()
	lib := filepath.Join(root, "lib")
	os.MkdirAll(filepath.Join(lib, "sub"), 0o755)
	os.WriteFile(filepath.Join(lib, "SKILL.md"), []byte("hello"), 0o644)
	os.WriteFile(filepath.Join(root, "secret"), []byte("outside"), 0o644)
	os.Symlink("SKILL.md", filepath.Join(lib, "in"))
	os.Symlink("../secret", filepath.Join(lib, "out"))
	syscall.Mkfifo(filepath.Join(lib, "pipe"), 0o644)
	osEntries, err := os.ReadDir(lib)
	if err != nil {
		t.Fatal(err)
	}
	want := listing(t, osEntries)
	for _, force := range []bool{false, true} {
		t.Run(fmt.Sprint("lstat=", force), func(t *testing.T) {
			defer func(was bool) { forceDirentLstat = was }(forceDirentLstat)
			forceDirentLstat = force
			t.Chdir(t.TempDir()) // Info must not look here
			entries, info, err := Dir(lib).ReadDirInfo(".")
			if err != nil || !info.IsDir() {
				t.Fatalf("ReadDirInfo: %v %v", info, err)
			}
			if got := listing(t, entries); !slices.Equal(got, want) {
				t.Errorf("got  %q\nwant %q", got, want)
			}
		})
	}
}

// A folder too big for one getdents64 call is read whole, in order.
func TestReadDirThousands(t *testing.T) {
	dir := t.TempDir()
	var want []string
	for i := range 3000 {
		name := fmt.Sprintf("%04d-%s.md", i, strings.Repeat("n", 40))
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
		want = append(want, name)
	}
	// 3000 records of 64 bytes or more: several 32 KiB buffers.
	bothWays(t, func(t *testing.T) {
		entries, err := fs.ReadDir(Dir(dir), ".")
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, e := range entries {
			got = append(got, e.Name())
			if !e.Type().IsRegular() {
				t.Errorf("%s: %v", e.Name(), e.Type())
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%d entries, want %d", len(got), len(want))
		}
	})
}

// Listing what is not a folder, or a link that leaves it, fails at once
// with the words it always had; an inside link to a folder lists it.
func TestReadDirRefusals(t *testing.T) { bothWays(t, readDirRefusals) }

func readDirRefusals(t *testing.T) {
	root := t.TempDir()
	lib := filepath.Join(root, "lib")
	os.MkdirAll(filepath.Join(lib, "a"), 0o755)
	os.MkdirAll(filepath.Join(root, "outside"), 0o755)
	os.WriteFile(filepath.Join(lib, "a", "x.md"), []byte("x"), 0o644)
	os.WriteFile(filepath.Join(lib, "file.md"), []byte("x"), 0o644)
	os.Symlink("../outside", filepath.Join(lib, "out"))
	os.Symlink("/", filepath.Join(lib, "abs"))
	os.Symlink("a", filepath.Join(lib, "alias"))
	os.Symlink("loop", filepath.Join(lib, "loop"))
	fifo := syscall.Mkfifo(filepath.Join(lib, "pipe"), 0o644) == nil
	fsys := Dir(lib)
	for name, want := range map[string]string{
		"out":     "leads outside the folder",
		"abs":     "leads outside the folder",
		"loop":    "symlink loop",
		"file.md": "not a folder",
		"missing": "no such file",
		"a/../a":  "invalid argument",
	} {
		if _, _, err := fsys.ReadDirInfo(name); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: err %v, want %q", name, err, want)
		}
	}
	if fifo {
		// Refused without blocking: the test would hang otherwise.
		if _, _, err := fsys.ReadDirInfo("pipe"); !errors.Is(err, ErrNotRegular) {
			t.Errorf("pipe: err %v", err)
		}
	}
	entries, info, err := fsys.ReadDirInfo("alias")
	if err != nil || len(entries) != 1 || entries[0].Name() != "x.md" || !info.IsDir() {
		t.Errorf("alias: %v %v %v", entries, info, err)
	}
	real, _ := os.Stat(filepath.Join(lib, "a"))
	if info != nil && info.Sys().(*syscall.Stat_t).Ino != real.Sys().(*syscall.Stat_t).Ino {
		t.Error("alias: the folder's identity is not a's")
	}
}
