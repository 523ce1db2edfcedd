package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/internal/jsonschema"

	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/model"
)

// runCLI runs the CLI in process and returns its exit code and output.
func runCLI(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(context.Background(), args, &out, &errb)
	return code, out.String(), errb.String()
}

// runCLIAtRoot is runCLI with the repository root as the working folder,
// for output that names paths as typed.
func runCLIAtRoot(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(".."); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	return runCLI(t, args...)
}

// run is Run with the default options.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	return Run(ctx, args, stdout, stderr, Options{})
}

// isolateConfig keeps the user's own config file out of the tests.
func isolateConfig(t *testing.T) {
	t.Helper()
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	t.Setenv("SKILLSTUDIO_TRUST_SOURCES", "")
	t.Setenv("NO_COLOR", "")
	t.Setenv("CLICOLOR_FORCE", "")
}

// copyTree copies the fixture folder src to a new temp folder.
func copyTree(t *testing.T, src string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), filepath.Base(src))
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	return dst
}

func TestLintCleanFixturesPassStrict(t *testing.T) {
	isolateConfig(t)
	for _, p := range []string{"testdata/lint/clean/xgs/recipe-box.xgs.js", "testdata/lint/clean/skillmd/tide-tables", "testdata/lint/clean/osloop", "testdata/lint/clean"} {
		code, out, errOut := runCLI(t, "lint", "--strict", p)
		if code != 0 || !strings.Contains(out, "0 errors, 0 warnings") {
			t.Errorf("lint --strict %s: exit %d\n%s%s", p, code, out, errOut)
		}
	}
}

func TestLintCleanFixturesRecognised(t *testing.T) {
	isolateConfig(t)
	code, out, _ := runCLI(t, "lint", "--format", "json", "testdata/lint/clean")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, out)
	}
	var r struct {
		Skills []struct{ Path, Format, Name string }
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"recipe-box": "xgs", "tide-tables": "skillmd", "word-count": "osloop"}
	got := map[string]string{}
	for _, s := range r.Skills {
		got[s.Name] = s.Format
	}
	for name, format := range want {
		if got[name] != format {
			t.Errorf("%s: format %q, want %q (skills: %+v)", name, got[name], format, r.Skills)
		}
	}
}

func TestLintBrokenFixturesFail(t *testing.T) {
	isolateConfig(t)
	cases := []struct{ path, rule string }{
		{"testdata/lint/broken/xgs/nameless.xgs.js", "xgs/name"},
		{"testdata/lint/broken/skillmd/no-name", "skillmd/name"},
		{"testdata/lint/broken/osloop/skills/half-done", "osloop/required"},
	}
	for _, tc := range cases {
		code, out, _ := runCLI(t, "lint", tc.path)
		if code != 1 {
			t.Errorf("lint %s: exit %d, want 1\n%s", tc.path, code, out)
		}
		if !strings.Contains(out, " error "+tc.rule+": ") {
			t.Errorf("lint %s: no %s error in\n%s", tc.path, tc.rule, out)
		}
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			if strings.HasPrefix(line, "/") {
				t.Errorf("path not relative to the working folder: %s", line)
			}
		}
	}
}

func TestLintJSON(t *testing.T) {
	isolateConfig(t)
	code, out, _ := runCLI(t, "lint", "--format", "json", "testdata/lint/broken")
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	dec := json.NewDecoder(strings.NewReader(out))
	var r struct {
		Skills []struct {
			Path, Format, Name string
			Diagnostics        []map[string]any
		}
		Library []map[string]any
		Summary struct{ Skills, Errors, Warnings, Infos int }
	}
	if err := dec.Decode(&r); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if dec.More() {
		t.Error("more than one JSON value on stdout")
	}
	if r.Summary.Skills != 3 || r.Summary.Errors == 0 || len(r.Skills) != 3 {
		t.Errorf("summary %+v, %d skills", r.Summary, len(r.Skills))
	}
}

func TestLintSARIFValidates(t *testing.T) {
	isolateConfig(t)
	_, out, _ := runCLI(t, "lint", "--format", "sarif", "testdata/lint/broken", "testdata/lint/clean")
	f, err := os.Open("../report/testdata/sarif-2.1.0-subset.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, _ := jsonschema.UnmarshalJSON(f)
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	c.AddResource("sarif.json", doc)
	sch := c.MustCompile("sarif.json")
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(out))
	if err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	if err := sch.Validate(inst); err != nil {
		t.Fatalf("invalid SARIF: %v", err)
	}
	// Relative to the repository (the folder holding .git), as code
	// scanning resolves them, not to the working folder.
	wd, _ := os.Getwd()
	rel, _ := filepath.Rel(projectRoot(wd, func(string) string { return "" }), filepath.Join(wd, "testdata/lint/broken/skillmd/no-name/SKILL.md"))
	if !strings.Contains(out, `"uri": "`+filepath.ToSlash(rel)+`",`+"\n") {
		t.Errorf("artifact URIs are not relative to the repository (want %s):\n%s", rel, out)
	}
}

func TestLintBadUsageExitsTwo(t *testing.T) {
	isolateConfig(t)
	badCfg := filepath.Join(t.TempDir(), "bad.yaml")
	os.WriteFile(badCfg, []byte("rules:\n  xgs/: loud\n"), 0o644)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"lint", "--format", "xml", "testdata/lint/clean"}, `unknown --format "xml"`},
		{[]string{"lint", "--profile", "nope", "testdata/lint/clean"}, `unknown --profile "nope"`},
		{[]string{"lint", "testdata/lint/does-not-exist"}, "testdata/lint/does-not-exist"},
		{[]string{"lint", "testdata/lint/clean", "testdata/lint/missing-too"}, "testdata/lint/missing-too"},
		{[]string{"lint", "--config", badCfg, "testdata/lint/clean"}, "bad.yaml:2:9:"},
		{[]string{"lint", "--config", filepath.Join(t.TempDir(), "none.yaml"), "testdata/lint/clean"}, "none.yaml"},
		{[]string{"lint", "--no-such-flag"}, "no-such-flag"},
		{[]string{"rules", "--format", "yaml"}, `unknown --format "yaml"`},
	}
	for _, tc := range cases {
		code, out, errOut := runCLI(t, tc.args...)
		if code != 2 {
			t.Errorf("%v: exit %d, want 2\n%s%s", tc.args, code, out, errOut)
		}
		if !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: stderr does not name %q:\n%s", tc.args, tc.want, errOut)
		}
	}
}

func TestLintStrictAndConfigSeverities(t *testing.T) {
	isolateConfig(t)
	cfg := filepath.Join(t.TempDir(), "warn.yaml")
	os.WriteFile(cfg, []byte("rules:\n  skillmd/: warning\n  quiz/: warning\n  library/: warning\n"), 0o644)
	broken := "testdata/lint/broken/skillmd/no-name"
	if code, out, _ := runCLI(t, "lint", "--config", cfg, broken); code != 0 || !strings.Contains(out, "warning skillmd/name:") {
		t.Errorf("errors turned into warnings: exit %d, want 0\n%s", code, out)
	}
	if code, out, _ := runCLI(t, "lint", "--strict", "--config", cfg, broken); code != 1 {
		t.Errorf("--strict with warnings: exit %d, want 1\n%s", code, out)
	}
	// Flags do not leak from one run into the next.
	if code, _, _ := runCLI(t, "lint", "--config", cfg, broken); code != 0 {
		t.Errorf("--strict leaked into the next run: exit %d", code)
	}
	off := filepath.Join(t.TempDir(), "off.yaml")
	os.WriteFile(off, []byte("rules:\n  skillmd/: off\n  quiz/: off\n  library/: off\n"), 0o644)
	if code, out, _ := runCLI(t, "lint", "--strict", "--config", off, broken); code != 0 || !strings.Contains(out, "0 errors, 0 warnings, 0 infos in 1 skill") {
		t.Errorf("rules off: exit %d\n%s", code, out)
	}
}

func TestLintProjectConfigFoundFromPath(t *testing.T) {
	isolateConfig(t)
	dir := copyTree(t, "testdata/lint/broken/skillmd")
	os.WriteFile(filepath.Join(dir, ".skillstudio.yaml"), []byte("rules:\n  skillmd/name: info\n"), 0o644)
	_, out, _ := runCLI(t, "lint", filepath.Join(dir, "no-name"))
	if !strings.Contains(out, "info skillmd/name:") {
		t.Errorf("project .skillstudio.yaml above the path was not applied:\n%s", out)
	}
}

func TestLintDefaultsToWorkingFolder(t *testing.T) {
	isolateConfig(t)
	t.Chdir("testdata/lint/broken/skillmd")
	code, out, _ := runCLI(t, "lint")
	if code != 1 || !strings.Contains(out, filepath.Join("no-name", "SKILL.md")+":") {
		t.Errorf("exit %d\n%s", code, out)
	}
}

func TestLintColorOnlyWhenAllowed(t *testing.T) {
	isolateConfig(t)
	t.Setenv("CLICOLOR_FORCE", "1") // a buffer is no terminal; force colour as a terminal would get it
	t.Setenv("TERM", "xterm-256color")
	_, out, _ := runCLI(t, "lint", "testdata/lint/broken")
	if !strings.Contains(out, "\x1b[") {
		t.Errorf("no colour with CLICOLOR_FORCE:\n%q", out)
	}
	t.Setenv("NO_COLOR", "1")
	_, out, _ = runCLI(t, "lint", "testdata/lint/broken")
	if strings.Contains(out, "\x1b") {
		t.Errorf("colour despite NO_COLOR:\n%q", out)
	}
	t.Setenv("NO_COLOR", "")
	_, out, _ = runCLI(t, "lint", "--format", "json", "testdata/lint/broken")
	if strings.Contains(out, "\x1b") {
		t.Errorf("colour in JSON:\n%q", out)
	}
}

func TestLintFixBeforeAfter(t *testing.T) {
	isolateConfig(t)
	dir := copyTree(t, "testdata/lint/fixable")
	md := filepath.Join(dir, "skillmd", "colon-desc", "SKILL.md")
	js := filepath.Join(dir, "xgs", "no-version.xgs.js")
	os.Chmod(md, 0o600)
	beforeMD, _ := os.ReadFile(md)
	beforeJS, _ := os.ReadFile(js)

	code, out, errOut := runCLI(t, "lint", "--fix", dir)
	for _, want := range []string{"skillmd/description-colon: ", "xgs/version"} {
		if !strings.Contains(out, "fixed ") || !strings.Contains(out, want) {
			t.Errorf("--fix output lacks a fixed line for %s:\n%s%s", want, out, errOut)
		}
	}
	afterMD, _ := os.ReadFile(md)
	afterJS, _ := os.ReadFile(js)
	if bytes.Equal(beforeMD, afterMD) || !strings.Contains(string(afterMD), `Converts units: metres, feet and miles`) {
		t.Errorf("SKILL.md not fixed (or its text lost):\n%s", afterMD)
	}
	if !strings.Contains(string(afterJS), "// @version ") || !bytes.Contains(afterJS, beforeJS[bytes.Index(beforeJS, []byte("import")):]) {
		t.Errorf("xgs not fixed (or its body changed):\n%s", afterJS)
	}
	if info, _ := os.Stat(md); info.Mode().Perm() != 0o600 {
		t.Errorf("mode changed to %v", info.Mode().Perm())
	}
	if strings.Contains(out, "description-colon: ") && strings.Contains(out[strings.LastIndex(out, "fixed "):], "warning skillmd/description-colon") {
		t.Errorf("the fixed finding is still reported after re-linting:\n%s", out)
	}
	_ = code

	// A second run has nothing left to fix and writes nothing.
	info1, _ := os.Stat(md)
	_, out2, _ := runCLI(t, "lint", "--fix", dir)
	if strings.Contains(out2, "fixed ") {
		t.Errorf("second --fix changed something:\n%s", out2)
	}
	info2, _ := os.Stat(md)
	if !info1.ModTime().Equal(info2.ModTime()) {
		t.Error("an unchanged file was rewritten")
	}
}

func TestLintFixJSONKeepsStdoutClean(t *testing.T) {
	isolateConfig(t)
	dir := copyTree(t, "testdata/lint/fixable")
	_, out, errOut := runCLI(t, "lint", "--fix", "--format", "json", dir)
	var v map[string]any
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Errorf("stdout is not one JSON object: %v\n%s", err, out)
	}
	if !strings.Contains(errOut, "fixed ") {
		t.Errorf("fix report missing from stderr: %q", errOut)
	}
}

func TestRulesCommand(t *testing.T) {
	code, out, _ := runCLI(t, "rules")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, r := range formats.Rules() {
		if !strings.Contains(out, r.ID) {
			t.Errorf("rules output lacks %s", r.ID)
		}
	}
	code, out, _ = runCLI(t, "rules", "--format", "json")
	var rules []struct {
		ID, Severity, Doc string
		Fixable           bool
	}
	if err := json.Unmarshal([]byte(out), &rules); err != nil || code != 0 {
		t.Fatalf("exit %d, %v\n%s", code, err, out)
	}
	if len(rules) != len(formats.Rules()) {
		t.Errorf("%d rules, want %d", len(rules), len(formats.Rules()))
	}
	for _, r := range rules {
		if r.ID == "" || r.Doc == "" {
			t.Errorf("rule without id or doc: %+v", r)
		}
		if _, err := model.ParseSeverity(r.Severity); err != nil {
			t.Errorf("%s: %v", r.ID, err)
		}
	}
}

// An empty PATH is not a failure, but it says what lint looked for, on
// stderr so JSON stays parseable.
func TestLintEmptyFolderSaysNothingWasFound(t *testing.T) {
	isolateConfig(t)
	empty := t.TempDir()
	code, out, errOut := runCLI(t, "lint", "--format", "json", empty)
	if code != 0 || !strings.Contains(errOut, "no skills found in "+empty) || strings.Contains(out, "no skills found") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// A duplicate namespace names the other skill relative to this one, as a
// duplicate name does, not by an absolute path on this machine.
func TestLintDuplicateNamespaceNamesTheOtherRelatively(t *testing.T) {
	dir := t.TempDir()
	skill := func(name string) string {
		return "// ==XGooseSkill==\n// @name " + name + "\n// @namespace shared\n// @match https://example.test/*\n// ==/XGooseSkill==\n" +
			"import { defineSkill } from \"@xgoose/skill\";\nexport default defineSkill({});\n"
	}
	os.MkdirAll(filepath.Join(dir, "sub"), 0o755)
	os.WriteFile(filepath.Join(dir, "one.xgs.js"), []byte(skill("one")), 0o644)
	os.WriteFile(filepath.Join(dir, "sub", "two.xgs.js"), []byte(skill("two")), 0o644)
	_, out, _ := runCLI(t, "lint", dir)
	for _, want := range []string{`"shared" is also used by sub/two.xgs.js`, `"shared" is also used by ../one.xgs.js`} {
		if !strings.Contains(out, want) {
			t.Errorf("lint does not say %s:\n%s", want, out)
		}
	}
	if strings.Contains(out, "used by "+dir) {
		t.Errorf("a message names an absolute path:\n%s", out)
	}
}
