package sourcetrust

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestAllowIsKeptByPathAndContent(t *testing.T) {
	st := filepath.Join(t.TempDir(), "state", "trusted-sources.json")
	file := filepath.Join(t.TempDir(), ".skillstudio.yaml")
	d1, d2 := Digest([]byte("sources: [a]\n")), Digest([]byte("sources: [b]\n"))
	if ok, err := Trusted(st, file, d1); ok || err != nil {
		t.Fatalf("before Allow: %v %v", ok, err)
	}
	if err := Allow(st, file, d1); err != nil {
		t.Fatal(err)
	}
	if ok, err := Trusted(st, file, d1); !ok || err != nil {
		t.Fatalf("after Allow: %v %v", ok, err)
	}
	// A changed config asks again; another file is not trusted by it.
	if ok, _ := Trusted(st, file, d2); ok {
		t.Fatal("a changed file is still trusted")
	}
	if ok, _ := Trusted(st, file+"x", d1); ok {
		t.Fatal("another path is trusted")
	}
	// Allowing the new content replaces the old entry.
	if err := Allow(st, file, d2); err != nil {
		t.Fatal(err)
	}
	if ok, _ := Trusted(st, file, d1); ok {
		t.Fatal("the old content is still trusted")
	}
	info, err := os.Stat(st)
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("state file mode: %v %v", info, err)
	}
	if gone, err := Forget(st, file); !gone || err != nil {
		t.Fatalf("Forget: %v %v", gone, err)
	}
	if ok, _ := Trusted(st, file, d2); ok {
		t.Fatal("forgotten file still trusted")
	}
}

// Paths that JSON would not keep byte for byte, or that are not clean and
// absolute, are refused: they would match another file's entry.
func TestPathsNeverEscape(t *testing.T) {
	st := filepath.Join(t.TempDir(), "trusted-sources.json")
	d := Digest(nil)
	for _, file := range []string{"/a/\xff.yaml", "/a/\xfe.yaml", "relative/.skillstudio.yaml", "/a/../b/.skillstudio.yaml", "/a/b\n/c", "/a/\u202e.yaml"} {
		if err := Allow(st, file, d); err == nil {
			t.Errorf("Allow(%q) was accepted", file)
		}
	}
	if _, err := os.Stat(st); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a refused path wrote the state file: %v", err)
	}
	// An entry written by hand that would escape is a corrupt file.
	os.WriteFile(st, []byte(`{"version":1,"trusted":[{"file":"../../etc/x","sha256":"`+d+`"}]}`), 0o600)
	if _, err := Trusted(st, "/etc/x", d); err == nil {
		t.Fatal("a relative entry was read")
	}
}

func TestCorruptStateIsAClearMessage(t *testing.T) {
	dir := t.TempDir()
	d := Digest(nil)
	cases := map[string]string{
		"garbage":     "{not json",
		"version":     `{"version":7,"trusted":[]}`,
		"bad digest":  `{"version":1,"trusted":[{"file":"/a","sha256":"zz"}]}`,
		"wrong shape": `[1,2,3]`,
	}
	for name, body := range cases {
		st := filepath.Join(dir, strings.ReplaceAll(name, " ", "-")+".json")
		os.WriteFile(st, []byte(body), 0o600)
		_, err := Trusted(st, "/a", d)
		var ce *CorruptError
		if !errors.As(err, &ce) || !strings.Contains(err.Error(), st) || !strings.Contains(err.Error(), "remove it") {
			t.Errorf("%s: %v", name, err)
		}
		// Allow never writes over it: the other entries would be lost.
		if err := Allow(st, "/a", d); err == nil {
			t.Errorf("%s: Allow wrote over a corrupt state file", name)
		}
		if got, _ := os.ReadFile(st); string(got) != body {
			t.Errorf("%s: state file changed", name)
		}
	}
}

func TestDefaultPathFollowsXDG(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", "/st")
	if got := DefaultPath(); got != "/st/skillstudio/trusted-sources.json" {
		t.Fatal(got)
	}
	// A relative XDG_STATE_HOME is ignored, as the XDG spec says.
	t.Setenv("XDG_STATE_HOME", "rel")
	t.Setenv("HOME", "/h")
	if got := DefaultPath(); got != "/h/.local/state/skillstudio/trusted-sources.json" {
		t.Fatal(got)
	}
}

// A state file kept as a link (dotfiles) is written through, not replaced
// by a file beside what the link names.
func TestLinkedStateFileIsWrittenThrough(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "dotfiles", "trust.json")
	os.MkdirAll(filepath.Dir(real), 0o700)
	os.WriteFile(real, []byte(`{"version":1,"trusted":[]}`), 0o600)
	st := filepath.Join(dir, "state", "trusted-sources.json")
	os.MkdirAll(filepath.Dir(st), 0o700)
	if err := os.Symlink(real, st); err != nil {
		t.Skip(err)
	}
	d := Digest([]byte("x"))
	if err := Allow(st, "/p/.skillstudio.yaml", d); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(st); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v %v", fi, err)
	}
	if data, _ := os.ReadFile(real); !strings.Contains(string(data), d) {
		t.Fatalf("the linked file was not written: %s", data)
	}
}

// A path trust cannot keep (a control character, invalid UTF-8) is said
// so, for advice to name the flag rather than `skillstudio trust`.
func TestCanRemember(t *testing.T) {
	if err := CanRemember("/a/b/.skillstudio.yaml"); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"/a/\x1b[31m/.skillstudio.yaml", "/a/\xff/.skillstudio.yaml", "/a/b\n/.skillstudio.yaml"} {
		if CanRemember(f) == nil {
			t.Errorf("%q can be remembered", f)
		}
	}
}
