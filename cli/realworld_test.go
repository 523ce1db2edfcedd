package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
)

// TestRealWorldGolden lints and reviews hand-written skills in the shapes
// public repositories use (testdata/realworld: Claude Code plugins and
// marketplaces, .claude/.github/.codex/.cursor skill folders, a monorepo
// with symlinked shared folders, YAML and Markdown as people write them,
// modern .xgs.js, an OS Loop repository with workspaces, honest security
// skills). Each top-level folder is one repository, linted as a user would
// from inside it. Every finding in the golden file was checked against the
// specs; a change shows up in review (go test ./cli -run TestRealWorldGolden
// -update rewrites it).
func TestRealWorldGolden(t *testing.T) {
	var out strings.Builder
	for _, repo := range fixtureRepos(t, "realworld") {
		inFolder(t, repo, func() {
			for _, cmd := range [][]string{{"lint", "."}, {"review", "."}} {
				_, stdout, stderr := runCLI(t, cmd...)
				out.WriteString("=== " + filepath.Base(repo) + ": skillstudio " + strings.Join(cmd, " ") + "\n" + stdout + stderr)
			}
		})
	}
	golden.RequireEqual(t, []byte(out.String()))
}

// fixtureRepos lists the folders of testdata/name, each one repository,
// as absolute paths.
func fixtureRepos(t *testing.T, name string) []string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	var repos []string
	for _, e := range entries {
		if e.IsDir() {
			repos = append(repos, filepath.Join(root, e.Name()))
		}
	}
	return repos
}

// inFolder runs fn with dir as the working folder, as a user linting from
// inside a repository does, and comes back (golden files live beside the
// test, not in the fixture).
func inFolder(t *testing.T, dir string, fn func()) {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := os.Chdir(wd); err != nil {
			panic(err) // every later test would run in the fixture
		}
	}()
	fn()
}

// TestRealWorldShowGolden renders the real-world skills whose Markdown
// uses GitHub alerts, math, mermaid, footnotes, aligned tables, HTML,
// nested lists with code, Windows paths, CJK and a UTF-16 file with show at a narrow
// width in notty (show's style when piped): a table row cut off, a quoted
// word left without its bar or a backslash taken out of code shows here.
func TestRealWorldShowGolden(t *testing.T) {
	var out strings.Builder
	for _, skill := range []string{
		"markdown-features/skills/queueing-notes",
		"markdown-features/skills/evtx-format",
		"bilingual-digest/.claude/skills/expt-digest",
		"openclaw-basedir/skills/arch-risk",
		"html-templates/skills/brand-card",
		"html-templates/skills/handoff-doc",
		"i18n-skills/skills/commit-ja",
		"editor-encodings/skills/ps-notes",
		"generated-frontmatter/.claude/skills/web-kit",
		"roo-mode-skills/.roo/skills/task-planner",
		"codex-nested-areas/.codex/skills/system/local-review",
		"script-breadth/.claude/skills/hebrew-release-notes",
	} {
		for _, width := range []string{"56", "72"} {
			_, stdout, stderr := runCLI(t, "show", "--style", "notty", "--width", width, filepath.Join("testdata", "realworld", skill))
			out.WriteString("=== show --width " + width + " " + skill + "\n" + stdout + stderr)
		}
	}
	golden.RequireEqual(t, []byte(out.String()))
}
