package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/skillstudio/skillstudio/formats/xgs/bundle"
)

const buildFixtures = "formats/xgs/bundle/testdata"

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

// syncBuffer is a bytes.Buffer safe for the watch goroutine and the test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// waitFor polls until the output holds want (an event-driven wait, not a
// timing assertion: the deadline only stops a hung test).
func waitFor(t *testing.T, buf *syncBuffer, want string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(buf.String(), want) {
		if time.Now().After(deadline) {
			t.Fatalf("never printed %q; output so far:\n%s", want, buf.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// waitCount waits until substr appears at least n times.
func waitCount(t *testing.T, buf *syncBuffer, substr string, n int) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for strings.Count(buf.String(), substr) < n {
		if time.Now().After(deadline) {
			t.Fatalf("%q printed fewer than %d times:\n%s", substr, n, buf.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestBuildWatchRebuildsAndSurvivesBrokenFiles(t *testing.T) {
	isolateConfig(t)
	src := copyTree(t, filepath.Join(buildFixtures, "skills"))
	out := filepath.Join(t.TempDir(), "dist")
	var stdout, stderr syncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ready := make(chan struct{})
	done := make(chan error, 1)
	go func() {
		done <- runBuild(ctx, &stdout, &stderr, buildRequest{
			paths: []string{src}, out: out, watch: true, debounce: 20 * time.Millisecond,
			ready: func() { close(ready) },
		})
	}()
	select {
	case <-ready:
	case err := <-done:
		t.Fatalf("watch ended early: %v\n%s%s", err, stdout.String(), stderr.String())
	}
	if !strings.Contains(stdout.String(), "watching 6 skills in 1 folder") {
		t.Errorf("stdout:\n%s", stdout.String())
	}
	file := filepath.Join(src, "base-kit.xgs.js")
	orig, _ := os.ReadFile(file)

	// An editor-style save: write a temp file, rename it over the skill.
	save := func(text []byte) {
		tmp := filepath.Join(src, ".base-kit.xgs.js.tmp")
		os.WriteFile(tmp, text, 0o644)
		if err := os.Rename(tmp, file); err != nil {
			t.Fatal(err)
		}
	}
	save(bytes.Replace(orig, []byte("Hello, "), []byte("Howdy, "), 1))
	waitCount(t, &stdout, "base-kit  ", 2) // the first build's line, then the rebuild's
	if !strings.Contains(stdout.String(), "lint: 0 errors, 0 warnings, 0 infos") {
		t.Errorf("the rebuild line has no lint counts:\n%s", stdout.String())
	}
	built, _ := os.ReadFile(filepath.Join(out, "base-kit.xgs.js"))
	if !bytes.Contains(built, []byte("Howdy, ")) {
		t.Error("the rebuilt bundle was not written")
	}
	if strings.Count(stdout.String(), "text-kit  ") != 1 {
		t.Errorf("a save of base-kit rebuilt other skills:\n%s", stdout.String())
	}

	save(append(append([]byte(nil), orig...), "\nconst = ;\n"...))
	waitCount(t, &stdout, "base-kit  ", 3)
	waitFor(t, &stdout, "base-kit  failed")
	waitFor(t, &stderr, "base-kit.xgs.js:22:7: error xgs/build-error")
	if built2, _ := os.ReadFile(filepath.Join(out, "base-kit.xgs.js")); !bytes.Equal(built, built2) {
		t.Error("a broken save replaced the last good bundle")
	}

	save(orig)
	waitCount(t, &stdout, "base-kit  ", 4)
	if fixed, _ := os.ReadFile(filepath.Join(out, "base-kit.xgs.js")); !bytes.Contains(fixed, []byte("Hello, ")) {
		t.Error("the fixed skill's bundle was not written")
	}

	// A new skill dropped into the folder is picked up.
	tk, _ := os.ReadFile(filepath.Join(src, "text-kit.xgs.js"))
	os.WriteFile(filepath.Join(src, "text-kit-copy.xgs.js"), bytes.Replace(tk, []byte("@name text-kit"), []byte("@name text-kit-copy"), 1), 0o644)
	waitFor(t, &stdout, "text-kit-copy  ")
	deadline := time.Now().Add(20 * time.Second)
	for len(readRegistry(t, out).Skills) != 7 {
		if time.Now().After(deadline) {
			t.Fatalf("registry.json does not list the new skill")
		}
		time.Sleep(10 * time.Millisecond)
	}

	// Deleting it takes it out of registry.json.
	os.Remove(filepath.Join(src, "text-kit-copy.xgs.js"))
	waitFor(t, &stdout, "text-kit-copy.xgs.js  removed")
	deadline = time.Now().Add(20 * time.Second)
	for len(readRegistry(t, out).Skills) != 6 {
		if time.Now().After(deadline) {
			t.Fatalf("registry.json still lists the deleted skill")
		}
		time.Sleep(10 * time.Millisecond)
	}

	cancel()
	if err := <-done; err != nil {
		t.Errorf("watch returned %v", err)
	}
	if !strings.Contains(stdout.String(), "stopped") {
		t.Error("no clean stop")
	}
}
