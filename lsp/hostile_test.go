package lsp

import (
	"fmt"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// What the server sends back about a hostile skill — diagnostics, hover,
// the outline's symbol names — holds no escape, C1 control or bidi
// override: a terminal editor draws these strings as they come.
func TestHostileSkillTextNeverReachesTheEditorRaw(t *testing.T) {
	const osc52, title, c1, rlo = "\x1b]52;c;aGk=\x07", "\x1b]0;pwned\x07", "\u009b2J", "\u202e"
	root := t.TempDir()
	skill := "---\nname: ev" + osc52 + "il\ndescription: Use when " + title + c1 + rlo + " happens.\nquiz:\n  - title: T" + osc52 + "\n    questions:\n      - question: Q" + title + "?\n        options:\n          - label: yes\n            correct: true\n        onIncorrect:\n          - goto: H" + title + "\n---\n\n# H" + title + "\n\n# " + osc52 + "\n\n[x](gone" + rlo + ".md)\n"
	script := "// ==XGooseSkill==\n// @name x" + title + "\n// ==/XGooseSkill==\nexport async function s" + rlo + "(q) {}\n"
	writeFiles(t, root, map[string]string{"ev/SKILL.md": skill, "x.xgs.js": script})
	c := newClient(t, root)
	c.open("ev/SKILL.md", skill)
	c.open("x.xgs.js", script)
	var seen []any
	seen = append(seen, c.waitFor("ev/SKILL.md", func(ds []protocol.Diagnostic) bool { return len(ds) > 0 }))
	seen = append(seen, c.waitFor("x.xgs.js", func([]protocol.Diagnostic) bool { return true }))
	for line := uint32(0); line < 14; line++ {
		var h *protocol.Hover
		c.call(protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: c.uri("ev/SKILL.md")}, Position: protocol.Position{Line: line, Character: 14}}}, &h)
		seen = append(seen, h)
	}
	for _, rel := range []string{"ev/SKILL.md", "x.xgs.js"} {
		var syms []protocol.DocumentSymbol
		c.call(protocol.MethodTextDocumentDocumentSymbol, &protocol.DocumentSymbolParams{TextDocument: protocol.TextDocumentIdentifier{URI: c.uri(rel)}}, &syms)
		for _, s := range syms {
			if s.Name == "" {
				t.Errorf("%s: a symbol without a name", rel)
			}
		}
		seen = append(seen, syms)
	}
	out := fmt.Sprintf("%+v", seen)
	if !strings.Contains(out, "pwned") {
		t.Fatalf("the hostile text did not reach the answers at all: %s", out)
	}
	for _, bad := range []string{"\x1b", "\x07", "\u009b", "\u202e"} {
		if i := strings.Index(out, bad); i >= 0 {
			t.Errorf("%q reached the editor: %q", bad, out[max(0, i-60):min(len(out), i+60)])
		}
	}
}
