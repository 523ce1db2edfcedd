package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeTree writes files (slash paths) under a new temp folder.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for rel, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func readText(t *testing.T, p string) string {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func colonSkill(name string) string {
	return "---\nname: " + name + "\ndescription: Use when: the " + name + " test runs\n---\n\n# Title\n\nSee [notes](references/notes.md).\n"
}

// lint --changed reads the whole tree but writes fixes only to the files
// named, and judges only the skills holding one.
func TestLintChangedFixesOnlyTheNamedFiles(t *testing.T) {
	isolateConfig(t)
	dir := writeTree(t, map[string]string{
		"skills/named/SKILL.md":              colonSkill("named"),
		"skills/named/references/notes.md":   "Notes.\n",
		"skills/other/SKILL.md":              colonSkill("other"),
		"skills/other/references/notes.md":   "Notes.\n",
		"skills/refonly/SKILL.md":            colonSkill("refonly"),
		"skills/refonly/references/notes.md": "Notes.\n",
		"skills/broken/SKILL.md":             "---\nname: Broken_Name\ndescription: A skill whose name breaks the rules.\n---\n\n# Broken\n",
	})
	t.Chdir(dir)
	code, out, errOut := runCLI(t, "lint", "--fix", "--changed", "skills/named/SKILL.md", "skills/refonly/references/notes.md", "notes.txt")
	if !strings.Contains(readText(t, "skills/named/SKILL.md"), `description: "Use when: the named test runs"`) {
		t.Errorf("the named file is not fixed:\n%s%s", out, errOut)
	}
	for _, p := range []string{"skills/other/SKILL.md", "skills/refonly/SKILL.md"} {
		if got, want := readText(t, p), colonSkill(filepath.Base(filepath.Dir(p))); got != want {
			t.Errorf("%s was written though --changed did not name it:\n%s", p, got)
		}
	}
	// refonly is judged (its reference changed) but its SKILL.md is not
	// fixed: the error stays and fails the run, with the reason said.
	if code != 1 || !strings.Contains(out, filepath.Join("skills", "refonly", "SKILL.md")+":3:") {
		t.Errorf("exit %d: the named reference's skill must be judged\n%s%s", code, out, errOut)
	}
	if !strings.Contains(errOut, "not fixed "+filepath.Join("skills", "refonly", "SKILL.md")+":3: skillmd/description-colon: the fix edits a file not among the changed files") {
		t.Errorf("the fix left out is not said:\n%s", errOut)
	}
	// The others' findings are left out of the report, and counted.
	if strings.Contains(out, "other") || strings.Contains(out, "broken") {
		t.Errorf("skills --changed did not name are reported:\n%s", out)
	}
	if !strings.Contains(errOut, "not judged: 2 findings at --fail-on or above") {
		t.Errorf("the findings left out are not counted:\n%s", errOut)
	}

	// A change that holds no skill file passes, whatever the tree holds.
	if code, out, errOut := runCLI(t, "lint", "--changed", "notes.txt"); code != 0 {
		t.Errorf("exit %d for a change that holds no skill\n%s%s", code, out, errOut)
	}
	// --dry-run shows only the named files' fixes.
	_, out, _ = runCLI(t, "lint", "--fix", "--dry-run", "--changed", "skills/other/references/notes.md")
	if !strings.Contains(out, "# nothing to fix") {
		t.Errorf("--dry-run --changed shows a fix to a file not named:\n%s", out)
	}
	_, out, _ = runCLI(t, "lint", "--fix", "--dry-run", "--changed", "skills/other/SKILL.md")
	if !strings.Contains(out, "+++ b/skills/other/SKILL.md") || strings.Contains(out, "refonly") {
		t.Errorf("--dry-run --changed:\n%s", out)
	}
}

func xgsSkill(name, ns string) string {
	return "// ==XGooseSkill==\n// @name " + name + "\n// @namespace " + ns + "\n// @version 1.0.0\n// @description Answers a ping for the changed-files test.\n// @match *://example.org/*\n// @primary ping\n// ==/XGooseSkill==\n" +
		"import { defineSkill, fn } from \"@xgoose/skill\";\nimport { z } from \"zod\";\nexport default defineSkill({\n  ping: fn({\n    summary: \"Returns { ok: true } when the site answers.\",\n    input: z.object({}),\n    output: z.object({ ok: z.boolean() }),\n    examples: [{ args: {} }],\n    handler: async () => ({ ok: (await fetch(\"/\")).ok }),\n  }),\n});\n"
}

// Library rules still see the whole tree: a changed skill whose name an
// unchanged one already uses is judged for it. An .xgs.js skill is its
// one file: another file in its folder does not make it changed.
func TestLintChangedKeepsLibraryRules(t *testing.T) {
	isolateConfig(t)
	dir := writeTree(t, map[string]string{
		"skills/a.xgs.js": xgsSkill("twin", "twina"),
		"skills/b.xgs.js": xgsSkill("twin", "twinb"),
	})
	t.Chdir(dir)
	code, out, errOut := runCLI(t, "lint", "--fail-on", "info", "--changed", filepath.Join("skills", "b.xgs.js"))
	if code != 1 || !strings.Contains(out, "b.xgs.js:2:") || !strings.Contains(out, "library/duplicate-name") || strings.Contains(out, "a.xgs.js:2:") {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
}

// An OS Loop package's manifest.json in the change makes the package
// judged; the index entry that disagrees with it is fixed only when the
// index is in the change too.
func TestLintChangedOSLoopIndex(t *testing.T) {
	isolateConfig(t)
	dir := copyTree(t, filepath.Join("testdata", "lint", "clean", "osloop"))
	t.Chdir(dir)
	manifest := filepath.Join("skills", "word-count", "manifest.json")
	index := filepath.Join("skills", "index.json")
	m := readText(t, manifest)
	if err := os.WriteFile(manifest, []byte(strings.Replace(m, `"version": "1.0.0"`, `"version": "1.1.0"`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	before := readText(t, index)
	_, out, errOut := runCLI(t, "lint", "--fix", "--changed", manifest)
	if readText(t, index) != before {
		t.Errorf("index.json was written though --changed named only the manifest:\n%s%s", out, errOut)
	}
	if !strings.Contains(out, "osloop/index-mismatch") || !strings.Contains(errOut, "not fixed "+index) {
		t.Errorf("the package is not judged, or the fix left out not said:\n%s%s", out, errOut)
	}
	runCLI(t, "lint", "--fix", "--changed", manifest, index)
	if !strings.Contains(readText(t, index), `"version": "1.1.0"`) {
		t.Errorf("index.json named too is not fixed:\n%s", readText(t, index))
	}
}

func TestLintChangedUsage(t *testing.T) {
	isolateConfig(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"lint", "--tree", "skills"}, "--tree goes with --changed"},
		{[]string{"lint", "--changed", "--write-baseline", filepath.Join(t.TempDir(), "b.json"), "x"}, "without --changed"},
	} {
		code, _, errOut := runCLI(t, tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d\n%s", tc.args, code, errOut)
		}
	}
}

// --tree is the folder read whole; the changed files are named from the
// working folder, as pre-commit passes them.
func TestLintChangedTree(t *testing.T) {
	inChangedTree(t)
	code, out, errOut := runCLI(t, "lint", "--fix", "--changed", "--tree", "skills", "skills/named/SKILL.md", "other/x/SKILL.md")
	if code != 0 || !strings.Contains(readText(t, "skills/named/SKILL.md"), `"Use when: the named test runs"`) {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
	if readText(t, "other/x/SKILL.md") != colonSkill("x") {
		t.Error("a file outside --tree was fixed")
	}
}

// A named file lint --changed cannot judge is said on stderr, so a typo
// or a path outside the tree is not taken for a clean commit; a deleted
// file (git diff --name-only lists those) is a note, not a failure.
func TestLintChangedNamesWhatItCannotJudge(t *testing.T) {
	inChangedTree(t)
	code, out, errOut := runCLI(t, "lint", "--changed", "--tree", "skills", "skills/gone/SKILL.md", "other/x/SKILL.md", "skills/named/references/notes.md")
	if code != 1 {
		t.Errorf("exit %d, want 1 (the named skill's error)\n%s%s", code, out, errOut)
	}
	for _, want := range []string{
		"skills/gone/SKILL.md: not judged: no such file",
		"other/x/SKILL.md: not judged: outside the tree read (--tree skills)",
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	if strings.Contains(errOut, "notes.md: not judged") {
		t.Errorf("a file in the tree was called unjudged:\n%s", errOut)
	}
}

// inChangedTree works in a fresh tree of a skill under skills/ (with a
// reference) and one under other/, both with a fixable colon finding.
func inChangedTree(t *testing.T) {
	t.Helper()
	isolateConfig(t)
	t.Chdir(writeTree(t, map[string]string{
		"skills/named/SKILL.md":            colonSkill("named"),
		"skills/named/references/notes.md": "Notes.\n",
		"other/x/SKILL.md":                 colonSkill("x"),
	}))
}
