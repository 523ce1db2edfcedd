package bundle

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// These tests run built bundles in Node.js with a stub window/document —
// the proof that what skillstudio builds without Node actually runs.

// loadSteps loads every built skill in registry order (dependencies first).
func loadSteps(reg *Registry, out string) []pageStep {
	var steps []pageStep
	for _, s := range reg.Skills {
		steps = append(steps, pageStep{Load: filepath.Join(out, s.File)})
	}
	return steps
}

// callEveryFunction calls each function of a mounted skill with the args
// of its first example.
func callEveryFunction(ns string) string {
	return `(async () => {
		const s = window.xgoose.skills[` + jsString(ns) + `];
		const out = {};
		for (const [name, info] of Object.entries(s.__describe__())) {
			const args = info.examples.length ? info.examples[0].args : {};
			out[name] = await s[name](args);
		}
		return out;
	})()`
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func TestNodeBundlesMountAndEveryFunctionRuns(t *testing.T) {
	results, reg, out := buildDir(t, "testdata/skills")
	for _, r := range results {
		mustOK(t, r)
	}
	steps := loadSteps(reg, out)
	loads := len(steps)
	mounted := []string{"basekit", "greeterplus", "textkit", "zoo"}
	steps = append(steps,
		pageStep{Eval: `Object.keys(window.xgoose.skills).sort()`},
		pageStep{Eval: `globalThis.__neverMountsBodyRan === undefined`},
	)
	for _, ns := range mounted {
		steps = append(steps, pageStep{Eval: callEveryFunction(ns)})
	}
	steps = append(steps,
		pageStep{Eval: `window.xgoose.skills.textkit.__meta__`},
		pageStep{Eval: `window.xgoose.skills.textkit.__isXgooseSkill__`},
		pageStep{Eval: `window.xgoose.skills.textkit.__describe__("slugify")`},
	)
	res := runPage(t, nil, steps...)
	for i, r := range res {
		if !r.OK {
			t.Fatalf("step %d %+v failed: %s", i, steps[i], r.Error)
		}
	}
	var keys []string
	json.Unmarshal(res[loads].Value, &keys)
	if strings.Join(keys, ",") != strings.Join(mounted, ",") {
		t.Errorf("mounted namespaces = %v, want %v (never-mounts and detect-throws must not mount)", keys, mounted)
	}
	if string(res[loads+1].Value) != "true" {
		t.Errorf("the body of a skill whose @detect is false ran")
	}
	calls := map[string]map[string]any{}
	for i, ns := range mounted {
		var m map[string]any
		json.Unmarshal(res[loads+2+i].Value, &m)
		calls[ns] = m
	}
	if got := calls["greeterplus"]["shout"]; !jsonEqual(got, map[string]any{"greeting": "HELLO, ADA!"}) {
		t.Errorf("greeterplus.shout (through base-kit) = %v", got)
	}
	if got := calls["textkit"]["slugify"]; !jsonEqual(got, map[string]any{"slug": "hello-world"}) {
		t.Errorf("textkit.slugify = %v", got)
	}
	if got := calls["textkit"]["countWords"]; !jsonEqual(got, map[string]any{"total": 3.0, "unique": 2.0}) {
		t.Errorf("textkit.countWords = %v", got)
	}
	if got := calls["zoo"]["noInput"]; got != "ok" {
		t.Errorf("zoo.noInput = %v", got)
	}
	n := loads + 2 + len(mounted)
	sameJSON(t, "__meta__", parseJSON(t, res[n].Value), map[string]any{
		"name": "text-kit", "namespace": "textkit", "primary": "slugify", "functions": []any{"slugify", "countWords"},
	})
	if string(res[n+1].Value) != "true" {
		t.Errorf("__isXgooseSkill__ = %s", res[n+1].Value)
	}
	one := parseJSON(t, res[n+2].Value)
	if one["name"] != "slugify" || one["primary"] != true || one["invocation"] != "await xgoose.skills.textkit.slugify({...})" {
		t.Errorf(`__describe__("slugify") = %v`, one)
	}
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// The runtime's JSON Schema and TypeScript signatures follow the shared
// contract: schema-zoo uses every construct, and its expected describe
// output was written by hand from the contract.
func TestNodeRuntimeFollowsTheContract(t *testing.T) {
	r := Build("testdata/skills/schema-zoo.xgs.js", nil, Options{})
	mustOK(t, &r)
	file := filepath.Join(t.TempDir(), "zoo.xgs.js")
	os.WriteFile(file, r.Output, 0o644)
	res := runPage(t, nil, pageStep{Load: file}, pageStep{Eval: `window.xgoose.skills.zoo.__describe__()`})
	if !res[0].OK || !res[1].OK {
		t.Fatalf("%+v", res)
	}
	want, err := os.ReadFile("testdata/contract/schema-zoo.describe.json")
	if err != nil {
		t.Fatal(err)
	}
	sameJSON(t, "__describe__() and the contract", parseJSON(t, res[1].Value), parseJSON(t, want))
}

// __describe__() at runtime equals what the static reader says (what
// `skillstudio describe --json` prints), for every fixture and the
// spec's TL;DR skill.
func TestNodeDescribeEqualsStaticReader(t *testing.T) {
	results, reg, out := buildDir(t, "testdata/skills")
	tldr := buildTLDR(t)
	steps := loadSteps(reg, out)
	steps = append(steps, pageStep{Load: tldr.file})
	first := len(steps)
	var compared []*Result
	for _, r := range append(results, tldr.result) {
		if r.Skill == nil || len(r.Skill.Functions) == 0 {
			t.Fatalf("the static reader found no functions in %s", r.Path)
		}
		if r.Namespace == "nevermounts" || r.Namespace == "detectthrows" {
			continue
		}
		compared = append(compared, r)
		steps = append(steps, pageStep{Eval: `window.xgoose.skills.` + r.Namespace + `.__describe__()`})
	}
	res := runPage(t, []string{tldrDetectSelector}, steps...)
	for i, r := range compared {
		got := res[first+i]
		if !got.OK {
			t.Fatalf("%s: %s", r.Path, got.Error)
		}
		sameJSON(t, r.Path+": __describe__() and the static reader", parseJSON(t, got.Value), staticDescribe(t, r.Skill.Functions))
	}
}

// tldrDetectSelector makes the TL;DR skill's @detect true in the stub.
const tldrDetectSelector = `meta[name="generator"][content^="Discourse"]`

type builtTLDR struct {
	result *Result
	file   string
}

func buildTLDR(t *testing.T) builtTLDR {
	t.Helper()
	src := tldrSkill(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "discourse-forum.xgs.js")
	os.WriteFile(path, []byte(src), 0o644)
	r := Build(path, nil, Options{})
	mustOK(t, &r)
	out := filepath.Join(dir, "built.xgs.js")
	os.WriteFile(out, r.Output, 0o644)
	return builtTLDR{&r, out}
}

func TestNodeTLDRSkillBuildsAndRuns(t *testing.T) {
	b := buildTLDR(t)
	if !strings.HasPrefix(string(b.result.Output), tldrSkill(t)[:strings.Index(tldrSkill(t), "==/XGooseSkill==")]) {
		t.Error("the built file does not start with the original header")
	}
	res := runPage(t, []string{tldrDetectSelector},
		pageStep{Load: b.file},
		pageStep{Eval: callEveryFunction("discourse")},
		pageStep{Eval: `window.__fetched.map((f) => f.url)`},
	)
	for i, r := range res {
		if !r.OK {
			t.Fatalf("step %d: %s", i, r.Error)
		}
	}
	if got := string(res[2].Value); got != `["/search.json?q=chase+sapphire+reserve"]` {
		t.Errorf("searchTopics fetched %s", got)
	}
	// Without the Discourse generator meta, @detect is false.
	res = runPage(t, nil, pageStep{Load: b.file}, pageStep{Eval: `window.xgoose === undefined`})
	if !res[0].OK || string(res[1].Value) != "true" {
		t.Errorf("TL;DR skill mounted on a page that is not Discourse: %+v", res)
	}
}

func TestNodeFalseDetectMountsNothing(t *testing.T) {
	dir := t.TempDir()
	var steps []pageStep
	for _, name := range []string{"never-mounts", "detect-throws"} {
		r := Build("testdata/skills/"+name+".xgs.js", nil, Options{})
		mustOK(t, &r)
		file := filepath.Join(dir, name+".js")
		os.WriteFile(file, r.Output, 0o644)
		steps = append(steps, pageStep{Load: file})
	}
	check := pageStep{Eval: `[window.xgoose === undefined, globalThis.__neverMountsBodyRan === undefined]`}
	res := runPage(t, nil, append(steps, check)...)
	if !res[0].OK || !res[1].OK || string(res[2].Value) != "[true,true]" {
		t.Errorf("a false or throwing @detect mounted something or ran the body: %+v", res)
	}
	// The same bundle mounts once its @detect holds.
	res = runPage(t, []string{"#no-such-element"}, steps[0], pageStep{Eval: `window.xgoose.skills.nevermounts.ping({})`})
	if !res[1].OK || string(res[1].Value) != `"pong"` {
		t.Errorf("never-mounts did not mount when its element exists: %+v", res)
	}
}

// Loading a rebuilt bundle into the same page replaces the functions in
// place (Object.assign onto the existing namespace object), as the host's
// hot reload does.
func TestNodeSecondLoadReplacesFirst(t *testing.T) {
	src, err := os.ReadFile("testdata/skills/text-kit.xgs.js")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "text-kit.xgs.js")
	os.WriteFile(path, src, 0o644)
	b := NewBuilder(Options{})
	defer b.Close()
	v1 := b.Rebuild(path)
	mustOK(t, &v1)
	edited := strings.Replace(string(src), `return { slug: words.join(separator) };`, `return { slug: words.join(separator) + "-v2" };`, 1)
	if edited == string(src) {
		t.Fatal("fixture changed: the edit did not apply")
	}
	os.WriteFile(path, []byte(edited), 0o644)
	v2 := b.Rebuild(path)
	mustOK(t, &v2)
	f1, f2 := filepath.Join(dir, "v1.js"), filepath.Join(dir, "v2.js")
	os.WriteFile(f1, v1.Output, 0o644)
	os.WriteFile(f2, v2.Output, 0o644)
	res := runPage(t, nil,
		pageStep{Load: f1},
		pageStep{Eval: `(globalThis.__first = window.xgoose.skills.textkit, window.xgoose.skills.textkit.slugify({ title: "A b" }))`},
		pageStep{Load: f2},
		pageStep{Eval: `[window.xgoose.skills.textkit === globalThis.__first, Object.keys(window.xgoose.skills)]`},
		pageStep{Eval: `window.xgoose.skills.textkit.slugify({ title: "A b" })`},
	)
	for i, r := range res {
		if !r.OK {
			t.Fatalf("step %d: %s", i, r.Error)
		}
	}
	if got := string(res[1].Value); got != `{"slug":"a-b"}` {
		t.Errorf("v1 slugify = %s", got)
	}
	if got := string(res[3].Value); got != `[true,["textkit"]]` {
		t.Errorf("after the second load: [same object, namespaces] = %s", got)
	}
	if got := string(res[4].Value); got != `{"slug":"a-b-v2"}` {
		t.Errorf("v2 slugify = %s (the rebuilt handler did not replace the first)", got)
	}
}
