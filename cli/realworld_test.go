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
	root, err := filepath.Abs(filepath.Join("testdata", "realworld"))
	if err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		if err := os.Chdir(filepath.Join(root, e.Name())); err != nil {
			os.Chdir(wd)
			t.Fatal(err)
		}
		for _, cmd := range [][]string{{"lint", "."}, {"review", "."}} {
			_, stdout, stderr := runCLI(t, cmd...)
			out.WriteString("=== " + e.Name() + ": skillstudio " + strings.Join(cmd, " ") + "\n" + stdout + stderr)
		}
	}
	if err := os.Chdir(wd); err != nil {
		t.Fatal(err)
	}
	golden.RequireEqual(t, []byte(out.String()))
}
