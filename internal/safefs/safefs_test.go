package safefs

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestSymlinksStayInside(t *testing.T) { bothWays(t, symlinksStayInside) }

func symlinksStayInside(t *testing.T) {
	root := t.TempDir()
	lib := filepath.Join(root, "lib")
	os.MkdirAll(filepath.Join(lib, "a"), 0o755)
	os.WriteFile(filepath.Join(lib, "a", "x.md"), []byte("inside"), 0o644)
	os.WriteFile(filepath.Join(root, "secret.md"), []byte("outside"), 0o644)
	os.Symlink("a/x.md", filepath.Join(lib, "in.md"))
	os.Symlink("../secret.md", filepath.Join(lib, "out.md"))
	os.Symlink("/", filepath.Join(lib, "root"))
	os.Symlink("loop", filepath.Join(lib, "loop"))
	fsys := Dir(lib)
	if b, err := fs.ReadFile(fsys, "in.md"); err != nil || string(b) != "inside" {
		t.Errorf("in-tree link: %q %v", b, err)
	}
	for _, name := range []string{"out.md", "root/etc/passwd", "loop"} {
		if b, err := fs.ReadFile(fsys, name); err == nil {
			t.Errorf("%s: read %q outside the folder", name, b)
		}
		if _, err := fs.Stat(fsys, name); err == nil {
			t.Errorf("%s: stat succeeded outside the folder", name)
		}
	}
	// Confined: the folder above is readable, links inside the confined
	// folder may not reach it.
	os.Symlink("../../secret.md", filepath.Join(lib, "a", "up.md"))
	c := Confined(root, "lib")
	if _, err := fs.ReadFile(c, "lib/a/up.md"); err == nil {
		t.Error("a link in the confined folder reached the folder above")
	}
	if _, err := fs.ReadFile(c, "lib/a/x.md"); err != nil {
		t.Errorf("confined read: %v", err)
	}
}

// bothWays runs a test with the kernel resolving names (where it can)
// and with os.Root doing it: both must keep every promise.
func bothWays(t *testing.T, test func(t *testing.T)) {
	for _, kernel := range []bool{true, false} {
		t.Run(map[bool]string{true: "kernel", false: "os.Root"}[kernel], func(t *testing.T) {
			defer func(was bool) { kernelResolve = was }(kernelResolve)
			kernelResolve = kernel
			test(t)
		})
	}
}

// What a reader sees is the same either way: contents, folder listings,
// sizes and kinds, device and inode, and errors that say what happened.
func TestKernelAndRootAgree(t *testing.T) { bothWays(t, kernelAndRootAgree) }

func kernelAndRootAgree(t *testing.T) {
	root := t.TempDir()
	lib := filepath.Join(root, "lib")
	os.MkdirAll(filepath.Join(lib, "a", "b"), 0o755)
	os.WriteFile(filepath.Join(lib, "a", "b", "x.md"), []byte("12345"), 0o644)
	os.WriteFile(filepath.Join(root, "secret.md"), []byte("outside"), 0o644)
	os.Symlink("..", filepath.Join(lib, "a", "b", "up")) // inside: a/b/up -> a
	os.Symlink("../../../secret.md", filepath.Join(lib, "a", "b", "esc.md"))
	fsys := Dir(lib)
	if b, err := fs.ReadFile(fsys, "a/b/up/b/x.md"); err != nil || string(b) != "12345" {
		t.Errorf("through an inside link: %q %v", b, err)
	}
	info, err := fs.Stat(fsys, "a/b/x.md")
	if err != nil || info.Size() != 5 || info.IsDir() || info.Name() != "x.md" || !info.Mode().IsRegular() {
		t.Fatalf("stat: %v %v", info, err)
	}
	dir, err := fs.Stat(fsys, "a/b/up")
	if err != nil || !dir.IsDir() {
		t.Fatalf("stat of a folder link: %v %v", dir, err)
	}
	real, _ := os.Stat(filepath.Join(lib, "a"))
	if !sameInode(dir, real) {
		t.Errorf("Sys() = %#v, want the inode of a", dir.Sys())
	}
	entries, err := fs.ReadDir(fsys, "a/b")
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if err != nil || strings.Join(names, ",") != "esc.md,up,x.md" {
		t.Errorf("ReadDir = %v %v", names, err)
	}
	_, err = fs.ReadFile(fsys, "a/b/esc.md")
	if err == nil || !strings.Contains(err.Error(), "leads outside the folder") {
		t.Errorf("escaping link: %v", err)
	}
	if _, err := fs.ReadFile(fsys, "a/missing.md"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v, want fs.ErrNotExist", err)
	}
	f, err := fsys.Open("a/b/x.md")
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 3)
	if n, err := f.Read(buf); n != 3 || err != nil || string(buf) != "123" {
		t.Errorf("Read = %d %v %q", n, err, buf)
	}
	if err := f.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
}

func TestReadFileCap(t *testing.T) {
	p := filepath.Join(t.TempDir(), "big")
	os.WriteFile(p, make([]byte, 2048), 0o644)
	if _, err := ReadFile(p, 1024); !errors.Is(err, ErrTooLarge) {
		t.Errorf("err = %v", err)
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		if _, err := ReadFile("/dev/zero", 1024); !errors.Is(err, ErrNotRegular) {
			t.Errorf("/dev/zero: err = %v", err)
		}
	}
}

// A folder whose name is not UTF-8 is still read (fs.ValidPath would
// refuse it, making the skill unreadable).
func TestNonUTF8NamesAreReadable(t *testing.T) { bothWays(t, nonUTF8NamesAreReadable) }

func nonUTF8NamesAreReadable(t *testing.T) {
	dir := t.TempDir()
	name := "a\xffb"
	if err := os.Mkdir(filepath.Join(dir, name), 0o755); err != nil {
		t.Skip("file system refuses non-UTF-8 names")
	}
	os.WriteFile(filepath.Join(dir, name, "SKILL.md"), []byte("x"), 0o644)
	if b, err := fs.ReadFile(Dir(dir), name+"/SKILL.md"); err != nil || string(b) != "x" {
		t.Errorf("%q %v", b, err)
	}
	if _, err := Dir(dir).Open("../x"); err == nil {
		t.Error(".. accepted")
	}
}

// A file of exactly the limit is read whole; one byte more is refused.
func TestReadFileAtTheLimit(t *testing.T) { bothWays(t, readFileAtTheLimit) }

func readFileAtTheLimit(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "at"), []byte(strings.Repeat("x", 1000)), 0o644)
	os.WriteFile(filepath.Join(dir, "over"), []byte(strings.Repeat("x", 1001)), 0o644)
	os.WriteFile(filepath.Join(dir, "empty"), nil, 0o644)
	fsys := Dir(dir)
	for name, want := range map[string]int{"at": 1000, "over": -1, "empty": 0} {
		f, err := fsys.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		b, err := readLimited(f, name, 1000)
		f.Close()
		switch {
		case want < 0 && !errors.Is(err, ErrTooLarge):
			t.Errorf("%s: %d bytes, err %v; want ErrTooLarge", name, len(b), err)
		case want >= 0 && (err != nil || len(b) != want):
			t.Errorf("%s: %d bytes, err %v; want %d", name, len(b), err, want)
		}
	}
}

// growingFile stats as small and then reads on without end, like a file
// appended to while it is read (or a FUSE or proc file whose stat size
// says nothing of its content).
type growingFile struct{ statSize int64 }

func (g growingFile) Stat() (fs.FileInfo, error) { return sizedInfo(g.statSize), nil }
func (growingFile) Close() error                 { return nil }
func (growingFile) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'x'
	}
	return len(p), nil
}

type sizedInfo int64

func (s sizedInfo) Name() string     { return "growing" }
func (s sizedInfo) Size() int64      { return int64(s) }
func (sizedInfo) Mode() fs.FileMode  { return 0o644 }
func (sizedInfo) ModTime() time.Time { return time.Time{} }
func (sizedInfo) IsDir() bool        { return false }
func (sizedInfo) Sys() any           { return nil }

// A file that grows past the limit while it is read is refused, whatever
// its stat said: the read once looped for ever when the buffer had grown
// past limit+1 (an empty slice read returns 0 bytes and no error).
func TestReadLimitedStopsAGrowingFile(t *testing.T) {
	for _, size := range []int64{0, 1, 10, 600, 999, 1000} {
		done := make(chan error, 1)
		go func() {
			_, err := readLimited(growingFile{size}, "growing", 1000)
			done <- err
		}()
		select {
		case err := <-done:
			if !errors.Is(err, ErrTooLarge) {
				t.Errorf("stat size %d: err %v, want ErrTooLarge", size, err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("stat size %d: readLimited did not return (a file growing past the limit loops)", size)
		}
	}
}

// readCounter counts the reads asked of it.
type readCounter struct {
	r     io.Reader
	reads int
}

func (c *readCounter) Read(b []byte) (int, error) {
	c.reads++
	return c.r.Read(b)
}

// ReadSized stops once it has what the stat said: no read just to meet
// the end. A file shorter or longer than its stat (the byte asked for
// past the size shows it grew), or a size of 0, is read to its end, and
// the limit still holds when the stat is past it.
func TestReadSizedStopsAtTheStatSize(t *testing.T) {
	for _, c := range []struct {
		name      string
		text      string
		size      int64
		limit     int64
		want      string
		wantReads int
		tooLarge  bool
	}{
		{"as stat said", "0123456789", 10, 100, "0123456789", 1, false},
		{"no size", "0123456789", 0, 100, "0123456789", -1, false},
		{"shrank", "01234", 10, 100, "01234", 2, false},
		{"grew", "0123456789ab", 10, 100, "0123456789ab", -1, false}, // the extra byte asked for shows it
		{"stat one past the limit", "0123456789", 10, 9, "", 0, true},
	} {
		rc := &readCounter{r: strings.NewReader(c.text)}
		got, err := ReadSized(rc, "f", c.size, c.limit)
		if c.tooLarge {
			if !errors.Is(err, ErrTooLarge) {
				t.Errorf("%s: %q %v, want ErrTooLarge", c.name, got, err)
			}
			continue
		}
		if err != nil || string(got) != c.want || c.wantReads >= 0 && rc.reads != c.wantReads {
			t.Errorf("%s: %q %v in %d reads, want %q in %d", c.name, got, err, rc.reads, c.want, c.wantReads)
		}
	}
}
