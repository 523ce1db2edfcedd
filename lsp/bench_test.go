package lsp

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// bigSkill is a SKILL.md of about n lines: headings, prose, lists, code
// and links, like a long real skill.
func bigSkill(n int, tag string) string {
	var b strings.Builder
	b.WriteString("---\nname: big\ndescription: A long skill for the language server benchmark, " + tag + ".\n---\n\n# Big\n\n")
	for i := 0; b.Len() == 0 || strings.Count(b.String(), "\n") < n; i++ {
		fmt.Fprintf(&b, "## Section %d\n\nStep %d explains what to do, with a [link](#section-%d) and `code`.\n\n- item one\n- item two\n\n```sh\necho %d\n```\n\n", i, i, i, i)
	}
	return b.String()
}

// BenchmarkDiagnosticsAfterChange measures a keystroke to its
// diagnostics over the protocol: didChange on a 2,000-line SKILL.md until
// publishDiagnostics for that version arrives, with the default debounce
// an editor gets included.
func BenchmarkDiagnosticsAfterChange(b *testing.B) {
	root := b.TempDir()
	text := bigSkill(2000, "v0")
	writeFiles(b, root, map[string]string{"big/SKILL.md": text})
	c := newClientDebounced(b, root, 0)
	c.open("big/SKILL.md", text)
	c.waitFor("big/SKILL.md", func([]protocol.Diagnostic) bool { return true })
	if n := strings.Count(text, "\n"); n < 2000 {
		b.Fatalf("the fixture has %d lines", n)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c.waitVersion("big/SKILL.md", c.change("big/SKILL.md", bigSkill(2000, fmt.Sprint("v", i+1))))
	}
}

// BenchmarkDiagnosticsAfterChangeInLibrary is a keystroke in one small
// SKILL.md of a library of many skills (SKILLSTUDIO_BENCH_DIR, else 2,000
// generated here): the library's other skills are unchanged, so the cost
// should be the edited skill's, not the library's.
func BenchmarkDiagnosticsAfterChangeInLibrary(b *testing.B) {
	root := os.Getenv("SKILLSTUDIO_BENCH_DIR")
	if root == "" {
		root = b.TempDir()
		files := map[string]string{}
		for i := range 2000 {
			files[fmt.Sprintf("skills/s%04d/SKILL.md", i)] = fmt.Sprintf("---\nname: s%04d\ndescription: Skill %d of a big library, for the benchmark.\n---\n\n# S%d\n\nSee [the notes](#notes).\n\n## Notes\n\nNothing.\n", i, i, i)
		}
		writeFiles(b, root, files)
	}
	rel := "edited/SKILL.md"
	text := func(v int) string {
		return fmt.Sprintf("---\nname: edited\ndescription: The skill being typed, version %d.\n---\n\n# Edited\n\nStep %d.\n", v, v)
	}
	c := newClientDebounced(b, root, 0)
	c.open(rel, text(0))
	c.waitFor(rel, func([]protocol.Diagnostic) bool { return true })
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c.waitVersion(rel, c.change(rel, text(i+1)))
	}
}
