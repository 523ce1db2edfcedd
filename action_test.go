package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// actionStep is the part of action.yml's composite steps the harness runs.
type actionStep struct {
	ID    string            `yaml:"id"`
	Shell string            `yaml:"shell"`
	Env   map[string]string `yaml:"env"`
	Run   string            `yaml:"run"`
}

// TestActionLintStep runs action.yml's Lint step as a runner does: its
// run script under `bash --noprofile --norc -eo pipefail` (GitHub's
// bash), in the workspace, with the inputs mapped through the step's env:
// and the files Actions provides (RUNNER_TEMP holding the binary the Build
// step made, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY). Checked: the annotations,
// the sarif-file output, the counts in the job summary, the exit status
// fail-on gives, a baseline, extra args and two paths.
func TestActionLintStep(t *testing.T) {
	if testing.Short() {
		t.Skip("builds skillstudio: skipped in -short mode")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed: the Action's steps are bash")
	}
	data, err := os.ReadFile("action.yml")
	if err != nil {
		t.Fatal(err)
	}
	var action struct {
		Inputs map[string]struct {
			Default string `yaml:"default"`
		} `yaml:"inputs"`
		Outputs map[string]struct {
			Value string `yaml:"value"`
		} `yaml:"outputs"`
		Runs struct {
			Steps []actionStep `yaml:"steps"`
		} `yaml:"runs"`
	}
	if err := yaml.Unmarshal(data, &action); err != nil {
		t.Fatal(err)
	}
	var step actionStep
	for _, s := range action.Runs.Steps {
		if s.ID == "lint" {
			step = s
		}
	}
	if step.Run == "" || step.Shell != "bash" {
		t.Fatalf("action.yml has no bash step with id lint: %+v", step)
	}
	if v := action.Outputs["sarif-file"].Value; v != "${{ steps.lint.outputs.sarif-file }}" {
		t.Errorf("the sarif-file output is %q, not the lint step's", v)
	}

	temp := t.TempDir()
	// A link: the built binary is shared with the package's other tests.
	if err := os.Symlink(buildBinary(t), filepath.Join(temp, "skillstudio")); err != nil {
		t.Fatal(err)
	}
	ws := t.TempDir()
	writeTree(t, ws, map[string]string{
		"skills/clean/SKILL.md":  cleanSkill,
		"skills/broken/SKILL.md": brokenSkill,
		"more/other/SKILL.md":    strings.Replace(cleanSkill, "name: clean", "name: other", 1),
	})

	// lint runs the step with inputs over action.yml's defaults; it
	// returns the log, the exit status and the GITHUB_OUTPUT file.
	var summary string
	lint := func(inputs map[string]string) (log string, code int, output string) {
		t.Helper()
		files := t.TempDir()
		out, sum := filepath.Join(files, "output"), filepath.Join(files, "summary")
		for _, f := range []string{out, sum} {
			if err := os.WriteFile(f, nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + files, "GITHUB_ACTIONS=true", "CI=true",
			"GITHUB_WORKSPACE=" + ws, "RUNNER_TEMP=" + temp, "GITHUB_OUTPUT=" + out, "GITHUB_STEP_SUMMARY=" + sum}
		for name, expr := range step.Env {
			input, ok := strings.CutPrefix(expr, "${{ inputs.")
			input, ok2 := strings.CutSuffix(input, " }}")
			if !ok || !ok2 {
				t.Fatalf("env %s = %q is not an input", name, expr)
			}
			in, known := action.Inputs[input]
			if !known {
				t.Fatalf("env %s names input %q, which action.yml does not declare", name, input)
			}
			v := in.Default
			if given, ok := inputs[input]; ok {
				v = given
			}
			env = append(env, name+"="+v)
		}
		script := filepath.Join(files, "step.sh")
		if err := os.WriteFile(script, []byte(step.Run), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bash, "--noprofile", "--norc", "-eo", "pipefail", script)
		cmd.Dir, cmd.Env = ws, env
		b, err := cmd.CombinedOutput()
		code = cmd.ProcessState.ExitCode()
		if err != nil && code < 0 {
			t.Fatalf("bash: %v", err)
		}
		o, _ := os.ReadFile(out)
		s, _ := os.ReadFile(sum)
		summary = string(s)
		return string(b), code, string(o)
	}

	log, code, output := lint(nil)
	if code != 1 {
		t.Errorf("defaults on a broken skill: exit %d, want 1\n%s", code, log)
	}
	if !strings.Contains(log, "::error file=skills/broken/SKILL.md,line=2,col=7,title=skillmd/name::") {
		t.Errorf("no ::error annotation for the broken name, relative to the workspace:\n%s", log)
	}
	if output != "sarif-file=skillstudio.sarif\n" {
		t.Errorf("GITHUB_OUTPUT = %q", output)
	}
	if summary != "### skillstudio lint\n\n2 errors, 0 warnings, 3 infos in 3 skills\n" {
		t.Errorf("GITHUB_STEP_SUMMARY = %q", summary)
	}
	if sarif, err := os.ReadFile(filepath.Join(ws, "skillstudio.sarif")); err != nil || !strings.Contains(string(sarif), `"ruleId": "skillmd/name"`) {
		t.Errorf("the SARIF file: %v\n%.300s", err, sarif)
	}

	// No SARIF asked for: none written, the output unset.
	os.Remove(filepath.Join(ws, "skillstudio.sarif"))
	log, _, output = lint(map[string]string{"sarif-file": "", "paths": "skills/clean more"})
	if output != "" {
		t.Errorf("GITHUB_OUTPUT = %q with no sarif-file", output)
	}
	if _, err := os.Stat(filepath.Join(ws, "skillstudio.sarif")); err == nil {
		t.Error("a SARIF file was written with sarif-file empty")
	}
	if !strings.Contains(log, "in 2 skills") || strings.Contains(log, "::error") {
		t.Errorf("two clean paths:\n%s", log)
	}

	// A sarif-file built from text holding a line break (an expression
	// over a PR's title, say) would write a second line, another output,
	// into GITHUB_OUTPUT. The step refuses it and writes no output.
	log, code, output = lint(map[string]string{"sarif-file": "a.sarif\nsarif-file=/etc/passwd\nexploit=1", "paths": "skills/clean"})
	if code != 2 || output != "" || !strings.Contains(log, "::error title=skillstudio::the sarif-file input holds a line break") {
		t.Errorf("sarif-file with a line break: exit %d, GITHUB_OUTPUT = %q\n%s", code, output, log)
	}
	for _, name := range []string{"a.sarif\nsarif-file=", "a.sarif"} {
		if _, err := os.Stat(filepath.Join(ws, name)); err == nil {
			t.Errorf("%q was written", name)
		}
	}

	// fail-on info fails on the token notices; text format prints no
	// workflow commands.
	log, code, _ = lint(map[string]string{"paths": "skills/clean", "fail-on": "info", "format": "text"})
	if code != 1 || strings.Contains(log, "::") {
		t.Errorf("fail-on info, text: exit %d\n%s", code, log)
	}

	// A baseline written by lint --write-baseline passes the step; args
	// carries more flags. The baseline is written with the profile CI
	// uses: a profile words some messages differently, and the message is
	// part of a finding's fingerprint.
	cmd := exec.Command(filepath.Join(temp, "skillstudio"), "lint", "--profile", "claude-code", "--write-baseline", "baseline.json", ".")
	cmd.Dir = ws
	if out, err := cmd.CombinedOutput(); err != nil && cmd.ProcessState.ExitCode() != 1 {
		t.Fatalf("write-baseline: %v\n%s", err, out)
	}
	log, code, _ = lint(map[string]string{"baseline": "baseline.json", "args": "--profile claude-code --max-warnings 0"})
	if code != 0 || strings.Contains(log, "::error") {
		t.Errorf("with the baseline: exit %d\n%s", code, log)
	}
}

// writeTree writes files under dir.
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for rel, text := range files {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
