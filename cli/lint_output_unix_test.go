//go:build unix

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// --output names a file in the checkout, which a pull request controls.
// A link planted there is not written through (before, a link named
// skillstudio.sarif pointing at ~/.bashrc had SARIF written over it, and a
// dangling one created its target anywhere); a FIFO nobody reads is an
// error, not a hang; a folder is named. A device the user names
// (/dev/null, /dev/stdout) is still written as a stream.
func TestLintOutputFileIsOnlyWhereTheUserAsked(t *testing.T) {
	isolateConfig(t)
	root := t.TempDir()
	skill := filepath.Join(root, "skills", "demo")
	write(t, filepath.Join(skill, "SKILL.md"), "---\nname: demo\ndescription: Use when testing report files.\n---\n# Demo\n")
	elsewhere := filepath.Join(t.TempDir(), "precious")
	write(t, elsewhere, "keep me\n")
	link := filepath.Join(root, "skillstudio.sarif")
	must(t, os.Symlink(elsewhere, link))
	dangling := filepath.Join(root, "dangling.json")
	created := filepath.Join(t.TempDir(), "created")
	must(t, os.Symlink(created, dangling))
	fifo := filepath.Join(root, "fifo.txt")
	mkfifo(t, fifo)
	folder := filepath.Join(root, "folder")
	must(t, os.Mkdir(folder, 0o755))

	for _, c := range []struct{ spec, want string }{
		{"sarif=" + link, "symbolic link"},
		{"json=" + dangling, "symbolic link"},
		{"text=" + fifo, "nothing is reading"},
		{"github=" + folder, "folder"},
	} {
		code, _, errOut := runBounded(t, 20*time.Second, "lint", "--output", c.spec, skill)
		if code != 2 || !strings.Contains(errOut, c.want) || !strings.Contains(errOut, c.spec[strings.Index(c.spec, "=")+1:]) {
			t.Errorf("--output %s: exit %d, stderr %q; want exit 2 naming the file and %q", c.spec, code, errOut, c.want)
		}
	}
	if got := readFile(t, elsewhere); got != "keep me\n" {
		t.Errorf("the link's target was written (%d bytes now)", len(got))
	}
	if _, err := os.Lstat(created); err == nil {
		t.Error("a dangling link's target was created")
	}
	// A folder on the way that is a link planted in the checkout, for a
	// relative FILE: the report (and a baseline) is not written there.
	t.Chdir(root)
	must(t, os.Symlink(filepath.Dir(elsewhere), filepath.Join(root, "reports")))
	for _, args := range [][]string{
		{"lint", "--output", "sarif=reports/new.sarif", skill},
		{"lint", "--write-baseline", "reports/new.json", skill},
	} {
		code, _, errOut := runBounded(t, 20*time.Second, args...)
		if code != 2 || !strings.Contains(errOut, "reports is a symbolic link") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
		}
	}
	for _, name := range []string{"new.sarif", "new.json"} {
		if _, err := os.Lstat(filepath.Join(filepath.Dir(elsewhere), name)); err == nil {
			t.Errorf("%s was written through the linked folder", name)
		}
	}
	// A device is a stream the user named.
	if code, _, errOut := runBounded(t, 20*time.Second, "lint", "--output", "sarif=/dev/null", skill); code != 0 {
		t.Errorf("--output sarif=/dev/null: exit %d: %s", code, errOut)
	}
	// A plain file is written (and replaced), through the terminal filter.
	plain := filepath.Join(root, "report.txt")
	write(t, plain, "old\n")
	if code, _, errOut := runBounded(t, 20*time.Second, "lint", "--output", "text="+plain, skill); code != 0 || !strings.Contains(readFile(t, plain), "in 1 skill") {
		t.Errorf("--output text=FILE: exit %d: %s; file %q", code, errOut, readFile(t, plain))
	}
}
