package bundle

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/formats/xgs"
	"github.com/skillstudio/skillstudio/model"
)

// skillFiles lists the .xgs.js files of a folder, sorted.
func skillFiles(t testing.TB, dir string) []string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*.xgs.js"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no skills in %s (%v)", dir, err)
	}
	sort.Strings(paths)
	return paths
}

// buildDir builds every skill of dir, writes the bundles and registry.json
// into a temp folder, and returns the results, the registry and that
// folder.
func buildDir(t testing.TB, dir string) ([]*Result, *Registry, string) {
	t.Helper()
	b := NewBuilder(Options{})
	t.Cleanup(b.Close)
	var results []*Result
	for _, p := range skillFiles(t, dir) {
		r := b.Rebuild(p)
		results = append(results, &r)
	}
	reg := NewRegistry(results)
	out := t.TempDir()
	if err := WriteDir(out, results, reg); err != nil {
		t.Fatal(err)
	}
	return results, reg, out
}

func mustOK(t testing.TB, r *Result) {
	t.Helper()
	if !r.OK() {
		t.Fatalf("%s did not build: %v", r.Path, r.Errors)
	}
}

// specText reads a spec from ../shared/specs at test time; third-party
// text is never copied into the repo.
func specText(t testing.TB, name string) string {
	t.Helper()
	for _, dir := range []string{os.Getenv("SKILLSTUDIO_SPECS"), "../../../../shared/specs", "/work/shared/specs"} {
		if dir == "" {
			continue
		}
		if b, err := os.ReadFile(filepath.Join(dir, name)); err == nil {
			return string(b)
		}
	}
	t.Skipf("spec %s not found (../shared/specs is absent in a plain clone; set SKILLSTUDIO_SPECS to run this test)", name)
	return ""
}

// tldrSkill cuts the spec's TL;DR skill out of its text: from the header
// marker line after "TL;DR" to the `});` that closes defineSkill.
func tldrSkill(t testing.TB) string {
	t.Helper()
	spec := specText(t, "xgs-skill-authoring.txt")
	tldr := strings.Index(spec, "TL;DR")
	start := strings.Index(spec[max(tldr, 0):], "\n// ==XGooseSkill==\n") + 1
	start += max(tldr, 0)
	// The skill ends at the `});` after its "// …other functions" line
	// (an earlier `});` closes a fetch call).
	end := -1
	if last := strings.Index(spec[start:], "other functions"); last >= 0 {
		if i := strings.Index(spec[start+last:], "\n});"); i >= 0 {
			end = last + i
		}
	}
	if tldr < 0 || start == 0 || end < 0 {
		t.Fatal("the spec's TL;DR skill was not found; has the spec changed?")
	}
	return spec[start:start+end] + "\n});\n"
}

// nodeBinary finds Node.js or skips: skillstudio never needs Node, only
// this proof that its bundles run does.
func nodeBinary(t testing.TB) string {
	t.Helper()
	p, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: the test that runs built bundles needs Node.js (e.g. apt-get install nodejs)")
	}
	return p
}

type pageStep struct {
	Load string `json:"load,omitempty"`
	Eval string `json:"eval,omitempty"`
}

type pageResult struct {
	OK    bool            `json:"ok"`
	Value json.RawMessage `json:"value"`
	Error string          `json:"error"`
}

// runPage loads bundles and evaluates expressions in one page realm
// (testdata/node/harness.cjs): elements are the selectors the stub
// document's querySelector finds.
func runPage(t testing.TB, elements []string, steps ...pageStep) []pageResult {
	t.Helper()
	node := nodeBinary(t)
	plan, _ := json.Marshal(map[string]any{"elements": elements, "steps": steps})
	planFile := filepath.Join(t.TempDir(), "plan.json")
	if err := os.WriteFile(planFile, plan, 0o644); err != nil {
		t.Fatal(err)
	}
	harness, _ := filepath.Abs("testdata/node/harness.cjs")
	var stderr bytes.Buffer
	cmd := exec.Command(node, harness, planFile)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	var res []pageResult
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("node printed %q: %v", out, err)
	}
	return res
}

// staticDescribe is what `skillstudio describe --json` prints: the static
// reader's functions through xgs.Describe.
func staticDescribe(t testing.TB, fns []model.Function) map[string]any {
	t.Helper()
	return parseJSON(t, xgs.Describe(fns))
}

func parseJSON(t testing.TB, raw []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatalf("%v in %s", err, raw)
	}
	return m
}

// sameJSON reports a difference between two parsed JSON values, path by
// path, so a failure says which field disagrees.
func sameJSON(t testing.TB, what string, got, want any) {
	t.Helper()
	if reflect.DeepEqual(got, want) {
		return
	}
	var diffs []string
	diffJSON("", got, want, &diffs)
	t.Errorf("%s differ:\n  %s", what, strings.Join(diffs, "\n  "))
}

func diffJSON(path string, got, want any, out *[]string) {
	gm, gok := got.(map[string]any)
	wm, wok := want.(map[string]any)
	if gok && wok {
		keys := map[string]bool{}
		for k := range gm {
			keys[k] = true
		}
		for k := range wm {
			keys[k] = true
		}
		for k := range keys {
			diffJSON(path+"."+k, gm[k], wm[k], out)
		}
		return
	}
	if !reflect.DeepEqual(got, want) {
		g, _ := json.Marshal(got)
		w, _ := json.Marshal(want)
		*out = append(*out, path+": got "+string(g)+", want "+string(w))
	}
}
