package cli

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFixRealSkills runs lint --fix over real skills — the shared corpus
// (skipped when absent), the realworld and realplugins fixtures, and the
// realworld fixtures with CRLF line endings — on a copy, and checks what
// a user trusts --fix with: every fix removes its finding and adds none,
// only files named by a fix change, their line endings and BOM are kept,
// and a second --fix changes nothing.
func TestFixRealSkills(t *testing.T) {
	isolateConfig(t)
	trees := map[string]string{}
	if dir, err := filepath.Abs(filepath.Join("..", "..", "shared", "corpus")); err == nil {
		if info, err := os.Stat(dir); err == nil && info.IsDir() {
			trees["corpus"] = dir
		} else {
			t.Logf("corpus of real skills not found at %s (it lives beside the repository in ../shared/corpus): checking the fixtures only", dir)
		}
	}
	for _, name := range []string{"realworld", "realplugins"} {
		dir, err := filepath.Abs(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		trees[name] = dir
	}
	for name, src := range trees {
		t.Run(name, func(t *testing.T) { checkFixTree(t, src, nil) })
	}
	t.Run("realworld-crlf", func(t *testing.T) { checkFixTree(t, trees["realworld"], toCRLF) })
}

// toCRLF gives a text file CRLF line endings.
func toCRLF(path string, data []byte) []byte {
	switch filepath.Ext(path) {
	case ".md", ".json", ".js", ".ts", ".yaml", ".yml":
		return bytes.ReplaceAll(bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n")), []byte("\n"), []byte("\r\n"))
	}
	return data
}

// checkFixTree copies src (through change, when not nil), fixes the copy
// and checks the outcome.
func checkFixTree(t *testing.T, src string, change func(string, []byte) []byte) {
	dir := filepath.Join(t.TempDir(), "tree")
	before := copyTreeKeepingLinks(t, src, dir, change)

	pre := findingKeys(t, dir)
	_, out, errOut := runCLI(t, "lint", "--fix", dir)
	fixed := fixedLines(out)
	if strings.Contains(errOut, "skipped fix") || strings.Contains(errOut, "not fixed") {
		t.Errorf("lint --fix left fixes out:\n%s", errOut)
	}
	post := findingKeys(t, dir)
	t.Logf("%d fixes; %d findings before, %d after", len(fixed), total(pre), total(post))

	// Every finding after the fix was there before, and each fix took at
	// least one away (its own, and maybe one it caused: a lower-cased
	// Description: also ends "no description"). A fix that does not
	// remove its finding leaves it with its fix, caught below.
	for k, n := range post {
		if n > pre[k] {
			t.Errorf("the fixes added a finding: %s (%d before, %d after)", k, pre[k], n)
		}
	}
	if removed := total(pre) - total(post); removed < len(fixed) {
		t.Errorf("%d fixes removed %d findings:\n%s", len(fixed), removed, strings.Join(fixed, "\n"))
	}
	if _, out, _ := runCLI(t, "lint", "--fix", "--dry-run", dir); strings.Contains(out, "@@") {
		t.Errorf("fixable findings remain after lint --fix:\n%s", out)
	}

	// Only the files fixes name changed, keeping their line endings and BOM.
	named := map[string]bool{}
	for _, l := range fixed {
		file, _, _ := strings.Cut(strings.TrimPrefix(l, "fixed "), ":")
		abs, _ := filepath.Abs(file)
		named[abs] = true
	}
	after := readTree(t, dir)
	for p, old := range before {
		now := after[p]
		if bytes.Equal(old, now) {
			continue
		}
		if !named[p] {
			t.Errorf("%s changed, but no fix names it", p)
		}
		if bytes.HasPrefix(old, []byte("\ufeff")) != bytes.HasPrefix(now, []byte("\ufeff")) {
			t.Errorf("%s: the fix added or removed a BOM", p)
		}
		if crlfOnly(old) != crlfOnly(now) || lfOnly(old) != lfOnly(now) {
			t.Errorf("%s: the fix changed the line endings", p)
		}
	}

	// A second --fix finds nothing to do.
	_, out2, _ := runCLI(t, "lint", "--fix", dir)
	if again := fixedLines(out2); len(again) > 0 {
		t.Errorf("a second lint --fix fixed again:\n%s", strings.Join(again, "\n"))
	}
	for p, data := range readTree(t, dir) {
		if !bytes.Equal(data, after[p]) {
			t.Errorf("a second lint --fix changed %s", p)
		}
	}
}

// findingKeys counts lint's findings by rule, file and message (not line:
// a fix that adds lines moves the findings below it).
func findingKeys(t *testing.T, dir string) map[string]int {
	t.Helper()
	_, out, errOut := runCLI(t, "lint", "--format", "json", dir)
	var r struct {
		Skills []struct {
			Diagnostics []struct{ Rule, File, Message string }
		}
		Library []struct{ Rule, File, Message string }
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("lint --format json: %v\n%s", err, errOut)
	}
	keys := map[string]int{}
	for _, s := range r.Skills {
		for _, d := range s.Diagnostics {
			keys[d.Rule+" "+d.File+" "+d.Message]++
		}
	}
	for _, d := range r.Library {
		keys[d.Rule+" "+d.File+" "+d.Message]++
	}
	return keys
}

func total(m map[string]int) (n int) {
	for _, c := range m {
		n += c
	}
	return n
}

func fixedLines(out string) []string {
	var fixed []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "fixed ") {
			fixed = append(fixed, l)
		}
	}
	return fixed
}

func crlfOnly(b []byte) bool {
	return bytes.Count(b, []byte("\r\n")) == bytes.Count(b, []byte("\n"))
}

func lfOnly(b []byte) bool { return !bytes.Contains(b, []byte("\r")) }

// copyTreeKeepingLinks copies src to dst, symlinks as symlinks and files
// writable (the corpus is read-only), and returns the copied files'
// contents by path.
func copyTreeKeepingLinks(t *testing.T, src, dst string, change func(string, []byte) []byte) map[string][]byte {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		to := filepath.Join(dst, rel)
		switch {
		case d.Type()&fs.ModeSymlink != 0:
			target, err := os.Readlink(p)
			if err != nil {
				return err
			}
			return os.Symlink(target, to)
		case d.IsDir():
			return os.MkdirAll(to, 0o755)
		case d.Type().IsRegular():
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			if change != nil {
				data = change(p, data)
			}
			return os.WriteFile(to, data, 0o644)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return readTree(t, dst)
}

// readTree reads every regular file under dir, by absolute path.
func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		data, err := os.ReadFile(p)
		files[p] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}
