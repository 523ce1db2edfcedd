package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// brokenXGS is an .xgs.js skill whose name breaks xgs/name (an error).
const brokenXGS = "// ==XGooseSkill==\n// @name Bad Name\n// @namespace bad-name\n// @version 1.0\n// @description A skill with a broken name for the owner walk.\n// ==/XGooseSkill==\n\nimport { defineSkill, fn } from \"@xgoose/skill\";\nimport { z } from \"zod\";\nimport { fmt } from \"./lib/fmt.js\";\n\nexport default defineSkill({\n  hello: fn({\n    summary: \"Say hello to someone by name\",\n    input: z.object({ who: z.string().describe(\"the name to greet\") }),\n    handler: async ({ who }) => fmt(who),\n  }),\n});\n"

// A helper an .xgs.js skill imports is that skill's: a commit of the
// helper alone judges the skill beside it (an .xgs.js skill was judged
// only when its own file changed).
func TestLintChangedXGSHelperJudgesItsSkill(t *testing.T) {
	isolateConfig(t)
	t.Chdir(writeTree(t, map[string]string{
		"xgs/bad.xgs.js":    brokenXGS,
		"xgs/lib/fmt.js":    "export const fmt = (s) => `hello ${s}`;\n",
		"other/ok/SKILL.md": "---\nname: ok\ndescription: A clean skill elsewhere, with nothing to report.\n---\n\n# Ok\n",
	}))
	code, out, errOut := runCLI(t, "lint", "--changed", "xgs/lib/fmt.js")
	if code != 1 || !strings.Contains(out, "xgs/bad.xgs.js") {
		t.Errorf("a changed helper must judge the .xgs.js skill importing it: exit %d\n%s%s", code, out, errOut)
	}
	// Deleted, the helper still judges it (its folder is gone, its
	// owner is not).
	if err := os.RemoveAll("xgs/lib"); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := runCLI(t, "lint", "--changed", "xgs/lib/fmt.js"); code != 1 || !strings.Contains(out, "xgs/bad.xgs.js") {
		t.Errorf("a deleted helper must judge its skill: exit %d\n%s%s", code, out, errOut)
	}
}

// A change no skill owns (a repository's src/) judges nothing and does
// not read the tree: the broken skill elsewhere is not even counted.
func TestLintChangedNoSkillFileReadsNothing(t *testing.T) {
	isolateConfig(t)
	t.Chdir(writeTree(t, map[string]string{
		"skills/broken/SKILL.md": "---\nname: Broken_Name\ndescription: A skill whose name breaks the rules.\n---\n\n# Broken\n",
		"src/main.go":            "package main\n",
		"docs/guide.md":          "# Guide\n",
	}))
	for _, format := range []string{"text", "json"} {
		code, out, errOut := runCLI(t, "lint", "--format", format, "--changed", "src/main.go", "docs/guide.md")
		if code != 0 || !strings.Contains(errOut, "nothing to judge") || strings.Contains(errOut, "not judged: 1") {
			t.Errorf("%s: exit %d\n%s%s", format, code, out, errOut)
		}
		if format == "json" && !strings.HasPrefix(strings.TrimSpace(out), "{") {
			t.Errorf("--format json must still print a report:\n%s", out)
		}
	}
	// With --tree, pre-commit's every file outside it is no typo to name.
	if code, out, errOut := runCLI(t, "lint", "--changed", "--tree", "skills", "src/main.go"); code != 0 || strings.Contains(errOut, "src/main.go") {
		t.Errorf("a source file outside --tree is named as unjudged: exit %d\n%s%s", code, out, errOut)
	}
	// A skill's script or any file of its folder is the skill's.
	if err := os.MkdirAll("skills/broken/scripts", 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile("skills/broken/scripts/run.sh", []byte("echo hi\n"), 0o644)
	if code, out, errOut := runCLI(t, "lint", "--changed", "skills/broken/scripts/run.sh"); code != 1 || !strings.Contains(out, "skills/broken/SKILL.md") {
		t.Errorf("a script must judge its skill: exit %d\n%s%s", code, out, errOut)
	}
}

// --staged adds the files git's index deletes, which pre-commit never
// passes: a reference deleted and a script renamed away judge the skill
// whose links now break; with nothing staged there is nothing to judge.
func TestLintChangedStagedDeletions(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	isolateConfig(t)
	skill := "---\nname: linked\ndescription: A skill linking a reference and a script it runs.\n---\n\n# Linked\n\nRead [the notes](references/notes.md), then run [the script](scripts/run.sh).\n"
	dir := writeTree(t, map[string]string{
		"skills/linked/SKILL.md":            skill,
		"skills/linked/references/notes.md": "Notes.\n",
		"skills/linked/scripts/run.sh":      "echo run\n",
		"src/main.go":                       "package main\n",
	})
	t.Chdir(dir)
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q")
	git("add", ".")
	git("commit", "-qm", "skills")
	if code, out, errOut := runCLI(t, "lint", "--strict", "--changed", "--staged"); code != 0 || !strings.Contains(errOut, "nothing to judge") {
		t.Errorf("nothing staged: exit %d\n%s%s", code, out, errOut)
	}
	git("rm", "-q", "skills/linked/references/notes.md")
	code, out, errOut := runCLI(t, "lint", "--strict", "--changed", "--staged")
	if code != 1 || !strings.Contains(out, "skills/linked/SKILL.md:8:") || !strings.Contains(out, "skillmd/link") {
		t.Errorf("a deleted reference must judge its skill: exit %d\n%s%s", code, out, errOut)
	}
	git("reset", "-q", "--hard")
	git("mv", "skills/linked/scripts/run.sh", "skills/linked/scripts/go.sh")
	if code, out, errOut := runCLI(t, "lint", "--strict", "--changed", "--staged"); code != 1 || !strings.Contains(out, "scripts/run.sh") {
		t.Errorf("a script renamed away must judge its skill: exit %d\n%s%s", code, out, errOut)
	}
	// A name with a space and non-ASCII letters comes back from git as
	// written (-z: not quoted), and judges its skill.
	git("reset", "-q", "--hard")
	os.WriteFile("skills/linked/références x.md", []byte("Notes.\n"), 0o644)
	git("add", ".")
	git("commit", "-qm", "odd name")
	git("rm", "-q", "skills/linked/références x.md")
	if code, out, errOut := runCLI(t, "lint", "--changed", "--staged"); code != 0 || !strings.Contains(out, "in 1 skill") || strings.Contains(errOut, "nothing to judge") {
		t.Errorf("a deleted file with a space and non-ASCII name must judge its skill: exit %d\n%s%s", code, out, errOut)
	}
	// Outside git, --staged says why it cannot work.
	t.Chdir(t.TempDir())
	t.Setenv("GIT_CEILING_DIRECTORIES", filepath.Dir(mustGetwd(t)))
	if code, _, errOut := runCLI(t, "lint", "--changed", "--staged"); code != 2 || !strings.Contains(errOut, "--staged asks git") {
		t.Errorf("outside git: exit %d\n%s", code, errOut)
	}
	if code, _, errOut := runCLI(t, "lint", "--staged"); code != 2 || !strings.Contains(errOut, "--staged goes with --changed") {
		t.Errorf("--staged alone: exit %d\n%s", code, errOut)
	}
}

func mustGetwd(t *testing.T) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return wd
}

// A checkout's .git/config must not choose a program lint --staged runs.
// A partial clone missing a tree fetches it from its promisor remote, and
// the fetch runs the repository's core.sshCommand; diff.external,
// core.pager, core.fsmonitor and hooks (core.hooksPath) must not run
// either. Red team 21.
func TestLintStagedRunsNothingTheRepositoryNames(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	if runtime.GOOS == "windows" {
		t.Skip("the planted commands are sh scripts")
	}
	isolateConfig(t)
	dir := writeTree(t, map[string]string{
		"skills/a/SKILL.md":          "---\nname: a\ndescription: A skill whose reference the commit deletes.\n---\n\nBody.\n",
		"skills/a/references/old.md": "Old.\n",
	})
	t.Chdir(dir)
	git := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	git("init", "-q")
	git("add", ".")
	git("commit", "-qm", "skills")
	git("rm", "-q", "skills/a/references/old.md")

	marks := t.TempDir()
	planted := func(name string) string {
		return "touch '" + filepath.Join(marks, name) + "'; false"
	}
	hooks := t.TempDir()
	for _, h := range []string{"post-index-change", "reference-transaction", "pre-auto-gc"} {
		os.WriteFile(filepath.Join(hooks, h), []byte("#!/bin/sh\n"+planted(h)+"\n"), 0o755)
	}
	for k, v := range map[string]string{
		"core.hooksPath": hooks, "core.fsmonitor": planted("fsmonitor"),
		"diff.external": planted("external"), "core.pager": planted("pager"),
		"gc.auto": "1",
	} {
		git("config", k, v)
	}
	if code, out, errOut := runCLI(t, "lint", "--changed", "--staged"); code != 0 || !strings.Contains(out, "in 1 skill") {
		t.Errorf("a complete checkout: exit %d\n%s%s", code, out, errOut)
	}

	// Make it a partial clone that lacks the deleted file's tree: reading
	// HEAD now needs a fetch, whose ssh the repository names.
	tree := git("rev-parse", "HEAD:skills/a/references")
	if err := os.Remove(filepath.Join(".git", "objects", tree[:2], tree[2:])); err != nil {
		t.Fatal(err)
	}
	for k, v := range map[string]string{
		"core.repositoryformatversion": "1", "extensions.partialClone": "origin",
		"remote.origin.url": "ssh://example.invalid/x", "remote.origin.promisor": "true",
		"core.sshCommand": planted("ssh"), "protocol.ssh.allow": "always",
	} {
		git("config", k, v)
	}
	code, out, errOut := runCLI(t, "lint", "--changed", "--staged")
	if code != 2 || !strings.Contains(errOut, "--staged asks git") || !strings.Contains(errOut, "fatal:") {
		t.Errorf("a partial clone missing a tree: want git's error, exit %d\n%s%s", code, out, errOut)
	}
	entries, _ := os.ReadDir(marks)
	for _, e := range entries {
		t.Errorf("lint --staged ran the repository's %s command", e.Name())
	}
}

// pre-commit appends the commit's files to the hook's command with no
// "--" before them: a file named like a flag must stay a file name, or a
// commit holding `--fix` turns the lint hook into the fix hook and one
// holding `--output=json=victim` overwrites a file. The hook's own flags,
// which name no file, stay flags. Red team 21.
func TestLintChangedFileNamedLikeAFlagIsAFile(t *testing.T) {
	isolateConfig(t)
	bad := "---\nname: Bad Name\ndescription: A skill whose name the fix hook would rewrite.\n---\n\nBody.\n"
	t.Chdir(writeTree(t, map[string]string{
		"skills/a/SKILL.md":    bad,
		"victim":               "keep\n",
		"--fix":                "",
		"--output=json=victim": "",
		"--tree=..":            "",
		"skills/a/--strict":    "",
	}))
	code, out, errOut := runCLI(t, "lint", "--changed", "--fail-on", "warning",
		"--fix", "--output=json=victim", "--tree=..", "skills/a/--strict", "skills/a/SKILL.md")
	if code != 1 || !strings.Contains(out, "skills/a/SKILL.md:2:") {
		t.Errorf("the skill must be judged in the tree, failing: exit %d\n%s%s", code, out, errOut)
	}
	if b, _ := os.ReadFile("victim"); string(b) != "keep\n" {
		t.Errorf("a file named --output=… wrote the report over victim: %q", b)
	}
	if b, _ := os.ReadFile("skills/a/SKILL.md"); string(b) != bad {
		t.Errorf("a file named --fix made the lint hook fix:\n%s", b)
	}
	// Without --changed, arguments are read as ever.
	if got := changedFileArgs([]string{"lint", "--fix", "x"}); got[1] != "--fix" {
		t.Errorf("lint without --changed: %q", got)
	}
}
