package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// buildSource puts the clean .xgs.js fixture in a fresh folder.
func buildSource(t *testing.T) (dir, file string) {
	t.Helper()
	dir = filepath.Join(t.TempDir(), "src")
	file = filepath.Join(dir, "recipe-box.xgs.js")
	copyFile(t, "testdata/lint/clean/xgs/recipe-box.xgs.js", file)
	return dir, file
}

// --out through a symlink to the source folder is the source folder: the
// build refuses instead of replacing the source with its bundle.
func TestBuildOutSymlinkToSourcesIsRefused(t *testing.T) {
	dir, file := buildSource(t)
	before := readFile(t, file)
	link := filepath.Join(t.TempDir(), "dist")
	must(t, os.Symlink(dir, link))
	code, out, errOut := runBounded(t, 60*time.Second, "build", "--out", link, dir)
	if code == 0 || !strings.Contains(errOut, "holds the skills being built") {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
	if readFile(t, file) != before {
		t.Fatal("the source was replaced by its bundle")
	}
}

// A file in --out that no build wrote is never replaced.
func TestBuildNeverReplacesAHandWrittenFile(t *testing.T) {
	dir, _ := buildSource(t)
	dist := filepath.Join(t.TempDir(), "dist")
	if code, out, errOut := runBounded(t, 60*time.Second, "build", "--out", dist, dir); code != 0 {
		t.Fatalf("first build: exit %d\n%s%s", code, out, errOut)
	}
	entries, _ := os.ReadDir(dist)
	var bundleName string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".xgs.js") {
			bundleName = e.Name()
		}
	}
	if bundleName == "" {
		t.Fatalf("no bundle in %v", entries)
	}
	// A second output folder where someone keeps a file of that name.
	dist2 := filepath.Join(t.TempDir(), "dist")
	hand := filepath.Join(dist2, bundleName)
	write(t, hand, "// hand-written, keep me\n")
	code, out, errOut := runBounded(t, 60*time.Second, "build", "--out", dist2, dir)
	if readFile(t, hand) != "// hand-written, keep me\n" {
		t.Fatal("build replaced a file it did not write")
	}
	if code == 0 || !strings.Contains(errOut, "was not written by a build") {
		t.Errorf("exit %d, want a message saying why:\n%s%s", code, out, errOut)
	}
	// A rebuild into the first folder replaces its own bundle as before.
	if code, out, errOut := runBounded(t, 60*time.Second, "build", "--out", dist, dir); code != 0 {
		t.Errorf("rebuild: exit %d\n%s%s", code, out, errOut)
	}
}

// 2 MB of nested [ used to overflow esbuild's recursive parser: a fatal
// Go stack overflow that kills the process (and the studio).
func TestBuildDeepNestingIsAFinding(t *testing.T) {
	dir, file := buildSource(t)
	src := readFile(t, file)
	write(t, file, src+"\nexport const deep = "+strings.Repeat("[", 2<<20)+"\n")
	code, out, errOut := runBounded(t, 60*time.Second, "build", "--out", filepath.Join(t.TempDir(), "dist"), dir)
	if code != 1 || !strings.Contains(out+errOut, "nests more than") {
		t.Errorf("exit %d\n%s%s", code, out[:min(len(out), 2000)], errOut[:min(len(errOut), 2000)])
	}
}

// An .xgs.js linked to /dev/zero is refused at once, not read forever.
func TestBuildInputIsCapped(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	dir, _ := buildSource(t)
	must(t, os.Symlink("/dev/zero", filepath.Join(dir, "zero.xgs.js")))
	code, out, errOut := runBounded(t, 30*time.Second, "build", "--out", filepath.Join(t.TempDir(), "dist"), filepath.Join(dir, "zero.xgs.js"))
	if code == 0 {
		t.Errorf("exit 0\n%s%s", out, errOut)
	}
}

// The skill's own imports pass the same gate: a deeply nested module and
// a FIFO are findings, not a stack overflow or a hang.
func TestBuildGuardsImportedFiles(t *testing.T) {
	for name, mk := range map[string]func(p string){
		"deep": func(p string) { write(t, p, "export const d = "+strings.Repeat("[", 2<<20)+"\n") },
		"fifo": func(p string) { mkfifo(t, p) },
	} {
		t.Run(name, func(t *testing.T) {
			dir, file := buildSource(t)
			mk(filepath.Join(dir, "dep.js"))
			write(t, file, readFile(t, file)+"\nimport { d } from \"./dep.js\";\nexport const used = d;\n")
			code, out, errOut := runBounded(t, 60*time.Second, "build", "--out", filepath.Join(t.TempDir(), "dist"), file)
			if code != 1 {
				t.Errorf("exit %d\n%s%s", code, out, errOut[:min(len(errOut), 2000)])
			}
		})
	}
}

// Chains esbuild recurses on or folds at a quadratic cost are findings:
// 300,000 member accesses or else-ifs overflowed the Go stack (a fatal
// error that took the studio down with it), 300,000 joined string
// literals took 23 GB.
func TestBuildChainsAreFindings(t *testing.T) {
	n := 300_000
	for name, code := range map[string]string{
		"members": "export const m = globalThis" + strings.Repeat(".y", n) + ";\n",
		"else if": "if (globalThis.a) a();" + strings.Repeat("else if (a) a();", n/2) + "\n",
		"joined":  "export const s = " + strings.Repeat("'a'+", n) + "'a';\n",
	} {
		t.Run(name, func(t *testing.T) {
			dir, file := buildSource(t)
			write(t, file, readFile(t, file)+"\n"+code)
			exit, out, errOut := runBounded(t, 60*time.Second, "build", "--out", filepath.Join(t.TempDir(), "dist"), dir)
			if exit != 1 || !strings.Contains(out+errOut, "chains more than") {
				t.Errorf("exit %d\n%s%s", exit, out[:min(len(out), 2000)], errOut[:min(len(errOut), 2000)])
			}
		})
	}
}

// The output folder (dist by default) sits in the checkout, which a pull
// request controls: a symbolic link named dist had the bundles and
// registry.json written wherever it pointed. It is refused, named with its
// target, and nothing is written there.
func TestBuildOutLinkIsNotWrittenThrough(t *testing.T) {
	dir, _ := buildSource(t)
	victim := t.TempDir()
	work := t.TempDir()
	must(t, os.Symlink(victim, filepath.Join(work, "dist")))
	t.Chdir(work)
	must(t, os.Symlink(victim, filepath.Join(work, "site")))
	for _, args := range [][]string{{"build", dir}, {"build", "--out", "dist", dir}, {"build", "--out", "site/skills", dir}} {
		code, out, errOut := runBounded(t, 60*time.Second, args...)
		if code == 0 || !strings.Contains(errOut, "symbolic link to "+victim) {
			t.Errorf("%v: exit %d\n%s%s", args, code, out, errOut)
		}
	}
	if entries, _ := os.ReadDir(victim); len(entries) != 0 {
		t.Errorf("the build wrote through the link: %v", entries)
	}
}
