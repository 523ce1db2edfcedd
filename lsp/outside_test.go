package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// A file opened outside the workspace folder is linted on its own, as
// `skillstudio lint FILE` would: a SKILL.md (or a file in its skill
// folder) with its skill read from the folder above, so the name is
// checked against the folder; an .xgs.js file alone. Its buffer, not the
// disk, is what is linted, fixes apply to it, and a file in no skill gets
// an empty list rather than nothing.
func TestFileOutsideTheWorkspaceIsLinted(t *testing.T) {
	tmp := t.TempDir()
	root := filepath.Join(tmp, "workspace")
	writeFiles(t, tmp, map[string]string{
		"workspace/ws/SKILL.md":            "---\nname: ws\ndescription: The workspace's own skill, clean for this test.\n---\n\n# WS\n",
		"elsewhere/broken/SKILL.md":        "---\nname: broken\ndescription: Clean on disk; the buffer is what is linted here.\n---\n\n# Broken\n",
		"elsewhere/broken/references/a.md": "# A\n",
		"elsewhere/notes/todo.md":          "# not a skill\n",
	})
	script := "// ==XGooseSkill==\n// @name lone\n// @namespace not-an-identifier\n// ==/XGooseSkill==\nexport async function search(q) {}\n"
	if err := os.WriteFile(filepath.Join(tmp, "elsewhere", "lone.xgs.js"), []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	c := newClient(t, root)

	rel := "../elsewhere/broken/SKILL.md"
	c.open(rel, brokenSkill)
	ds := c.waitFor(rel, hasCode("skillmd/description-colon"))
	if !hasCode("skillmd/name")(ds) || !hasCode("skillmd/link")(ds) {
		t.Errorf("outside SKILL.md: %s; want the name and the dead link too", codes(ds))
	}
	var actions []protocol.CodeAction
	c.call(protocol.MethodTextDocumentCodeAction, &protocol.CodeActionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: c.uri(rel)},
		Range:        protocol.Range{Start: protocol.Position{Line: 2}, End: protocol.Position{Line: 2}},
	}, &actions)
	var fixed string
	for _, a := range actions {
		if strings.Contains(a.Title, "skillmd/description-colon") && !strings.HasPrefix(a.Title, "Disable") {
			fixed = applyEdits(brokenSkill, a.Edit.Changes[c.uri(rel)])
		}
	}
	if !strings.Contains(fixed, `description: "Use when: testing the server"`) {
		t.Errorf("no working fix for the outside file: %+v", actions)
	}

	// Read from the folder above, the skill keeps its folder's name.
	c.change(rel, "---\nname: renamed\ndescription: Renamed in the buffer, so it no longer matches its folder.\n---\n\n# Broken\n")
	c.waitFor(rel, hasCode("skillmd/name-dir"))

	c.open("../elsewhere/lone.xgs.js", script)
	if ds := c.waitFor("../elsewhere/lone.xgs.js", hasCode("xgs/namespace")); len(ds) == 0 {
		t.Error("outside .xgs.js: no diagnostics")
	}

	c.open("../elsewhere/notes/todo.md", "# not a skill\n")
	c.waitFor("../elsewhere/notes/todo.md", func(ds []protocol.Diagnostic) bool { return len(ds) == 0 })

	// The workspace's own skill is still linted with the workspace.
	c.open("ws/SKILL.md", "---\nname: wrong\ndescription: The workspace's own skill, renamed in the buffer.\n---\n\n# WS\n")
	c.waitFor("ws/SKILL.md", hasCode("skillmd/name-dir"))
}
