package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/report"
)

// ciRepo writes a git-looking repository with one broken skill (an
// error, a warning, an info and a fixable description) and one clean
// skill, and makes it the working folder.
func ciRepo(t *testing.T) string {
	t.Helper()
	isolateConfig(t)
	t.Setenv("GITHUB_WORKSPACE", "")
	root := t.TempDir()
	write := func(rel, text string) {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(".git/HEAD", "ref: refs/heads/main\n")
	write("skills/broken/SKILL.md", "---\nname: Broken_Skill\ndescription: Use when: testing CI output\n---\n\n# Broken\n\nSee [missing](nothing.md).\n")
	write("skills/clean/SKILL.md", "---\nname: clean\ndescription: A clean skill used by the CI tests to show no findings.\n---\n\n# Clean\n\nNothing to see.\n")
	t.Chdir(root)
	return root
}

func TestLintGitHubFormat(t *testing.T) {
	root := ciRepo(t)
	t.Chdir(filepath.Join(root, "skills")) // paths stay relative to the repository root
	code, out, _ := runCLI(t, "lint", "--format", "github", ".")
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	for _, want := range []string{
		"::error file=skills/broken/SKILL.md,line=2,col=7,",
		"title=skillmd/name::name \"Broken_Skill\"",
		"::warning file=skills/broken/SKILL.md,line=8,col=5,",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestLintThresholds(t *testing.T) {
	ciRepo(t)
	for _, c := range []struct {
		args []string
		code int
	}{
		{[]string{"skills/clean"}, 0},
		{[]string{"--fail-on", "info", "skills/clean"}, 1}, // the token info
		{[]string{"--quiet", "--fail-on", "info", "skills/clean"}, 0},
		{[]string{"--max-warnings", "0", "skills/clean"}, 0},
		{[]string{"--fail-on", "nope", "skills/clean"}, 2},
		{[]string{"--dry-run", "skills/clean"}, 2},
		{[]string{"--output", "sarif", "skills/clean"}, 2},
	} {
		if code, out, errs := runCLI(t, append([]string{"lint"}, c.args...)...); code != c.code {
			t.Errorf("lint %v: exit %d, want %d\n%s%s", c.args, code, c.code, out, errs)
		}
	}
	if !lintFails(report.Summary{Warnings: 3}, model.SeverityError, 2) || lintFails(report.Summary{Warnings: 2}, model.SeverityError, 2) {
		t.Error("--max-warnings 2 fails on 3 warnings, not on 2")
	}
}

func TestLintQuietAndOutputs(t *testing.T) {
	root := ciRepo(t)
	sarif := filepath.Join(root, "out.sarif")
	code, out, _ := runCLI(t, "lint", "--quiet", "--output", "sarif="+sarif, "--output", "json="+filepath.Join(root, "out.json"), "skills")
	if code != 1 || strings.Contains(out, "warning skillmd/link") || !strings.Contains(out, "error skillmd/name") {
		t.Errorf("--quiet keeps errors only (exit %d):\n%s", code, out)
	}
	data, err := os.ReadFile(sarif)
	if err != nil || !strings.Contains(string(data), `"ruleId": "skillmd/name"`) {
		t.Errorf("SARIF file: %v\n%.300s", err, data)
	}
	if _, err := os.Stat(filepath.Join(root, "out.json")); err != nil {
		t.Error(err)
	}
}

// TestLintSARIFFromASubfolder: code scanning resolves a SARIF uri
// against the repository root, as GitHub does annotation paths, so a
// step run with working-directory: skills must still name
// skills/broken/SKILL.md, on stdout and in --output alike (the uri was
// broken/SKILL.md and the alerts pointed at no file).
func TestLintSARIFFromASubfolder(t *testing.T) {
	root := ciRepo(t)
	t.Chdir(filepath.Join(root, "skills"))
	file := filepath.Join(root, "out.sarif")
	_, out, _ := runCLI(t, "lint", "--format", "sarif", "--output", "sarif="+file, ".")
	written, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{"stdout": out, "--output": string(written)} {
		var log struct {
			Runs []struct {
				OriginalURIBaseIDs map[string]struct {
					URI string `json:"uri"`
				} `json:"originalUriBaseIds"`
				Results []struct {
					Locations []struct {
						PhysicalLocation struct {
							ArtifactLocation struct {
								URI       string `json:"uri"`
								URIBaseID string `json:"uriBaseId"`
							} `json:"artifactLocation"`
						} `json:"physicalLocation"`
					} `json:"locations"`
				} `json:"results"`
			} `json:"runs"`
		}
		if err := json.Unmarshal([]byte(data), &log); err != nil || len(log.Runs) != 1 || len(log.Runs[0].Results) == 0 {
			t.Fatalf("%s: %v\n%.400s", name, err, data)
		}
		run := log.Runs[0]
		for _, r := range run.Results {
			a := r.Locations[0].PhysicalLocation.ArtifactLocation
			if !strings.HasPrefix(a.URI, "skills/") || a.URIBaseID != "%SRCROOT%" {
				t.Errorf("%s: uri %q (base %q), want skills/… against %%SRCROOT%%", name, a.URI, a.URIBaseID)
			}
		}
		if got, want := run.OriginalURIBaseIDs["%SRCROOT%"].URI, "file://"+filepath.ToSlash(root)+"/"; got != want {
			t.Errorf("%s: %%SRCROOT%% is %q, want %q", name, got, want)
		}
	}
}

func TestLintFixDryRun(t *testing.T) {
	root := ciRepo(t)
	file := filepath.Join(root, "skills/broken/SKILL.md")
	before, _ := os.ReadFile(file)
	_, out, _ := runCLI(t, "lint", "--fix", "--dry-run", "skills")
	if !strings.Contains(out, "--- a/skills/broken/SKILL.md\n+++ b/skills/broken/SKILL.md\n") ||
		!strings.Contains(out, "-description: Use when: testing CI output\n+description:") {
		t.Errorf("no unified diff of the description fix:\n%s", out)
	}
	if after, _ := os.ReadFile(file); string(after) != string(before) {
		t.Error("--dry-run wrote the file")
	}
}

func TestLintBaseline(t *testing.T) {
	root := ciRepo(t)
	base := filepath.Join(root, "baseline.json")
	if code, _, errs := runCLI(t, "lint", "--write-baseline", base, "skills"); code != 0 || !strings.Contains(errs, "recorded") {
		t.Fatalf("write-baseline: exit %d %s", code, errs)
	}
	if code, out, _ := runCLI(t, "lint", "--baseline", base, "skills"); code != 0 || !strings.Contains(out, "0 errors, 0 warnings, 0 infos") {
		t.Errorf("nothing is new right after recording (exit %d):\n%s", code, out)
	}
	// Lines added above move every finding; a new broken link is the only new one.
	file := filepath.Join(root, "skills/broken/SKILL.md")
	text, _ := os.ReadFile(file)
	edited := strings.Replace(string(text), "# Broken\n", "# Broken\n\nIntro.\n\nMore.\n", 1) + "And [lost](lost.md).\n"
	os.WriteFile(file, []byte(edited), 0o644)
	code, out, _ := runCLI(t, "lint", "--baseline", base, "skills")
	if code != 0 || !strings.Contains(out, `"lost.md"`) || strings.Contains(out, `"nothing.md"`) || strings.Contains(out, "skillmd/name") {
		t.Errorf("want only the new link (exit %d):\n%s", code, out)
	}
	os.WriteFile(base, []byte("{"), 0o644)
	if code, _, errs := runCLI(t, "lint", "--baseline", base, "skills"); code != 2 || !strings.Contains(errs, "not a baseline file") {
		t.Errorf("a broken baseline: exit %d %s", code, errs)
	}
}

func TestProjectRoot(t *testing.T) {
	root := ciRepo(t)
	sub := filepath.Join(root, "skills", "clean")
	if got := projectRoot(sub, func(string) string { return "" }); got != root {
		t.Errorf("projectRoot = %s, want the .git folder %s", got, root)
	}
	if got := projectRoot(sub, func(string) string { return filepath.Join(root, "skills") }); got != filepath.Join(root, "skills") {
		t.Errorf("GITHUB_WORKSPACE wins when it holds the folder, got %s", got)
	}
}

// A diff header names a file as git does when the name holds a control,
// a quote or a backslash, so a newline in a name cannot start a line.
func TestGitQuote(t *testing.T) {
	for in, want := range map[string]string{
		"a/plain/SKILL.md":         "a/plain/SKILL.md",
		"a/c\nFORGED/SKILL.md":     `"a/c\nFORGED/SKILL.md"`,
		"a/q\"b\\s\x1b\x7f\t/x.md": `"a/q\"b\\s\033\177\t/x.md"`,
		"a/ünï/x.md":               "a/ünï/x.md",
	} {
		if got := gitQuote(in); got != want {
			t.Errorf("gitQuote(%q) = %s, want %s", in, got, want)
		}
	}
}
