package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/formats/xgs/bundle"
)

const buildFixtures = "../formats/xgs/bundle/testdata"

func readRegistry(t *testing.T, dir string) bundle.Registry {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, bundle.RegistryFile))
	if err != nil {
		t.Fatal(err)
	}
	var reg bundle.Registry
	if err := json.Unmarshal(b, &reg); err != nil {
		t.Fatal(err)
	}
	return reg
}

func TestBuildCommandWritesBundlesAndRegistry(t *testing.T) {
	isolateConfig(t)
	src := copyTree(t, filepath.Join(buildFixtures, "skills"))
	out := filepath.Join(t.TempDir(), "dist")
	code, stdout, stderr := runCLI(t, "build", "--out", out, src)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	for _, name := range []string{"base-kit", "greeter-plus", "text-kit", "schema-zoo", "never-mounts", "detect-throws"} {
		if !strings.Contains(stdout, name+"  ") {
			t.Errorf("no line for %s in:\n%s", name, stdout)
		}
		if _, err := os.Stat(filepath.Join(out, name+".xgs.js")); err != nil {
			t.Error(err)
		}
	}
	if !strings.Contains(stdout, "built 6 of 6 skills") || !strings.Contains(stdout, " kB  ") || !strings.Contains(stdout, " ms\n") {
		t.Errorf("stdout:\n%s", stdout)
	}
	reg := readRegistry(t, out)
	if len(reg.Skills) != 6 {
		t.Fatalf("registry lists %d skills", len(reg.Skills))
	}
	pos := map[string]int{}
	for i, s := range reg.Skills {
		pos[s.Name] = i
	}
	if pos["base-kit"] > pos["greeter-plus"] {
		t.Error("base-kit (required) is listed after greeter-plus")
	}
}

// build, describe and the registry agree on every function's shape.
func TestBuildRegistryAgreesWithDescribe(t *testing.T) {
	isolateConfig(t)
	src := copyTree(t, filepath.Join(buildFixtures, "skills"))
	out := filepath.Join(t.TempDir(), "dist")
	if code, so, se := runCLI(t, "build", "-o", out, src); code != 0 {
		t.Fatalf("exit %d\n%s%s", code, so, se)
	}
	for _, s := range readRegistry(t, out).Skills {
		code, stdout, stderr := runCLI(t, "describe", "--json", filepath.Join(src, s.Name+".xgs.js"))
		if code != 0 {
			t.Fatalf("describe %s: exit %d %s", s.Name, code, stderr)
		}
		var described map[string]any
		if err := json.Unmarshal([]byte(stdout), &described); err != nil {
			t.Fatal(err)
		}
		fromRegistry := map[string]any{}
		for _, f := range s.Functions {
			var m map[string]any
			b, _ := json.Marshal(f)
			json.Unmarshal(b, &m)
			delete(m, "name")
			fromRegistry[f.Name] = m
		}
		if !reflect.DeepEqual(described, fromRegistry) {
			t.Errorf("%s: describe --json and registry.json differ\ndescribe: %s\nregistry: %v", s.Name, stdout, fromRegistry)
		}
	}
}

func TestBuildCommandFailedSkillDoesNotStopOthers(t *testing.T) {
	isolateConfig(t)
	good := copyTree(t, filepath.Join(buildFixtures, "skills"))
	broken := copyTree(t, filepath.Join(buildFixtures, "broken"))
	out := filepath.Join(t.TempDir(), "dist")
	code, stdout, stderr := runCLI(t, "build", "--out", out, good, broken)
	if code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	if !strings.Contains(stdout, "built 6 of 11 skills") || !strings.Contains(stdout, "syntax-error  failed") {
		t.Errorf("stdout:\n%s", stdout)
	}
	want := filepath.Join(broken, "syntax-error.xgs.js") + ":18:3: error xgs/build-error: Unexpected \"}\""
	if !strings.Contains(stderr, want) || !strings.Contains(stderr, "  hint: ") {
		t.Errorf("stderr lacks %q:\n%s", want, stderr)
	}
	if !strings.Contains(stderr, "bad-namespace.xgs.js:3:15: error xgs/build-header: not built: the header has an error: xgs/namespace") {
		t.Errorf("stderr does not say which header error stopped bad-namespace:\n%s", stderr)
	}
	if len(readRegistry(t, out).Skills) != 6 {
		t.Error("the registry does not list the six skills that built")
	}
	if _, err := os.Stat(filepath.Join(out, "syntax-error.xgs.js")); err == nil {
		t.Error("a failed skill was written")
	}
}

// A project config turning a header rule off lets the skill build; its
// warnings can be turned off too (errors cannot).
func TestBuildCommandAppliesProjectConfig(t *testing.T) {
	isolateConfig(t)
	src := copyTree(t, filepath.Join(buildFixtures, "cycle"))
	os.Remove(filepath.Join(src, "cycle-b.xgs.js"))
	a := filepath.Join(src, "cycle-a.xgs.js")
	text, _ := os.ReadFile(a)
	os.WriteFile(a, bytes.Replace(text, []byte("// @match *://*/*\n"), nil, 1), 0o644)
	out := filepath.Join(t.TempDir(), "d")
	if code, _, stderr := runCLI(t, "build", "--out", out, src); code != 1 || !strings.Contains(stderr, "xgs/match-required") {
		t.Fatalf("without config: exit %d\n%s", code, stderr)
	}
	os.WriteFile(filepath.Join(src, ".skillstudio.yaml"), []byte("rules:\n  xgs/match-required: off\n"), 0o644)
	if code, stdout, stderr := runCLI(t, "build", "--out", out, src); code != 0 {
		t.Errorf("with xgs/match-required off: exit %d\n%s%s", code, stdout, stderr)
	}
}

func TestBuildCommandCycleFails(t *testing.T) {
	isolateConfig(t)
	code, _, stderr := runCLI(t, "build", "--out", filepath.Join(t.TempDir(), "d"), copyTree(t, filepath.Join(buildFixtures, "cycle")))
	if code != 1 || !strings.Contains(stderr, "xgs/build-require-cycle") {
		t.Errorf("exit %d\n%s", code, stderr)
	}
}

func TestBuildCommandUsage(t *testing.T) {
	isolateConfig(t)
	empty := t.TempDir()
	if code, _, stderr := runCLI(t, "build", "--out", filepath.Join(t.TempDir(), "d"), empty); code != 2 || strings.Count(stderr, "no .xgs.js skills") != 1 {
		t.Errorf("empty folder: exit %d %s (want the reason once)", code, stderr)
	}
	src := copyTree(t, filepath.Join(buildFixtures, "cycle"))
	if code, _, stderr := runCLI(t, "build", "--out", src, src); code != 2 || !strings.Contains(stderr, "would replace their sources") {
		t.Errorf("--out = source folder: exit %d %s", code, stderr)
	}
	if code, _, _ := runCLI(t, "build", "--out", filepath.Join(t.TempDir(), "d"), filepath.Join(empty, "missing")); code != 2 {
		t.Errorf("missing path: exit %d", code)
	}
	// Built skills inside the source tree's dist/ are not rebuilt as sources.
	src = copyTree(t, filepath.Join(buildFixtures, "skills"))
	if code, so, se := runCLI(t, "build", "--out", filepath.Join(src, "dist"), src); code != 0 {
		t.Fatalf("exit %d %s %s", code, so, se)
	}
	if code, so, _ := runCLI(t, "build", "--out", filepath.Join(src, "dist"), src); code != 0 || !strings.Contains(so, "built 6 of 6") {
		t.Errorf("second build over its own dist/: exit %d\n%s", code, so)
	}
}

// TestLintAfterBuildIntoAnotherFolder: `build -o out` then `lint .` (a
// pre-commit hook, CI) must not read each bundle as a second skill of its
// source's name and namespace; it failed with two errors per skill.
func TestLintAfterBuildIntoAnotherFolder(t *testing.T) {
	isolateConfig(t)
	root := t.TempDir()
	t.Chdir(root)
	if code, so, se := runCLI(t, "new", "xgs", "--name", "forum-search", "--description", "Search the forum for posts", "--match", "*://forum.example.com/*", "--yes", "--dir", "skills"); code != 0 {
		t.Fatalf("new: %d\n%s%s", code, so, se)
	}
	if code, so, se := runCLI(t, "build", "-o", "out", "skills"); code != 0 {
		t.Fatalf("build: %d\n%s%s", code, so, se)
	}
	code, out, errs := runCLI(t, "lint", ".")
	if code != 0 || strings.Contains(out, "library/duplicate") || !strings.Contains(out, "xgs/built-bundle") {
		t.Errorf("lint after build: exit %d\n%s%s", code, out, errs)
	}
}
