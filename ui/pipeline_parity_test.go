package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/registry"
)

// parityTree is an OS Loop repository whose index has a dangling entry
// and lists one name twice, beside two SKILL.md skills sharing a name,
// two look-alike ones and a mixed-spelling eval file.
func parityTree(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "tree")
	files := map[string]string{
		"repo/skills/index.json": `[
  {"name": "alpha", "folderPath": "skills/alpha", "version": "1.0.0", "description": "A", "author": "x", "tags": ["a"]},
  {"name": "alpha", "folderPath": "skills/alpha", "version": "1.0.0", "description": "A", "author": "x", "tags": []},
  {"name": "ghost", "folderPath": "skills/ghost", "version": "1.0.0", "description": "G", "author": "x", "tags": []}
]`,
		"repo/skills/alpha/manifest.json": `{"name": "alpha", "version": "1.0.0", "description": "A", "author": "x", "schemaVersion": "2.0"}`,
		"repo/skills/alpha/module.ts":     "export async function execute() { return {}; }\n",
		"one/twin/SKILL.md":               "---\nname: twin\ndescription: The first twin. Use it when testing.\n---\n\n# Twin\n",
		"one/twin-two/SKILL.md":           "---\nname: twin\ndescription: The second twin. Use it when testing.\n---\n\n# Twin\n",
		// The listing stage: look-alike descriptions and an eval file.
		"one/pdf-merge/SKILL.md":         "---\nname: pdf-merge\ndescription: Merge and combine PDF files into one document. Use when the user wants to merge PDFs.\n---\n\n# Merge\n",
		"one/pdf-combine/SKILL.md":       "---\nname: pdf-combine\ndescription: Combine and merge several PDF files into a single document. Use when asked to combine PDFs.\n---\n\n# Combine\n",
		"one/pdf-merge/evals/evals.json": `{"skill_name": "pdf-merge", "evals": [{"id": 1, "prompt": "a", "expectations": ["x"]}, {"id": 2, "prompt": "b", "assertions": ["y"]}]}`,
	}
	for p, text := range files {
		full := filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// finding is a diagnostic as both paths must agree on it.
func finding(where string, d model.Diagnostic) string {
	return fmt.Sprintf("%s: %s %s %s:%d:%d %s", where, d.Severity, d.Rule, d.File, d.Line, d.Column, d.Message)
}

// The CLI (registry.LoadSources, Opened.Load) and the studio run one load
// pipeline, so the same trees and config give the same skills and the
// same findings, library-level ones included.
func TestStudioAndCLILoadTheSame(t *testing.T) {
	tree := parityTree(t)
	cfg := &model.RuleConfig{Rules: map[string]model.Severity{
		"library/duplicate-name": model.SeverityWarning,
		"osloop/index-folder":    model.SeverityInfo,
	}}
	opts := model.Options{Profile: model.ProfileAll}

	// The CLI: the embedded examples and the tree, each as lint reads it.
	embedded := registry.Embedded().Load(t.Context(), opts, cfg)
	local, err := registry.LoadSources(t.Context(), []string{tree}, opts, cfg, registry.RemoteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var cli []string
	for _, lib := range []*model.Library{embedded, local} {
		for _, s := range lib.Skills {
			cli = append(cli, describeSkill(s)...)
		}
	}
	for _, d := range embedded.Diagnostics {
		cli = append(cli, finding("library", d))
	}
	for _, d := range local.Diagnostics {
		cli = append(cli, finding("library", d))
	}

	// The studio, one source per run so the library checks see the same
	// skills together as the CLI runs above.
	var studioSide []string
	for _, o := range []Options{{Examples: true}, {Sources: []string{tree}}} {
		o.Config, o.Profile = cfg, opts.Profile
		m := studio(t, o, 120, 40)
		for _, e := range m.lib.entries {
			studioSide = append(studioSide, describeSkill(e.Skill)...)
		}
		for _, s := range m.ld.sources {
			for _, d := range append(slices.Clone(s.notes), s.checked...) {
				if !s.embedded {
					d.File = s.opened.Base.Path(d.File) // LoadSources gives display paths
				}
				studioSide = append(studioSide, finding("library", d))
			}
		}
	}

	slices.Sort(cli)
	slices.Sort(studioSide)
	if a, b := strings.Join(cli, "\n"), strings.Join(studioSide, "\n"); a != b {
		t.Errorf("the CLI and the studio disagree\n--- CLI\n%s\n--- studio\n%s", a, b)
	}
	for _, want := range []string{"warning library/duplicate-name", "osloop/index-duplicate", "info osloop/index-folder", "library/description-overlap", "evals/mixed-spelling"} {
		if !strings.Contains(strings.Join(cli, "\n"), want) {
			t.Errorf("the fixture did not produce %q:\n%s", want, strings.Join(cli, "\n"))
		}
	}
}

// describeSkill is a skill's identity and findings, one line each.
func describeSkill(s *model.Skill) []string {
	where := fmt.Sprintf("%s %s %s [%s]", s.Location.Source, s.Location.File, s.Name, strings.Join(s.Keywords, ","))
	out := []string{where}
	for _, d := range s.Diagnostics {
		out = append(out, finding(where, d))
	}
	return out
}
