package build

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A plain build skips a skill file that is a link leading outside the
// folder named; build --watch once rebuilt one that became such a link
// after it started, putting the outside file's text in the bundle.
func TestWatchDoesNotFollowALinkOutOfTheSource(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	src := copyTree(t, filepath.Join("..", "formats", "xgs", "bundle", "testdata", "skills"))
	file := filepath.Join(src, "base-kit.xgs.js")
	orig, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	outside := filepath.Join(t.TempDir(), "elsewhere.xgs.js")
	if err := os.WriteFile(outside, []byte(strings.Replace(string(orig), "Hello, ", "OUTSIDE-TEXT ", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(orig), "Hello, ") {
		t.Fatal("fixture changed: base-kit.xgs.js no longer says Hello")
	}
	out := filepath.Join(t.TempDir(), "dist")
	w := startWatch(t, src, out)
	tmp := filepath.Join(src, ".link.tmp")
	if err := os.Symlink(outside, tmp); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, file); err != nil {
		t.Fatal(err)
	}
	expectRefused(t, w, out, "base-kit.xgs.js  failed", "leads outside", "OUTSIDE-TEXT")
}

// An edit made while build --watch runs that imports a file outside the
// skill's folder is a failed build naming the import; the last good
// bundle stays and never holds the outside file.
func TestWatchRefusesAnImportLeavingTheFolder(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	src := copyTree(t, filepath.Join("..", "formats", "xgs", "bundle", "testdata", "skills"))
	file := filepath.Join(src, "base-kit.xgs.js")
	orig, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	secretDir := t.TempDir()
	if err := os.WriteFile(filepath.Join(secretDir, "token.json"), []byte(`{"token": "OUTSIDE-TOKEN"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(src, filepath.Join(secretDir, "token.json"))
	if err != nil {
		t.Fatal(err)
	}
	const anchor = "import { z } from \"zod\";\n"
	if !strings.Contains(string(orig), anchor) {
		t.Fatal("fixture changed: base-kit.xgs.js no longer imports zod")
	}
	edited := strings.Replace(string(orig), anchor, anchor+"import tok from \""+filepath.ToSlash(rel)+"\";\nglobalThis.__kept = tok;\n", 1)
	out := filepath.Join(t.TempDir(), "dist")
	w := startWatch(t, src, out)
	if err := os.WriteFile(file, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	expectRefused(t, w, out, "base-kit  failed", "import leads outside the skill's folder", "OUTSIDE-TOKEN")
}

// expectRefused waits for the rebuild to fail saying says, stops the
// watch, and checks the bundle left in out does not hold secret, text of
// the file outside the skill's folder.
func expectRefused(t *testing.T, w *watching, out, failed, says, secret string) {
	t.Helper()
	waitFor(t, &w.stdout, failed)
	if all := w.stdout.String() + w.stderr.String(); !strings.Contains(all, says) {
		t.Errorf("the refusal does not say %q:\n%s", says, all)
	}
	w.stop()
	bundle, err := os.ReadFile(filepath.Join(out, "base-kit.xgs.js"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(bundle), secret) {
		t.Errorf("the bundle holds %q, text of a file outside the skill's folder", secret)
	}
}
