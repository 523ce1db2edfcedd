package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// exclusionRepo is a project whose skills are clean but which keeps
// deliberately broken skills as test fixtures and an untracked scratch
// folder: what exclude: is for.
func exclusionRepo(t *testing.T) string {
	t.Helper()
	repo := t.TempDir()
	if err := os.CopyFS(filepath.Join(repo, "skills"), os.DirFS("testdata/lint/clean")); err != nil {
		t.Fatal(err)
	}
	if err := os.CopyFS(filepath.Join(repo, "tests", "fixtures"), os.DirFS("testdata/lint/broken")); err != nil {
		t.Fatal(err)
	}
	if err := os.CopyFS(filepath.Join(repo, "scratch"), os.DirFS("testdata/lint/broken/skillmd")); err != nil {
		t.Fatal(err)
	}
	return repo
}

func TestLintExcludeFixtures(t *testing.T) {
	isolateConfig(t)
	repo := exclusionRepo(t)
	t.Chdir(repo)
	if code, out, _ := runCLI(t, "lint", "."); code != 1 {
		t.Fatalf("without exclude: exit %d, want 1 (the fixtures are broken)\n%s", code, out)
	}
	os.WriteFile(filepath.Join(repo, ".skillstudio.yaml"), []byte("exclude:\n  - fixtures/\n  - nothing-matches/**\n"), 0o644)
	code, out, errOut := runCLI(t, "lint", "--exclude", "scratch", ".")
	if code != 0 || strings.Contains(out, "fixtures") || strings.Contains(out, "scratch") {
		t.Errorf("with exclude: exit %d, want 0 and no finding in the excluded folders\n%s%s", code, out, errOut)
	}
	// Run from a subfolder, the config's patterns stay relative to its folder.
	t.Chdir(filepath.Join(repo, "tests"))
	if code, _, errOut := runCLI(t, "lint", "--exclude", "../scratch", ".."); code != 2 || !strings.Contains(errOut, "cannot contain . or ..") {
		t.Errorf("--exclude ../scratch: exit %d, want 2 (patterns do not leave their folder)\n%s", code, errOut)
	}
	if code, out, errOut := runCLI(t, "lint", ".."); code != 1 || !strings.Contains(out, "scratch") || strings.Contains(out, "fixtures") {
		t.Errorf("from tests/, lint ..: exit %d, want 1 from scratch only\n%s%s", code, out, errOut)
	}
	// Everything excluded: the hint says why nothing was found.
	if code, _, errOut := runCLI(t, "lint", "--exclude", "*", "."); code != 0 || !strings.Contains(errOut, "exclude patterns leave some paths out") {
		t.Errorf("all excluded: exit %d\n%s", code, errOut)
	}
	// A path named explicitly is linted even though a pattern matches it.
	if code, out, _ := runCLI(t, "lint", "fixtures/skillmd/no-name"); code != 1 || !strings.Contains(out, "skillmd/name") {
		t.Errorf("lint of an excluded path named explicitly: exit %d, want 1\n%s", code, out)
	}
}

func TestLintExcludeBadPattern(t *testing.T) {
	isolateConfig(t)
	repo := exclusionRepo(t)
	t.Chdir(repo)
	if code, _, errOut := runCLI(t, "lint", "--exclude", "a/[b", "."); code != 2 || !strings.Contains(errOut, `--exclude: exclude pattern "a/[b": not a valid glob`) {
		t.Errorf("bad --exclude: exit %d, want 2\n%s", code, errOut)
	}
	os.WriteFile(filepath.Join(repo, ".skillstudio.yaml"), []byte("theme: dark\nexclude:\n  - fixtures/\n  - '!'\n"), 0o644)
	code, _, errOut := runCLI(t, "lint", ".")
	if want := ".skillstudio.yaml:4:5: exclude pattern \"!\": a ! pattern names nothing"; code != 2 || !strings.Contains(errOut, want) {
		t.Errorf("bad exclude: in the config: exit %d, want 2 and %q\n%s", code, want, errOut)
	}
}

// Every command that searches paths takes --exclude.
func TestExcludeFlagOnSearchingCommands(t *testing.T) {
	isolateConfig(t)
	repo := exclusionRepo(t)
	t.Chdir(repo)
	_, all, _ := runCLI(t, "list", "--json", ".")
	code, some, errOut := runCLI(t, "list", "--json", "--exclude", "tests/", "--exclude", "scratch/", ".")
	if code != 0 || strings.Count(some, `"name"`) >= strings.Count(all, `"name"`) || strings.Contains(some, "fixtures") {
		t.Errorf("list --exclude: exit %d\n%s%s", code, some, errOut)
	}
	for _, args := range [][]string{
		{"review", "--exclude", "tests/", "."},
		{"listing", "--exclude", "tests/", "."},
		{"route", "--exclude", "tests/", "notes", "."},
		{"build", "--exclude", "tests/", "-o", filepath.Join(t.TempDir(), "out"), "."},
	} {
		if code, out, errOut := runCLI(t, append(args, "--exclude", "[bad")...); code != 2 || !strings.Contains(errOut, "[bad") {
			t.Errorf("%s with a bad --exclude: exit %d, want 2\n%s%s", args[0], code, out, errOut)
		}
		if code, out, errOut := runCLI(t, args...); code == 2 {
			t.Errorf("%s --exclude: exit 2\n%s%s", args[0], out, errOut)
		}
	}
}
