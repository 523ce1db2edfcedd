package cli

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
)

// TestRealPluginsReviewGolden reviews hand-written Claude Code plugins and
// marketplaces in the shapes public repositories use (testdata/realplugins:
// flat and wrapped .mcp.json files, remote servers with and without
// headers, ${VAR} and ${VAR:-default} in env, headers and url, hooks in
// hooks.json and inline in plugin.json, hook scripts that call their own
// service or a local worker, commands and agents with !`…` lines, skills
// whose scripts read API keys and write under the home folder, a security
// plugin whose deny list quotes dangerous commands, and one hostile plugin).
// Each folder is one repository, reviewed from inside it as text and as
// JSON, with a golden file of its own; every finding in them was triaged
// (true, or a false positive fixed as a class). A change shows up in review
// (go test ./cli -run TestRealPluginsReviewGolden -update).
func TestRealPluginsReviewGolden(t *testing.T) {
	for _, repo := range fixtureRepos(t, "realplugins") {
		t.Run(filepath.Base(repo), func(t *testing.T) {
			var out []byte
			inFolder(t, repo, func() {
				for _, cmd := range [][]string{{"review", "."}, {"review", "--json", "."}} {
					code, stdout, stderr := runCLI(t, cmd...)
					out = append(out, "=== skillstudio "+strings.Join(cmd, " ")+" (exit "+strconv.Itoa(code)+")\n"+stdout+stderr...)
				}
			})
			golden.RequireEqual(t, out)
		})
	}
}
