package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/config"
	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/model"
)

// A subfolder's .skillstudio.yaml rules the files below it when lint runs
// from the root, as eslint's, ruff's and editorconfig's do.
func TestLintReadsTheNearestConfigPerFile(t *testing.T) {
	isolateConfig(t)
	dir := t.TempDir()
	skill := "---\nname: misnamed\ndescription: Counts words in a file.\n---\n# Count\n\nRun it.\n"
	for name, text := range map[string]string{
		".skillstudio.yaml":        "rules:\n  skillmd/name-dir: error\n",
		"team/.skillstudio.yaml":   "rules:\n  skillmd/: off\n",
		"team/one/SKILL.md":        skill,
		"solo/two/SKILL.md":        strings.Replace(skill, "misnamed", "misnamed-too", 1),
		"vendor/.skillstudio.yaml": "agents: [codex]\n",
		"vendor/three/SKILL.md":    strings.Replace(skill, "misnamed", "misnamed-three", 1),
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var out, errOut bytes.Buffer
	code := run(context.Background(), []string{"lint", dir}, &out, &errOut)
	if code != 1 {
		t.Errorf("exit %d, want 1: %s", code, errOut.String())
	}
	got := out.String()
	if strings.Contains(got, "team/one") {
		t.Errorf("team/.skillstudio.yaml's skillmd/: off did not apply below it:\n%s", got)
	}
	if !strings.Contains(got, "solo/two/SKILL.md:2:7: error skillmd/name-dir") || !strings.Contains(got, "vendor/three/SKILL.md:2:7: error skillmd/name-dir") {
		t.Errorf("the root's rules: no longer apply elsewhere:\n%s", got)
	}
	if !strings.Contains(errOut.String(), "vendor/.skillstudio.yaml") || !strings.Contains(errOut.String(), "agents:") {
		t.Errorf("no note for the nested file's agents:, which does not apply:\n%s", errOut.String())
	}

	// Named with --config, that file alone applies.
	out.Reset()
	errOut.Reset()
	run(context.Background(), []string{"lint", "--config", filepath.Join(dir, ".skillstudio.yaml"), dir}, &out, &errOut)
	if !strings.Contains(out.String(), "team/one/SKILL.md:2:7: error skillmd/name-dir") {
		t.Errorf("--config still read team/.skillstudio.yaml:\n%s", out.String())
	}

	// A bad nested file fails the run as a bad project file does.
	os.WriteFile(filepath.Join(dir, "team", ".skillstudio.yaml"), []byte("rules:\n  skillmd/no-such-rule: off\n"), 0o644)
	errOut.Reset()
	if code := run(context.Background(), []string{"lint", dir}, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "team/.skillstudio.yaml:2:3") {
		t.Errorf("bad nested config: exit %d\n%s", code, errOut.String())
	}
}

// Every .skillstudio.yaml in a reviewed checkout came with it: a nested
// one may raise a review finding, never lower or drop one.
func TestReviewNestedConfigMayOnlyRaise(t *testing.T) {
	isolateConfig(t)
	dir := writeReviewFixture(t)
	os.WriteFile(filepath.Join(dir, "zzz-sly", ".skillstudio.yaml"), []byte("rules:\n  review/: off\n  review/html-comment: error\n"), 0o644)
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"review", dir}, &out, &errOut); code != 1 {
		t.Errorf("exit %d, want 1: %s", code, errOut.String())
	}
	if !strings.Contains(out.String(), "error review/hidden-instruction:") || !strings.Contains(out.String(), "error review/html-comment:") {
		t.Errorf("nested config lowered the review, or its raise did not apply:\n%s", out.String())
	}
	out.Reset()
	run(context.Background(), []string{"lint", "--review", dir}, &out, &errOut)
	if !strings.Contains(out.String(), "error review/hidden-instruction:") {
		t.Errorf("lint --review: nested config lowered the review:\n%s", out.String())
	}
}

// The studio's view of a broken nested config: an error finding at its
// position; and of one whose agents: does not apply there: an info.
func TestNestedProblemsForTheStudio(t *testing.T) {
	isolateConfig(t)
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "a", config.ProjectFileName), "rules:\n  skillmd/name-dir: loud\n")
	writeFile(t, filepath.Join(root, "b", config.ProjectFileName), "agents: [codex]\n")
	cfg, err := config.Load("", root, formats.Rules())
	if err != nil {
		t.Fatal(err)
	}
	rc := cfg.Formats()
	rc.Nested(filepath.Join(root, "a"))
	rc.Nested(filepath.Join(root, "b"))
	ds := nestedProblems(cfg)()
	if len(ds) != 2 {
		t.Fatalf("got %v", ds)
	}
	if d := ds[0]; d.Severity != model.SeverityError || d.Line != 2 || !strings.HasSuffix(d.File, filepath.Join("a", config.ProjectFileName)) {
		t.Errorf("error finding %+v", d)
	}
	if d := ds[1]; d.Severity != model.SeverityInfo || !strings.Contains(d.Message, "agents:") {
		t.Errorf("note finding %+v", d)
	}
}
