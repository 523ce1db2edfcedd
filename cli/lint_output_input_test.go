package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A report or baseline named after a file lint reads as a skill's
// (SKILL.md, a reference, an .xgs.js, or a hard link to one) replaced
// the skill with the report. Refused now, naming the skill; a report of
// an earlier run inside a skill's folder (.sarif, .json) is still
// replaced, so re-running a CI step works.
func TestReportNeverReplacesALintedSkillsFile(t *testing.T) {
	isolateConfig(t)
	root := t.TempDir()
	skill := filepath.Join(root, "skills", "demo")
	skillMD := "---\nname: demo\ndescription: Use when testing report files over inputs.\n---\n# Demo\n\nSee [ref](ref.md).\n"
	write(t, filepath.Join(skill, "SKILL.md"), skillMD)
	write(t, filepath.Join(skill, "ref.md"), "# Ref\n")
	xgs := "// ==XGooseSkill==\n// @name tool\n// ==/XGooseSkill==\n"
	write(t, filepath.Join(root, "skills", "tool.xgs.js"), xgs)
	hard := filepath.Join(root, "hard.json")
	if err := os.Link(filepath.Join(skill, "ref.md"), hard); err != nil {
		t.Log("no hard links here:", err)
		hard = ""
	}
	lib := filepath.Join(root, "skills")
	targets := []string{
		filepath.Join(skill, "SKILL.md"),
		filepath.Join(skill, ".", "ref.md"),
		filepath.Join(root, "skills", "tool.xgs.js"),
	}
	if hard != "" {
		targets = append(targets, hard)
	}
	for _, target := range targets {
		for _, args := range [][]string{
			{"lint", "--output", "json=" + target, lib},
			{"lint", "--output", "sarif=" + target, lib},
			{"lint", "--write-baseline", target, lib},
		} {
			code, _, errOut := runBounded(t, 20*time.Second, args...)
			if code != 2 || !strings.Contains(errOut, "a file of the skill") {
				t.Errorf("%v: exit %d, stderr %q; want exit 2 naming the skill", args, code, errOut)
			}
		}
	}
	if got := readFile(t, filepath.Join(skill, "SKILL.md")); got != skillMD {
		t.Errorf("SKILL.md was replaced:\n%s", got)
	}
	if got := readFile(t, filepath.Join(skill, "ref.md")); got != "# Ref\n" {
		t.Errorf("ref.md was replaced:\n%s", got)
	}
	if got := readFile(t, filepath.Join(root, "skills", "tool.xgs.js")); got != xgs {
		t.Errorf("tool.xgs.js was replaced:\n%s", got)
	}
	// An earlier run's report in the skill's folder is written again.
	for _, args := range [][]string{
		{"lint", "--output", "sarif=" + filepath.Join(skill, "lint.sarif"), lib},
		{"lint", "--write-baseline", filepath.Join(skill, "baseline.json"), lib},
	} {
		for run := 0; run < 2; run++ {
			if code, _, errOut := runBounded(t, 20*time.Second, args...); strings.Contains(errOut, "a file of the skill") {
				t.Errorf("%v, run %d: exit %d, refused: %q", args, run+1, code, errOut)
			}
		}
	}
}
