package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestActionlint checks action.yml and the example workflow with the
// pinned actionlint (go.mod's tool block): the workflow uses the Action
// as ./, so its inputs are checked against action.yml too.
func TestActionlint(t *testing.T) {
	if testing.Short() {
		t.Skip("actionlint is built from source: skipped in -short mode")
	}
	out, err := exec.Command("go", "tool", "actionlint", "-no-color", filepath.Join(".github", "workflows", "skills.yml")).CombinedOutput()
	if err != nil {
		t.Fatalf("actionlint: %v\n%s", err, out)
	}
}

// gitRepo makes a git repository in a temp folder with files and one
// commit.
func gitRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for rel, text := range files {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "skills"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	return dir
}

const (
	cleanSkill  = "---\nname: clean\ndescription: A clean skill for the pre-commit test, with nothing to report.\n---\n\n# Clean\n\nNothing to see.\n"
	brokenSkill = "---\nname: Broken_Skill\ndescription: Use when: testing pre-commit hooks\n---\n\n# Broken\n\nText.\n"
)

// TestPreCommitHooks runs .pre-commit-hooks.yaml with the real pre-commit
// client on repositories of skills. The hooks' repository is a snapshot of
// this one (uncommitted changes included, as try-repo takes them) at one
// commit, named by a config outside the skill repositories: pre-commit
// builds skillstudio with `go install`, as its golang language does, once
// for every run (try-repo would snapshot and build again at each).
func TestPreCommitHooks(t *testing.T) {
	if testing.Short() {
		t.Skip("pre-commit builds skillstudio from a clone: skipped in -short mode")
	}
	if _, err := exec.LookPath("pre-commit"); err != nil {
		t.Skip("pre-commit is not installed: this test needs the real client (apt-get install pre-commit)")
	}
	if out, err := exec.Command("pre-commit", "validate-manifest", ".pre-commit-hooks.yaml").CombinedOutput(); err != nil {
		t.Fatalf("validate-manifest: %v\n%s", err, out)
	}
	// The module and build caches are the developer's, so no module is
	// downloaded twice.
	home := t.TempDir()
	env := append(os.Environ(), "PRE_COMMIT_HOME="+home, "GOFLAGS=-buildvcs=false")
	for _, v := range []string{"GOMODCACHE", "GOCACHE"} {
		out, err := exec.Command("go", "env", v).Output()
		if err != nil {
			t.Fatal(err)
		}
		env = append(env, v+"="+strings.TrimSpace(string(out)))
	}
	self, rev := snapshot(t)
	config := filepath.Join(t.TempDir(), "pre-commit-config.yaml")
	if err := os.WriteFile(config, []byte("repos:\n  - repo: "+self+"\n    rev: \""+rev+"\"\n    hooks:\n      - id: skillstudio-lint\n      - id: skillstudio-fix\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// hook runs one hook in repo; more is --all-files or nothing (the
	// staged files, with unstaged edits stashed).
	hook := func(repo, id string, more ...string) (string, error) {
		cmd := exec.Command("pre-commit", append([]string{"run", "-c", config, "--verbose", id}, more...)...)
		cmd.Dir, cmd.Env = repo, env
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	try := func(repo, id string) (string, error) { return hook(repo, id, "--all-files") }

	clean := gitRepo(t, map[string]string{"skills/clean/SKILL.md": cleanSkill})
	if out, err := try(clean, "skillstudio-lint"); err != nil {
		t.Fatalf("the lint hook fails a clean repository: %v\n%s", err, out)
	}

	broken := gitRepo(t, map[string]string{"skills/clean/SKILL.md": cleanSkill, "skills/broken/SKILL.md": brokenSkill})
	out, err := try(broken, "skillstudio-lint")
	if err == nil || !strings.Contains(out, "skillmd/name") {
		t.Fatalf("the lint hook passes a broken skill: %v\n%s", err, out)
	}

	// A repository that keeps broken skills as test fixtures leaves them
	// out with the project config's exclude: the hook passes.
	fixtures := gitRepo(t, map[string]string{
		"skills/clean/SKILL.md":          cleanSkill,
		"tests/fixtures/broken/SKILL.md": brokenSkill,
		".skillstudio.yaml":              "exclude:\n  - tests/fixtures/\n",
	})
	if out, err := try(fixtures, "skillstudio-lint"); err != nil {
		t.Errorf("the lint hook fails on fixtures the config excludes: %v\n%s", err, out)
	}

	out, err = try(broken, "skillstudio-fix")
	if err == nil {
		t.Errorf("the fix hook must still fail on the name it cannot fix:\n%s", out)
	}
	fixed, _ := os.ReadFile(filepath.Join(broken, "skills", "broken", "SKILL.md"))
	if !strings.Contains(string(fixed), `description: "Use when: testing pre-commit hooks"`) {
		t.Errorf("the fix hook did not quote the description:\n%s\n%s", fixed, out)
	}

	// A commit as a user makes it: one fixable skill staged; beside it an
	// unstaged edit that makes a tracked skill fixable, an untracked
	// fixable skill, and skills committed long ago with a fixable and an
	// unfixable error. pre-commit stashes the unstaged edit and passes the
	// hooks the staged files only: the fix hook fixes the staged skill
	// alone and fails the commit with "files were modified by this hook";
	// the stashed edit comes back as it was, the untracked and the old
	// skills are not written. Staging the fix then passes, the old errors
	// being no part of the commit.
	staged := gitRepo(t, map[string]string{
		"skills/clean/SKILL.md":  cleanSkill,
		"skills/old/SKILL.md":    oldFixableSkill,
		"skills/broken/SKILL.md": brokenSkill,
	})
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = staged
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	write := func(rel, text string) {
		t.Helper()
		p := filepath.Join(staged, rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	read := func(rel string) string {
		data, _ := os.ReadFile(filepath.Join(staged, rel))
		return string(data)
	}
	write("skills/fixable/SKILL.md", fixableSkill)
	git("add", "skills/fixable/SKILL.md")
	unstaged := strings.Replace(cleanSkill, "description: A clean skill", "description: Use when: a clean skill", 1)
	write("skills/clean/SKILL.md", unstaged)
	untracked := strings.Replace(fixableSkill, "name: fixable", "name: untracked", 1)
	write("skills/untracked/SKILL.md", untracked)
	write("notes.txt", "untracked\n")
	run := func() (string, error) { return hook(staged, "skillstudio-fix") }
	out, err = run()
	if err == nil || !strings.Contains(out, "files were modified by this hook") {
		t.Fatalf("a fix to a staged skill must fail the commit as pre-commit's \"files were modified\": %v\n%s", err, out)
	}
	if data := read("skills/fixable/SKILL.md"); !strings.Contains(data, `description: "Use when: a hook fixes it"`) {
		t.Errorf("the fix is not in the working tree:\n%s", data)
	}
	for rel, want := range map[string]string{
		"skills/clean/SKILL.md":     unstaged,
		"skills/untracked/SKILL.md": untracked,
		"skills/old/SKILL.md":       oldFixableSkill,
		"skills/broken/SKILL.md":    brokenSkill,
	} {
		if got := read(rel); got != want {
			t.Errorf("the fix hook wrote %s, which the commit does not hold:\n%s\n%s", rel, got, out)
		}
	}
	git("add", "skills/fixable/SKILL.md")
	if out, err := run(); err != nil {
		t.Errorf("the staged fix must pass: %v\n%s", err, out)
	}
	if out, err := hook(staged, "skillstudio-lint"); err != nil || !strings.Contains(out, "not judged: ") {
		t.Errorf("the lint hook must judge the commit's skill, not the old ones, and say it left them: %v\n%s", err, out)
	}
	// A commit of no skill passes the lint hook, old errors or not: a
	// file no skill owns (Markdown or Go) judges nothing and the tree is
	// not read.
	git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "fixable", "--no-verify")
	write("docs/guide.md", "# Guide\n")
	git("add", "docs/guide.md")
	if out, err := hook(staged, "skillstudio-lint"); err != nil {
		t.Errorf("the lint hook fails a commit of no skill: %v\n%s", err, out)
	}
	git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "guide", "--no-verify")
	write("main.go", "package main\n")
	git("add", "main.go")
	if out, err := hook(staged, "skillstudio-lint"); err != nil || !strings.Contains(out, "nothing to judge") {
		t.Errorf("the lint hook must judge nothing in a commit no skill owns a file of: %v\n%s", err, out)
	}

	t.Run("formats", func(t *testing.T) { preCommitFormats(t, hook, env, self, rev) })
}

// preCommitFormats stages changes of each format, one commit at a time,
// in a repository holding the examples library (broken skills included,
// which the hook leaves alone: no commit touches them), and runs the lint
// hook on the staged files as a commit does.
func preCommitFormats(t *testing.T, hook func(repo, id string, more ...string) (string, error), env []string, self, rev string) {
	files := map[string]string{}
	err := filepath.WalkDir(filepath.Join("examples", "library"), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(filepath.Join("examples", "library"), p)
		files[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	repo := gitRepo(t, files)
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = repo
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	write := func(rel, text string) {
		t.Helper()
		p := filepath.Join(repo, filepath.FromSlash(rel))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	reset := func() { git("reset", "-q", "--hard", "HEAD"); git("clean", "-fdq") }
	module := "osloop/skills/currency-converter/module.ts"
	brokenXgs := files["xgs/broken-weather.xgs.js"]
	for _, tc := range []struct {
		name  string
		stage func()
		// pass is whether the hook passes; want is in its output.
		pass bool
		want []string
	}{
		{"module.ts alone", func() {
			// An OS Loop package whose module.ts alone changed: the files:
			// pattern left module.ts out and the hook was skipped.
			write(module, strings.Replace(files[module], "export async function execute", "async function execute", 1))
			git("add", module)
		}, false, []string{module + ":1:1", "osloop/execute-export"}},
		{"xgs with a space and non-ASCII name", func() {
			write("xgs/wétter neu.xgs.js", brokenXgs)
			git("add", ".")
		}, false, []string{"xgs/wétter neu.xgs.js:2:10", "xgs/name"}},
		{"SKILL.md with a space and non-ASCII name", func() {
			write("skills/mein skill/SKILL.md", brokenSkill)
			write("skills/mein skill/référence.md", "# Ref\n")
			git("add", ".")
		}, false, []string{"skills/mein skill/SKILL.md:2:7", "skills/mein skill/SKILL.md:3:14"}},
		{"a skill renamed with its name", func() {
			git("mv", "skills/release-notes", "skills/changelog-notes")
			p := "skills/changelog-notes/SKILL.md"
			data, _ := os.ReadFile(filepath.Join(repo, p))
			write(p, strings.Replace(string(data), "name: release-notes", "name: changelog-notes", 1))
			git("add", p)
		}, true, nil},
		{"a skill's folder renamed without its name", func() {
			git("mv", "skills/release-notes", "skills/release-notes-v2")
		}, false, []string{"skills/release-notes-v2/SKILL.md:2:7", "skillmd/name-dir"}},
		{"a reference renamed, its link left", func() {
			// The renamed file judges its skill: the broken link is named
			// (a warning: the commit passes at the default --fail-on).
			git("mv", "skills/release-notes/references/commit-types.md", "skills/release-notes/references/types.md")
		}, true, []string{"skills/release-notes/SKILL.md:", "skillmd/link"}},
		{"a broken skill renamed is judged at its new path", func() {
			git("mv", "skills/broken-onboarding", "skills/onboarding-old")
		}, false, []string{"skills/onboarding-old/SKILL.md:"}},
		{"a skill deleted", func() {
			git("rm", "-rq", "skills/secrets-handling")
		}, true, nil},
		// Files only a skill's folder holds: pre-commit's files: pattern
		// left them out, and a deletion it never passes at all.
		{"a script alone", func() {
			write("skills/release-notes/scripts/collect-commits.sh", files["skills/release-notes/scripts/collect-commits.sh"]+"# tuned\n")
			git("add", ".")
		}, true, []string{"skills/release-notes/SKILL.md:", "in 1 skill"}},
		{"a reference alone", func() {
			write("skills/release-notes/references/commit-types.md", "# Types\n\n```\nnever closed\n")
			git("add", ".")
		}, true, []string{"skills/release-notes/references/commit-types.md:3:1", "skillmd/unclosed-fence"}},
		{"a reference deleted", func() {
			git("rm", "-q", "skills/release-notes/references/commit-types.md")
		}, true, []string{"skills/release-notes/SKILL.md:", "skillmd/link"}},
		{"a script renamed", func() {
			git("mv", "skills/release-notes/scripts/collect-commits.sh", "skills/release-notes/scripts/collect.sh")
		}, true, []string{"skills/release-notes/scripts/collect.sh:1:1", "skillmd/unreferenced-file"}},
		{"an asset with a space and non-ASCII name", func() {
			write("skills/release-notes/assets/modèle neu.md", "# Modèle\n")
			git("add", ".")
		}, true, []string{"skills/release-notes/assets/modèle neu.md:1:1", "skillmd/unreferenced-file"}},
		{"an OS Loop package's other file", func() {
			write("osloop/skills/broken-feed-reader/notes.txt", "notes\n")
			git("add", ".")
		}, false, []string{"osloop/skills/broken-feed-reader/"}},
		{"an .xgs.js skill's helper", func() {
			write("xgs/lib/format.js", "export const format = (s) => s;\n")
			git("add", ".")
		}, false, []string{"xgs/broken-weather.xgs.js:2:10"}},
		{"files no skill owns", func() {
			write("src/main.go", "package main\n")
			write("src/app.ts", "export {};\n")
			git("add", ".")
		}, true, []string{"nothing to judge"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			reset()
			tc.stage()
			out, err := hook(repo, "skillstudio-lint")
			if (err == nil) != tc.pass {
				t.Errorf("the hook: %v, want passing %v\n%s", err, tc.pass, out)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("the hook's output does not name %q:\n%s", w, out)
				}
			}
		})
	}

	// --all-files judges every skill: the broken examples fail it, each
	// named by file:line:col.
	reset()
	out, err := hook(repo, "skillstudio-lint", "--all-files")
	if err == nil || !strings.Contains(out, "xgs/broken-weather.xgs.js:2:10") || !strings.Contains(out, "osloop/skills/broken-feed-reader/") {
		t.Errorf("--all-files: %v\n%s", err, out)
	}

	// A user's files:/exclude: narrow the hook's own pattern: a broken
	// skill under legacy/ is left out, one beside it is judged.
	narrowed := filepath.Join(t.TempDir(), "narrowed.yaml")
	if err := os.WriteFile(narrowed, []byte("repos:\n  - repo: "+self+"\n    rev: \""+rev+"\"\n    hooks:\n      - id: skillstudio-lint\n        files: ^skills/\n        exclude: ^skills/legacy/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func() (string, error) {
		cmd := exec.Command("pre-commit", "run", "-c", narrowed, "--verbose", "skillstudio-lint")
		cmd.Dir, cmd.Env = repo, env
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	reset()
	write("skills/legacy/old/SKILL.md", brokenSkill)
	write("elsewhere/x/SKILL.md", brokenSkill)
	git("add", ".")
	if out, err := run(); err != nil {
		t.Errorf("files:/exclude: leave both broken skills out, yet the hook failed: %v\n%s", err, out)
	}
	write("skills/new/SKILL.md", brokenSkill)
	git("add", ".")
	if out, err := run(); err == nil || !strings.Contains(out, "skills/new/SKILL.md:2:7") || strings.Contains(out, "skills/legacy/old/SKILL.md:") {
		t.Errorf("files:/exclude: the hook must judge skills/new alone: %v\n%s", err, out)
	}
}

// snapshot commits this checkout's files (tracked and untracked, not
// ignored, as they are now) to a new repository, and returns it and the
// commit.
func snapshot(t *testing.T) (dir, rev string) {
	t.Helper()
	out, err := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard").Output()
	if err != nil {
		t.Skipf("not a git checkout: %v", err)
	}
	dir = t.TempDir()
	for _, rel := range strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00") {
		info, err := os.Lstat(rel)
		if os.IsNotExist(err) {
			continue // deleted, not yet staged
		}
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if info.Mode()&os.ModeSymlink != 0 { // fixtures hold links
			target, err := os.Readlink(rel)
			if err == nil {
				err = os.Symlink(target, p)
			}
			if err != nil {
				t.Fatal(err)
			}
			continue
		}
		data, err := os.ReadFile(rel)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, info.Mode().Perm()); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "snapshot"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	cmd := exec.Command("git", "rev-parse", "HEAD")
	cmd.Dir = dir
	head, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	return dir, strings.TrimSpace(string(head))
}

const (
	fixableSkill    = "---\nname: fixable\ndescription: Use when: a hook fixes it\n---\n\n# Fixable\n\nText.\n"
	oldFixableSkill = "---\nname: old\ndescription: Use when: it was committed before the hook\n---\n\n# Old\n\nText.\n"
)

// TestReadmePreCommitConfig checks the README's .pre-commit-config.yaml
// with the real client: it must validate, and without pre-commit's
// warning that a branch name as rev is "never updated after first
// install and not supported".
func TestReadmePreCommitConfig(t *testing.T) {
	if _, err := exec.LookPath("pre-commit"); err != nil {
		t.Skip("pre-commit is not installed: this test needs the real client (apt-get install pre-commit)")
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(readme), "```yaml\n# .pre-commit-config.yaml\n")
	block, _, ok2 := strings.Cut(after, "```")
	if !ok || !ok2 {
		t.Fatal("README.md has no ```yaml block starting # .pre-commit-config.yaml")
	}
	p := filepath.Join(t.TempDir(), ".pre-commit-config.yaml")
	if err := os.WriteFile(p, []byte(block), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("pre-commit", "validate-config", p)
	cmd.Env = append(os.Environ(), "PRE_COMMIT_HOME="+t.TempDir())
	out, err := cmd.CombinedOutput()
	if err != nil || strings.Contains(string(out), "WARNING") {
		t.Errorf("pre-commit validate-config on the README's config: %v\n%s", err, out)
	}
}
