package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestNodeHotReloadsBuiltTemplates does what a user and the host do, with
// the real binary and node: `skillstudio new xgs` from each built-in
// template, `skillstudio build`, then the host's injection (the bundle
// package's harness: plain scripts in one page realm). The spec's
// edit_skill re-injects a fresh IIFE into the same tab, whose tail must
// Object.assign onto the namespace object already there: a second build
// (a function's summary edited) is loaded over the first, and the object an agent
// already holds must carry the new summaries and still run every function.
func TestNodeHotReloadsBuiltTemplates(t *testing.T) {
	node, harness := nodeHarness(t)
	bin := buildBinary(t)
	dir := t.TempDir()
	run := runnerIn(t, bin, dir)
	var names []string
	for _, line := range strings.Split(run("new", "xgs", "--list"), "\n") {
		if f := strings.Fields(line); len(f) > 1 {
			names = append(names, f[0])
		}
	}
	if len(names) == 0 {
		t.Fatal("new xgs --list listed no templates")
	}
	for _, tm := range names {
		t.Run(tm, func(t *testing.T) {
			name := "hot-" + tm
			src := filepath.Join(dir, name+".xgs.js")
			run("new", "xgs", "-t", tm, "--name", name, "--description", "Reloads the "+tm+" template", "--match", "*://forum.example.com/*", "--yes")
			run("build", "--out", "v1", src)
			text, err := os.ReadFile(src)
			if err != nil {
				t.Fatal(err)
			}
			bumped := strings.Replace(string(text), `summary: "`, `summary: "Edited. `, 1)
			if bumped == string(text) {
				t.Fatalf("no summary in the template's output:\n%s", text)
			}
			if err := os.WriteFile(src, []byte(bumped), 0o644); err != nil {
				t.Fatal(err)
			}
			run("build", "--out", "v2", src)
			ns := `window.xgoose.skills[Object.keys(window.xgoose.skills)[0]]`
			plan, _ := json.Marshal(map[string]any{"steps": []map[string]string{
				{"load": filepath.Join(dir, "v1", name+".xgs.js")},
				{"eval": `(window.__held = ` + ns + `, Object.values(window.__held.__describe__()).filter((f) => f.summary.startsWith("Edited. ")).length)`},
				{"load": filepath.Join(dir, "v2", name+".xgs.js")},
				{"eval": `(async () => {
					const s = window.__held;
					if (s !== ` + ns + `) throw new Error("re-injection replaced the namespace object");
					const called = [];
					for (const [fn, info] of Object.entries(s.__describe__())) {
						await s[fn](info.examples.length ? info.examples[0].args : {});
						called.push(fn);
					}
					const edited = Object.values(s.__describe__()).filter((f) => f.summary.startsWith("Edited. ")).length;
					return { edited, called, skills: Object.keys(window.xgoose.skills).length };
				})()`},
			}})
			res := runHarness(t, node, harness, plan)
			if string(res[1]) != "0" {
				t.Errorf("the first build has %s edited summaries", res[1])
			}
			var got struct {
				Edited int
				Called []string
				Skills int
			}
			json.Unmarshal(res[3], &got)
			if got.Edited != 1 || len(got.Called) == 0 || got.Skills != 1 {
				t.Errorf("after re-injection: %s", res[3])
			}
		})
	}
}

// runnerIn runs the built binary in dir and returns its combined output,
// failing the test when it exits with an error.
func runnerIn(t *testing.T, bin, dir string) func(args ...string) string {
	return func(args ...string) string {
		t.Helper()
		cmd := exec.Command(bin, args...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("skillstudio %v: %v\n%s", args, err, out)
		}
		return string(out)
	}
}

// TestNodeRunsBuiltExamples builds every example .xgs.js with the real
// binary (broken-weather must be refused) and runs the bundles together in
// node's page realm (the harness, @detect's global set as the forge's page
// has it): each namespace registers, each function called with its first
// example's args or {} settles, and called with null (a bad shape) it
// fails as the spec says it must. The runtime validates nothing (Zod is
// documentation), so the handler's own destructure throws a TypeError that
// reaches the caller as a rejected promise: never a ZodError, never a
// value silently returned, never a hang.
func TestNodeRunsBuiltExamples(t *testing.T) {
	node, harness := nodeHarness(t)
	bin := buildBinary(t)
	out := t.TempDir()
	sources, _ := filepath.Glob(filepath.Join("examples", "library", "xgs", "*.xgs.js"))
	steps := []map[string]string{{"eval": `(window.config = { appSubUrl: "" }, null)`}}
	built := 0
	for _, src := range sources {
		b, err := exec.Command(bin, "build", "--out", out, src).CombinedOutput()
		if strings.HasPrefix(filepath.Base(src), "broken-") {
			if err == nil {
				t.Errorf("%s: built, want refused", src)
			}
			continue
		}
		if err != nil {
			t.Fatalf("build %s: %v\n%s", src, err, b)
		}
		steps = append(steps, map[string]string{"load": filepath.Join(out, filepath.Base(src))})
		built++
	}
	if built < 2 {
		t.Fatalf("only %d examples built", built)
	}
	steps = append(steps, map[string]string{"eval": `(async () => {
		const calls = {};
		for (const [ns, s] of Object.entries(window.xgoose.skills)) {
			for (const [fn, info] of Object.entries(s.__describe__())) {
				const example = info.examples && info.examples.length ? info.examples[0].args : {};
				for (const [label, args] of [["valid", example], ["null", null]]) {
					const call = s[fn](args);
					if (!(call instanceof Promise) && label === "null") { calls[ns + "." + fn + " " + label] = "returned"; continue; }
					try { await call; calls[ns + "." + fn + " " + label] = "resolved"; }
					catch (e) { calls[ns + "." + fn + " " + label] = (e instanceof Error ? e.constructor.name : "non-Error " + typeof e) + ": " + String(e && e.message); }
				}
			}
		}
		return { skills: Object.keys(window.xgoose.skills).length, calls };
	})()`})
	plan, _ := json.Marshal(map[string]any{"steps": steps})
	res := runHarness(t, node, harness, plan)
	var run struct {
		Skills int
		Calls  map[string]string
	}
	if err := json.Unmarshal(res[len(res)-1], &run); err != nil {
		t.Fatal(err)
	}
	if run.Skills != built {
		t.Errorf("%d namespaces registered, %d bundles loaded: %v", run.Skills, built, run.Calls)
	}
	nulls := 0
	for call, outcome := range run.Calls {
		if !strings.HasSuffix(call, " null") {
			continue
		}
		nulls++
		// Every example's functions take arguments they destructure.
		if !strings.HasPrefix(outcome, "TypeError: ") {
			t.Errorf("%s: %s, want the handler's TypeError to reach the caller", call, outcome)
		}
	}
	if nulls == 0 {
		t.Errorf("no function was called: %v", run.Calls)
	}
}

// nodeHarness finds node and the page-realm harness the bundle tests share,
// skipping where a test of built bundles in node cannot run.
func nodeHarness(t *testing.T) (node, harness string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds skillstudio and runs node: skipped in -short mode")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: running built bundles needs Node.js (apt-get install nodejs)")
	}
	harness, err = filepath.Abs(filepath.Join("formats", "xgs", "bundle", "testdata", "node", "harness.cjs"))
	if err != nil {
		t.Fatal(err)
	}
	return node, harness
}

// runHarness runs the harness on plan (its steps as JSON) and returns each
// step's value, failing the test on the first step that threw.
func runHarness(t *testing.T, node, harness string, plan []byte) []json.RawMessage {
	t.Helper()
	planFile := filepath.Join(t.TempDir(), "plan.json")
	if err := os.WriteFile(planFile, plan, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(node, harness, planFile).Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var res []struct {
		OK    bool
		Value json.RawMessage
		Error string
	}
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("node printed %q: %v", out, err)
	}
	values := make([]json.RawMessage, len(res))
	for i, r := range res {
		if !r.OK {
			t.Fatalf("step %d: %s", i, r.Error)
		}
		values[i] = r.Value
	}
	return values
}
