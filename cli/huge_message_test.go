package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A finding that quotes a huge value of the skill (a 1 MB link target, an
// @match, a config schema's pattern) is clipped in every report format:
// each made a line of over 1 MB, twice that for the schema's pattern,
// in the terminal, a GitHub annotation and a SARIF result alike.
func TestHugeQuotedValuesAreClippedInEveryFormat(t *testing.T) {
	huge := strings.Repeat("a", 1<<20)
	dir := t.TempDir()
	write := func(name, text string) {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("md/SKILL.md", "---\nname: md\ndescription: Use when testing long links.\n---\n# T\n\n[l]("+huge+".md)\n")
	write("x.xgs.js", "// ==XGooseSkill==\n// @name x\n// @namespace x\n// @match "+huge+"\n// ==/XGooseSkill==\ndefineSkill({})\n")
	write("pkg/manifest.json", `{"id":"pkg","name":"P","version":"1.0.0","description":"d","entry":"module.ts"}`)
	write("pkg/module.ts", "export async function execute() {}\n")
	write("pkg/config-schema.json", `{"type":"object","properties":{"k":{"type":"string","pattern":"(`+huge+`"}}}`)
	for _, format := range []string{"text", "github", "sarif", "json"} {
		_, out, errOut := runCLI(t, "lint", "--format", format, dir)
		if !strings.Contains(out, "bytes more)") {
			t.Errorf("--format %s: no finding was clipped (stderr %.200s)", format, errOut)
		}
		for _, line := range strings.Split(out, "\n") {
			if len(line) > 16<<10 {
				t.Errorf("--format %s: a line of %d KB: %.120s", format, len(line)>>10, line)
			}
		}
	}
}
